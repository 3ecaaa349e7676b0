/*
 * conf_layout.c - memory layouts (PRODUCT.md section 4, "layout"): padded
 * row strides, in place, base offsets that break 16-byte alignment, offsets
 * that are not even a multiple of the element size (correct through the
 * library's slower path), x and y side by side in one buffer, and buffers
 * that end exactly where the data ends (the last row needs no padding).
 * conf_run.c checks every byte around the output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conf.h"

typedef struct named_layout {
    const char *name;
    conf_layout l;
} named_layout;

/* y_offset of a same-buffer layout is filled in per shape (after x). */
static const named_layout layouts[] = {
    {"dense", {0, 0, 0, 0, 0, 0, 0}},
    {"padded strides 3/5", {3, 5, 0, 0, 0, 0, 0}},
    {"padded strides 4/12", {4, 12, 0, 0, 0, 0, 0}},
    {"in place", {0, 0, 0, 0, 1, 0, 0}},
    {"in place, pad 3, offset 8", {3, 0, 8, 0, 1, 0, 0}},
    {"offsets 4/8", {0, 0, 4, 8, 0, 0, 0}},
    {"offsets 12/4, pads 1/2", {1, 2, 12, 4, 0, 0, 0}},
    {"offsets 2/6 (not element aligned)", {0, 0, 2, 6, 0, 0, 0}},
    {"offsets 1/3, pads 3/1", {3, 1, 1, 3, 0, 0, 0}},
    {"in place at offset 2, pad 1", {1, 0, 2, 0, 1, 0, 0}},
    {"x then y in one buffer", {2, 0, 0, 0, 0, 1, 0}},
    {"y then x in one buffer, offsets 6", {0, 3, 0, 6, 0, 1, 0}},
    {"exact-size buffers, pads 3/2, offsets 4", {3, 2, 4, 4, 0, 0, 1}},
};

/* Places y after x (or x after y) for the same-buffer layouts. */
static conf_layout resolve(const named_layout *nl, int64_t rows, int64_t cols)
{
    conf_layout l = nl->l;
    if (!l.same_buffer)
        return l;
    const size_t x_span =
        (size_t)((rows - 1) * (cols + l.x_pad) + cols) * sizeof(float);
    const size_t y_span =
        (size_t)((rows - 1) * (cols + l.y_pad) + cols) * sizeof(float);
    if (l.y_offset == 0) {
        l.y_offset = l.x_offset + x_span + 16; /* x first */
    } else {
        const size_t y_first = l.y_offset;    /* y first, then x */
        l.y_offset = y_first;
        l.x_offset = y_first + y_span + 16;
    }
    return l;
}

static void run_layouts(conf_suite *s, int64_t rows, int64_t cols,
                        const char *shape)
{
    float *x = malloc(sizeof(float) * (size_t)(rows * cols));
    conf_fill(x, rows, cols, CONF_NORMAL_30);
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; ++i)
        for (int log_sm = 0; log_sm < 2; ++log_sm) {
            conf_case c;
            memset(&c, 0, sizeof c);
            c.group = "layout";
            snprintf(c.label, sizeof c.label, "%s, %s", shape,
                     layouts[i].name);
            c.rows = rows;
            c.cols = cols;
            c.flags = log_sm ? SMAX_FLAG_LOG : 0;
            c.scale = 1.0f;
            c.layout = resolve(&layouts[i], rows, cols);
            c.x = x;
            conf_run_all_algos(s, &c);
        }
    free(x);
}

void conf_layouts(conf_suite *s)
{
    run_layouts(s, 5, 1, "1 col");
    run_layouts(s, 5, 7, "7 cols");
    run_layouts(s, 3, 64, "64 cols");
    run_layouts(s, 4, 1000, "1000 cols");
    int64_t cols = conf_cols_for_chunks(s, 2, 3, 1 << 20);
    if (cols > 0) {
        char shape[64];
        snprintf(shape, sizeof shape, "%lld cols in 3 chunks",
                 (long long)cols + 5);
        run_layouts(s, 2, cols + 5, shape);
    } else {
        conf_skip("no 2-row multiblock plan of 3 chunks up to 2^20",
                  "[layout] multiblock-split rows");
    }
}
