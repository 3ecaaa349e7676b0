/*
 * conf_bad.h - the harness of the bad-input group (PRODUCT.md section 5),
 * shared by conf_bad_input.c (harness, group entry), conf_bad_tables.c
 * (the table of section 5 for both calls) and conf_bad_struct.c
 * (struct_size and smax_problem_init).
 *
 * Every case is one call of smax_softmax / smax_softmax_backward (and, where
 * it applies, smax_plan / smax_plan_backward) for one variant, with three
 * buffers: A and B hold data (and a canary), C is poisoned. Forward: x = A,
 * y = C. Backward: y = A, dy = B, dx = C. After a failing call nothing may
 * have changed (A and B as written, C all poison) and the context must
 * still work (conf_context_usable).
 */
#ifndef SMAX_CONF_BAD_H
#define SMAX_CONF_BAD_H

#include "conf.h"

#define BR 4
#define BC 8
#define BAD_CANARY 64
/* Room for BR x BC f32 elements and the canary, whatever the dtypes. */
#define BAD_BUF_BYTES ((size_t)BR * BC * 4 + BAD_CANARY)

typedef struct bad_env {
    smax_buffer a, b, c; /* a, b: data; c: poison                  */
    unsigned char a_img[BAD_BUF_BYTES], b_img[BAD_BUF_BYTES];
} bad_env;

/* One call as a case describes it. */
typedef struct bad_call {
    const conf_variant *v;
    int null_ctx, null_problem;
    smax_problem p;
    smax_buffer in0, in1, out; /* forward: x, -, y; backward: y, dy, dx */
    size_t off0, off1, off_out;
} bad_call;

/* A valid BR x BC dense call of v on the environment's buffers. */
bad_call bad_good_call(const bad_env *e, const conf_variant *v);

/* Runs the call (the plan too where `plan_too`) and asserts the status;
 * for a failure status also nothing written and the context usable. */
void bad_expect(conf_suite *s, const bad_env *e, const char *what,
                const bad_call *c, smax_status want);
void bad_expect_call(conf_suite *s, const bad_env *e, const char *what,
                     const bad_call *c, smax_status want);
void bad_expect_plan(conf_suite *s, const bad_env *e, const char *what,
                     const bad_call *c, int null_out, smax_status want);

/* Bytes of the dense BR x BC data of dtype t. */
size_t bad_data_bytes(smax_dtype t);

/* The tables (conf_bad_tables.c, conf_bad_struct.c), per variant. */
void bad_enums(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_sizes(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_pointers(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_ranges(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_overlaps(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_capabilities(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_order(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_empty(conf_suite *s, const bad_env *e, const conf_variant *v);
void bad_misaligned(conf_suite *s, const conf_variant *v);
void bad_struct_size(conf_suite *s, const bad_env *e, const conf_variant *v);
/* Once: smax_problem_make / smax_problem_init write what they should. */
void bad_problem_init(void);

#endif
