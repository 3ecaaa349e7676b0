/*
 * conf_layout.c - memory layouts (PRODUCT.md section 4, "layout") for every
 * variant: padded row strides (dy's its own), in place (forward y is x;
 * backward dx is dy, dx is y), dy the same memory as y or overlapping it,
 * base offsets that break 16-byte alignment, offsets that are not even a
 * multiple of the element size (correct through the library's slower
 * path), all arrays side by side in one buffer, buffers that end exactly
 * where the data ends (the last row needs no padding), and a version-1
 * problem (struct_size = SMAX_PROBLEM_SIZE_V1: dy's stride is y's).
 * conf_run.c checks every byte around the output.
 *
 * Exact aliasing needs equal element sizes: for pairs of different sizes
 * the aliasing layouts are not valid cases here (conf_bad_input.c asserts
 * their refusal).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

enum { FWD = 1, BWD = 2, BOTH = 3 };

typedef struct named_layout {
    const char *name;
    int dirs;
    int reversed; /* one buffer: the output first, the inputs after it */
    conf_layout l;
} named_layout;

/* Offsets of one-buffer layouts are gaps, resolved per shape. */
static const named_layout layouts[] = {
    {"dense", BOTH, 0, {0}},
    {"padded strides 3/5/1", BOTH, 0, {.x_pad = 3, .y_pad = 5, .dy_pad = 1}},
    {"padded strides 4/12/8", BOTH, 0, {.x_pad = 4, .y_pad = 12, .dy_pad = 8}},
    {"in place", BOTH, 0, {.alias = CONF_ALIAS_IN_PLACE}},
    {"in place, pad 3, offset 8", FWD, 0,
     {.x_pad = 3, .x_offset = 8, .alias = CONF_ALIAS_IN_PLACE}},
    {"dx is dy, dy pad 3, offset 8, y pad 1", BWD, 0,
     {.y_pad = 1, .dy_pad = 3, .dy_offset = 8, .alias = CONF_ALIAS_IN_PLACE}},
    {"dx is y, y pad 2, offset 4", BWD, 0,
     {.y_pad = 2, .y_offset = 4, .alias = CONF_ALIAS_DX_IS_Y}},
    {"dy is y, pads 1/3", BWD, 0, {.x_pad = 1, .y_pad = 3, .dy_is_y = 1}},
    {"dy is y and dx is y", BWD, 0,
     {.y_pad = 2, .dy_is_y = 1, .alias = CONF_ALIAS_DX_IS_Y}},
    {"dy overlaps y (2 elements on)", BWD, 0,
     {.dy_in_y_buffer = 1, .dy_offset = 2}},
    {"dy overlaps y (1 element on), pads 1", BWD, 0,
     {.y_pad = 1, .dy_pad = 1, .dy_in_y_buffer = 1, .dy_offset = 1}},
    /* The library stages operands at byte offsets; two operands that start
     * at one offset but differ in stride are two arrays, not one. */
    {"dy starts where y does, offset 3 bytes, pads 1/4", BWD, 0,
     {.y_pad = 1, .dy_pad = 4, .y_offset = 3, .dy_in_y_buffer = 1,
      .dy_offset = 0}},
    {"offsets 4/8/12", BOTH, 0,
     {.x_offset = 4, .y_offset = 8, .dy_offset = 12}},
    {"offsets 12/4/8, pads 1/2/3", BOTH, 0,
     {.x_pad = 1, .y_pad = 2, .dy_pad = 3, .x_offset = 12, .y_offset = 4,
      .dy_offset = 8}},
    {"offsets 2/6/10 (not 4-byte aligned)", BOTH, 0,
     {.x_offset = 2, .y_offset = 6, .dy_offset = 10}},
    {"offsets 1/3/5 (not element aligned), pads 3/1/2", BOTH, 0,
     {.x_pad = 3, .y_pad = 1, .dy_pad = 2, .x_offset = 1, .y_offset = 3,
      .dy_offset = 5}},
    {"in place at offset 2, pad 1", FWD, 0,
     {.x_pad = 1, .x_offset = 2, .alias = CONF_ALIAS_IN_PLACE}},
    {"dx is dy at offset 3, pad 1", BWD, 0,
     {.dy_pad = 1, .dy_offset = 3, .alias = CONF_ALIAS_IN_PLACE}},
    {"inputs then output in one buffer", BOTH, 0,
     {.x_pad = 2, .dy_pad = 1, .one_buffer = 1}},
    {"output then inputs in one buffer, gaps 6", BOTH, 1,
     {.y_pad = 3, .x_offset = 6, .y_offset = 6, .dy_offset = 6,
      .one_buffer = 1}},
    {"exact-size buffers, pads 3/2/1, offsets 4", BOTH, 0,
     {.x_pad = 3, .y_pad = 2, .dy_pad = 1, .x_offset = 4, .y_offset = 4,
      .dy_offset = 4, .exact_size = 1}},
    {"version-1 problem, y pad 3", BOTH, 0, {.y_pad = 3, .v1_problem = 1}},
};

