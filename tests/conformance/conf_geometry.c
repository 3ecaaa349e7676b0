/*
 * conf_geometry.c - where a case's arrays lie (see conf_geometry.h).
 *
 * Forward: x (x_pad, x_offset) -> y (y_pad, y_offset). Backward: y
 * (y_pad, y_offset) and dy (dy_pad, dy_offset) -> dx (x_pad, x_offset).
 * Each array has a buffer of its own unless the layout puts them together:
 * in place (forward y is x, backward dx is dy), dx is y, dy is y, dy in
 * y's buffer (overlapping it), or everything in one buffer. Each buffer
 * ends with a canary unless the layout asks for exact sizes.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "conf_geometry.h"

size_t conf_span(int64_t rows, int64_t cols, int64_t stride, size_t es)
{
    if (rows == 0 || cols == 0)
        return 0;
    return (size_t)((rows - 1) * stride + cols) * es;
}

static conf_array make_array(const char *name, int buf, size_t off,
                             int64_t stride, smax_dtype t, int input, int k)
{
    conf_array a = {name, buf, off, stride, t, conf_esize(t), input, k};
    return a;
}

conf_geometry conf_geometry_of(const conf_case *c)
{
    const conf_layout *l = &c->layout;
    const conf_variant *v = c->v;
    conf_geometry g;
    memset(&g, 0, sizeof g);
    const int64_t xs = c->cols + l->x_pad, ys = c->cols + l->y_pad;
    if (!v->backward) {
        g.n_arr = 2;
        g.a[0] = make_array("x", 0, l->x_offset, xs, v->xt, 1, 0);
        g.a[1] = make_array("y", l->one_buffer ? 0 : 1, l->y_offset, ys,
                            v->yt, 0, 0);
        if (l->alias == CONF_ALIAS_IN_PLACE) {
            g.a[1].buf = 0;
            g.a[1].off = l->x_offset;
            g.a[1].stride = xs;
        }
    } else {
        const int64_t dys = l->v1_problem ? ys : c->cols + l->dy_pad;
        g.n_arr = 3;
        g.a[0] = make_array("y", 0, l->y_offset, ys, v->yt, 1, 0);
        g.a[1] = make_array("dy", l->one_buffer || l->dy_in_y_buffer ? 0 : 1,
                            l->dy_offset, dys, v->yt, 1, 1);
        if (l->dy_is_y)
            g.a[1] = make_array("dy", 0, l->y_offset, ys, v->yt, 1, 1);
        g.a[2] = make_array("dx", l->one_buffer ? 0 : 2, l->x_offset, xs,
                            v->xt, 0, 0);
        if (l->alias == CONF_ALIAS_IN_PLACE) {
            g.a[2].buf = g.a[1].buf;
            g.a[2].off = g.a[1].off;
            g.a[2].stride = g.a[1].stride;
        } else if (l->alias == CONF_ALIAS_DX_IS_Y) {
            g.a[2].buf = g.a[0].buf;
            g.a[2].off = g.a[0].off;
            g.a[2].stride = g.a[0].stride;
        }
    }
    /* Number the buffers in use 0.. in order of first use. */
    int map[CONF_MAX_ARRAYS] = {-1, -1, -1};
    for (int i = 0; i < g.n_arr; ++i) {
        if (map[g.a[i].buf] < 0)
            map[g.a[i].buf] = g.n_buf++;
        g.a[i].buf = map[g.a[i].buf];
    }
    const size_t canary = l->exact_size ? 0 : CONF_CANARY_BYTES;
    for (int i = 0; i < g.n_arr; ++i) {
        const size_t end =
            g.a[i].off +
            conf_span(c->rows, c->cols, g.a[i].stride, g.a[i].es) + canary;
        if (end > g.bytes[g.a[i].buf])
            g.bytes[g.a[i].buf] = end;
    }
    return g;
}

