/*
 * context.h - what the front end keeps per context and per buffer.
 */
#ifndef SMAX_COMMON_CONTEXT_H
#define SMAX_COMMON_CONTEXT_H

#include <stdarg.h>

#include "smax/smax.h"

struct smax_backend; /* defined by the backend of this build */

typedef struct smax_native_mem {
    void *handle; /* device pointer (CUDA/HIP) or cl_mem (OpenCL) */
} smax_native_mem;

/* Tuning facts the backend reports beside the public device info. */
typedef struct smax_device_traits {
    int is_cpu;                  /* work-items are CPU loop iterations  */
    uint32_t preferred_group;    /* group size for streaming kernels    */
    uint32_t max_local_dynamic;  /* bytes of dynamic on-chip memory     */
    int cooperative;             /* groups of a row may wait on each
                                    other (kernels/smax_cooperative.h) */
    int max_cluster;             /* groups a thread-block cluster may
                                    have; 0: no clusters
                                    (kernels/smax_cluster.h)           */
    int bulk_keep;               /* the one-launch kernels keep chunks
                                    by bulk copies (CUDA's sm_90 code,
                                    SMAX_BULK_KEEP in
                                    kernels/smax_onchip.h)             */
    int async_keep;              /* forward on-chip rows are kept by
                                    asynchronous copies (NVIDIA sm_80+,
                                    kernels/smax_onchip.h)             */
    uint64_t cache_bytes;        /* the device's last-level cache
                                    (kernels/smax_multiblock_reread.h) */
    uint64_t memory_bandwidth;   /* peak bytes a second of device
                                    memory by its clock and bus width;
                                    0: unknown (coop_groups_per_cu)    */
    uint32_t unit_local_bytes;   /* on-chip memory a compute unit
                                    shares among its resident groups;
                                    0: unknown (group_share_bytes)     */
    uint32_t group_local_reserved; /* of that, what the runtime takes
                                    for each group (CUDA: 1 KB)        */
    int carved_cache;            /* a compute unit's on-chip memory
                                    and its L1 cache share one store,
                                    split per launch (NVIDIA: CUDA, HIP
                                    on NVIDIA); a launch may ask for a
                                    share (plan->unit_groups)          */
    int test_reread;             /* SMAX_TEST_REREAD=1: one-launch rows
                                    re-read from the cache even where
                                    on-chip memory holds them (a test
                                    switch, for CPU devices' small
                                    rows)                              */
    int test_split;              /* SMAX_TEST_SPLIT=1: rows
                                    longer than the split kernel's
                                    registers hold take it on any device
                                    (a test switch: devices that never
                                    plan it, CPUs and CUDA, run it); 2:
                                    forward f32 rows take the wide one */
    int test_deep_regs;          /* SMAX_TEST_DEEP_REGS=1: every forward
                                    f32 or 16-bit row the deep register
                                    kernel holds takes it, on any device,
                                    in its wider forms too (a test
                                    switch: CPUs never plan it)        */
    int narrow_reg_lanes;        /* largest row slot, in lanes, of the
                                    rows the narrow register kernel may
                                    take (plan_fused_narrow; the backend
                                    says what its compiler ran fastest);
                                    0: none                            */
    int reread_keep_heads;       /* the one-launch re-read keeps each
                                    chunk's head on-chip where the tails
                                    then fit the cache (reread_geometry;
                                    the backend says where its kernels
                                    ran faster so)                     */
    int deep_reg_wide;           /* the deep register kernel's wider
                                    forms may be planned: f32 rows in
                                    groups of 256, rows of two 16-bit
                                    sides (plan_fused_deep; the backend
                                    says what its compiler ran fastest) */
    int test_narrow_regs;        /* SMAX_TEST_NARROW_REGS=1: every
                                    forward f32 row the narrow register
                                    kernel holds takes it, on any device
                                    (a test switch: CPUs never plan
                                    it)                                */
    int test_off_grid_regs;      /* SMAX_TEST_OFF_GRID_REGS=1: rows off
                                    the 16-byte grid keep the gradient
                                    exchange that holds registers, whose
                                    element-by-element chunks they then
                                    test (common/launch.c)             */
    int bwd_batch_keep_f32;      /* the gradient's device-memory
                                    exchange keeps f32 chunks by
                                    register batches, its 16-bit ones
                                    by asynchronous copies (NVIDIA's
                                    OpenCL: kernels/smax_backward_
                                    multiblock_onchip.h; exchange_
                                    stagger)                           */
    int stagger_rows;            /* SMAX_STAGGER=N: the device-memory
                                    exchanges (forward and gradient)
                                    stagger by N rows on any device (0:
                                    never; 1, the most waiting, is the
                                    tests' switch);
                                    -1 (unset): the planner's rule
                                    (exchange_stagger)                 */
} smax_device_traits;

struct smax_context_s {
    uint32_t magic;
    struct smax_backend *backend;
    smax_device_info info;
    smax_device_traits traits;
    smax_native_mem scratch; /* multi-block partials, grown on demand */
    size_t scratch_bytes;
    /* Groups of one launch that wait on each other
     * (kernels/smax_cooperative.h): the ticket counter and the flags,
     * zeroed when allocated, grown on demand. */
    smax_native_mem sync;
    size_t sync_bytes;
    uint32_t tickets_drawn; /* tickets taken from the counter, mod 2^32 */
    uint32_t epoch;         /* of the last cooperative launch           */
    /* The caller's workspace (smax_context_set_workspace), used instead
     * of the two areas above while has_workspace. */
    int has_workspace;
    smax_native_mem workspace;
    size_t workspace_offset, workspace_bytes;
    char last_error[4096];
};

struct smax_buffer_s {
    uint32_t magic;
    smax_context context;
    smax_native_mem mem;
    size_t bytes;
    int owned; /* 0 for wrapped native memory */
};

#define SMAX_CONTEXT_MAGIC 0x534d4158u /* "SMAX" */
#define SMAX_BUFFER_MAGIC 0x534d4246u  /* "SMBF" */

int smax_context_valid(smax_context ctx);
int smax_buffer_valid(smax_buffer buf);

/* Records a formatted detail for smax_last_error() and returns status. */
smax_status smax_fail(smax_context ctx, smax_status status, const char *fmt,
                      ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void smax_clear_error(smax_context ctx);

/* For the interop headers: an empty context for a backend to fill, and the
 * finishing step (fused limit, error reset) after it did. */
smax_status smax_context_new(smax_context *out);
smax_status smax_context_finish(smax_context ctx);
/* A context around backend state an interop call prepared: runs init (the
 * device queries), finishes the context, and on failure releases `be`
 * through smax_backend_destroy. */
smax_status smax_context_adopt(struct smax_backend *be,
                               smax_status (*init)(smax_context),
                               smax_context *out);
void smax_context_delete(smax_context ctx);
/* The checks every wrap of a caller's memory starts with (context, NULL
 * memory or out, zero bytes); *out is NULL after any but the first. */
smax_status smax_wrap_check(smax_context ctx, const void *memory,
                            size_t bytes, smax_buffer *out, const char *what);
/* A buffer handle around native memory the caller keeps owning. */
smax_status smax_buffer_wrap_native(smax_context ctx, void *handle,
                                    size_t bytes, smax_buffer *out);
/* A buffer handle that owns native memory a backend made for it (freed
 * with smax_backend_free, like an smax_buffer_alloc'd one). */
smax_status smax_buffer_adopt_native(smax_context ctx, void *handle,
                                     size_t bytes, smax_buffer *out);

#endif