static size_t span(int64_t rows, int64_t cols, int64_t pad, smax_dtype t)
{
    return (size_t)((rows - 1) * (cols + pad) + cols) * conf_esize(t);
}

/* Offsets of a one-buffer layout: each array after the one before it,
 * with 16 bytes plus its own offset as the gap. dy overlapping y lives at
 * y's offset plus dy_offset elements (whole elements, so y's values stay
 * values that y and dy share). */
static conf_layout resolve(const named_layout *nl, const conf_variant *v,
                           int64_t rows, int64_t cols)
{
    conf_layout l = nl->l;
    if (l.dy_in_y_buffer)
        l.dy_offset = l.y_offset + l.dy_offset * conf_esize(v->yt);
    if (!l.one_buffer)
        return l;
    /* The arrays in buffer order, with their spans and offset fields. */
    size_t *off[3];
    size_t len[3];
    int n = 0;
    if (!v->backward) {
        off[n] = &l.x_offset;
        len[n++] = span(rows, cols, l.x_pad, v->xt);
        off[n] = &l.y_offset;
        len[n++] = span(rows, cols, l.y_pad, v->yt);
    } else {
        off[n] = &l.y_offset;
        len[n++] = span(rows, cols, l.y_pad, v->yt);
        off[n] = &l.dy_offset;
        len[n++] = span(rows, cols, l.dy_pad, v->yt);
        off[n] = &l.x_offset;
        len[n++] = span(rows, cols, l.x_pad, v->xt);
    }
    size_t at = 0;
    for (int k = 0; k < n; ++k) {
        const int i = nl->reversed ? n - 1 - k : k;
        const size_t gap = *off[i] + (k ? 16 : 0);
        *off[i] = at + gap;
        at = *off[i] + len[i];
    }
    return l;
}

static int applies(const named_layout *nl, const conf_variant *v)
{
    if (!(nl->dirs & (v->backward ? BWD : FWD)))
        return 0;
    if (nl->l.alias != CONF_ALIAS_NONE &&
        conf_esize(v->xt) != conf_esize(v->yt))
        return 0; /* exact aliasing needs one element size */
    return 1;
}

static void run_layouts(conf_suite *s, const conf_variant *v, int64_t rows,
                        int64_t cols, const char *shape)
{
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    if (!x) {
        conf_skip("host memory", "[layout] %s %s", v->name, shape);
        return;
    }
    conf_fill(x, rows, cols, CONF_NORMAL_30, v->xt);
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; ++i) {
        if (!applies(&layouts[i], v))
            continue;
        for (int log_sm = 0; log_sm < 2; ++log_sm) {
            conf_case c;
            memset(&c, 0, sizeof c);
            c.group = "layout";
            c.v = v;
            snprintf(c.label, sizeof c.label, "%s, %s", shape,
                     layouts[i].name);
            c.rows = rows;
            c.cols = cols;
            c.flags = log_sm ? SMAX_FLAG_LOG : 0;
            c.scale = 1.0f;
            c.layout = resolve(&layouts[i], v, rows, cols);
            c.x = x;
            conf_run_all_algos(s, &c);
        }
    }
    free(x);
}

void conf_layouts(conf_suite *s)
{
    for (int i = 0; i < CONF_VARIANT_COUNT; ++i) {
        const conf_variant *v = &conf_variants[i];
        if (!conf_selected(s, v))
            continue;
        run_layouts(s, v, 5, 1, "1 col");
        run_layouts(s, v, 5, 7, "7 cols");
        run_layouts(s, v, 3, 64, "64 cols");
        run_layouts(s, v, 4, 1000, "1000 cols");
        int64_t chunks;
        int64_t cols = conf_cols_for_chunk_range(s, v, 2, 2, 3, 1 << 20,
                                                 &chunks);
        if (cols > 0) {
            char shape[64];
            snprintf(shape, sizeof shape, "%lld cols in %lld chunks",
                     (long long)cols + 5, (long long)chunks);
            run_layouts(s, v, 2, cols + 5, shape);
        } else {
            conf_skip("no 2-row multiblock plan of 2-3 chunks up to 2^20",
                      "[layout] %s multiblock-split rows", v->name);
        }
    }
}
