/*
 * conf_geometry.h - where a case's arrays lie (conf_geometry.c), for
 * conf_run.c: which buffer, which byte offset, which row stride and
 * element size, how large each buffer is, and the problem that describes
 * it; plus moving dense rows in and out of byte images of the buffers.
 */
#ifndef SMAX_CONF_GEOMETRY_H
#define SMAX_CONF_GEOMETRY_H

#include "conf.h"

#define CONF_MAX_ARRAYS 3
#define CONF_CANARY_BYTES 64 /* after the last array of each buffer */

typedef struct conf_array {
    const char *name; /* "x", "y", "dy", "dx"                  */
    int buf;          /* index of its buffer (0 .. n_buf - 1)  */
    size_t off;       /* bytes                                 */
    int64_t stride;   /* elements                              */
    smax_dtype t;
    size_t es;        /* element size                          */
    int input;        /* an input; k is then its conf_prep index */
    int k;
} conf_array;

typedef struct conf_geometry {
    int n_arr; /* 2 forward (x, y), 3 backward (y, dy, dx): the output last */
    conf_array a[CONF_MAX_ARRAYS];
    int n_buf;
    size_t bytes[CONF_MAX_ARRAYS];
} conf_geometry;

conf_geometry conf_geometry_of(const conf_case *c);
/* The problem of a case in that geometry (struct_size V1 for a version-1
 * layout, with garbage past it). */
smax_problem conf_problem_of(const conf_case *c, const conf_geometry *g);

/* Bytes from an array's first element to the end of its last. */
size_t conf_span(int64_t rows, int64_t cols, int64_t stride, size_t es);
/* Dense raw rows into a byte image at the array's place, and back. */
void conf_place_rows(unsigned char *img, const conf_array *a,
                     const void *dense, int64_t rows, int64_t cols);
void conf_take_rows(const unsigned char *img, const conf_array *a,
                    void *dense, int64_t rows, int64_t cols);
/* Which array's element or padding holds byte `at` of buffer b. */
void conf_where_is(const conf_geometry *g, const conf_case *c, int b,
                   size_t at, char *buf, size_t len);
/* One line naming the case: group, variant, label, shape, layout. */
void conf_describe(const conf_case *c, char *buf, size_t len);

#endif