smax_problem conf_problem_of(const conf_case *c, const conf_geometry *g)
{
    smax_problem p = smax_problem_make(c->rows, c->cols);
    p.x_dtype = c->v->xt;
    p.y_dtype = c->v->yt;
    p.algorithm = c->algo;
    p.flags = c->flags;
    p.scale = c->scale;
    if (!c->v->backward) {
        p.x_row_stride = g->a[0].stride;
        p.y_row_stride = g->a[1].stride;
    } else {
        p.y_row_stride = g->a[0].stride;
        p.dy_row_stride = g->a[1].stride;
        p.x_row_stride = g->a[2].stride;
    }
    if (c->layout.v1_problem) {
        /* A version-1 caller: the library must not read dy_row_stride. */
        p.struct_size = SMAX_PROBLEM_SIZE_V1;
        p.dy_row_stride = -12345;
    }
    return p;
}

/* Any (unaligned) offset: memcpy, never a typed access. */
void conf_place_rows(unsigned char *img, const conf_array *a,
                     const void *dense, int64_t rows, int64_t cols)
{
    const size_t row_bytes = (size_t)cols * a->es;
    for (int64_t r = 0; r < rows; ++r)
        memcpy(img + a->off + (size_t)(r * a->stride) * a->es,
               (const unsigned char *)dense + (size_t)r * row_bytes,
               row_bytes);
}

void conf_take_rows(const unsigned char *img, const conf_array *a,
                    void *dense, int64_t rows, int64_t cols)
{
    const size_t row_bytes = (size_t)cols * a->es;
    for (int64_t r = 0; r < rows; ++r)
        memcpy((unsigned char *)dense + (size_t)r * row_bytes,
               img + a->off + (size_t)(r * a->stride) * a->es, row_bytes);
}

void conf_where_is(const conf_geometry *g, const conf_case *c, int b,
                   size_t at, char *buf, size_t len)
{
    snprintf(buf, len, "outside every array (offset area or canary)");
    for (int i = 0; i < g->n_arr; ++i) {
        const conf_array *a = &g->a[i];
        const size_t span = conf_span(c->rows, c->cols, a->stride, a->es);
        if (a->buf != b || at < a->off || at >= a->off + span)
            continue;
        const size_t rel = (at - a->off) / a->es;
        const int64_t row = (int64_t)rel / a->stride,
                      col = (int64_t)rel % a->stride;
        snprintf(buf, len, "%s row %" PRId64 " %s %" PRId64, a->name, row,
                 col < c->cols ? "col" : "padding element", col);
        if (col < c->cols)
            return; /* an element beats padding of an overlapping array */
    }
}

void conf_describe(const conf_case *c, char *buf, size_t len)
{
    const conf_layout *l = &c->layout;
    static const char *alias_name[] = {"", " in-place", " dx-is-y"};
    snprintf(buf, len,
             "[%s] %s %s | %" PRId64 "x%" PRId64 " algo=%s flags=0x%x "
             "scale=%g xpad=%" PRId64 " ypad=%" PRId64 " xoff=%zu yoff=%zu"
             "%s%s%s%s%s",
             c->group, c->v->name, c->label, c->rows, c->cols,
             conf_algo_name(c->algo), c->flags, (double)c->scale, l->x_pad,
             l->y_pad, l->x_offset, l->y_offset, alias_name[l->alias],
             l->one_buffer ? " one-buffer" : "",
             l->dy_is_y ? " dy-is-y" : "",
             l->exact_size ? " exact-size" : "",
             l->v1_problem ? " v1-problem" : "");
    if (c->v->backward && !l->dy_is_y) {
        const size_t n = strlen(buf);
        snprintf(buf + n, len - n, " dypad=%" PRId64 " dyoff=%zu%s",
                 l->dy_pad, l->dy_offset,
                 l->dy_in_y_buffer ? " dy-in-y-buffer" : "");
    }
}
