/* A/B harness: K launches of smax_softmax on one shape, min and median of
 * R timed batches (wall), for the PoCL A/B; not part of the project. */
#include <smax/smax.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return (x > y) - (x < y); }
int main(int argc, char **argv) {
    long rows = atol(argv[1]), cols = atol(argv[2]); int dt = atoi(argv[3]); int K = atoi(argv[4]), R = atoi(argv[5]);
    smax_context c; if (smax_context_create(&c)) return 1;
    size_t es = dt == 0 ? 4 : 2, n = (size_t)rows * cols;
    smax_buffer bx, by; smax_buffer_alloc(c, n * es, &bx); smax_buffer_alloc(c, n * es, &by);
    unsigned short *h = malloc(n * es); srand(1);
    for (size_t i = 0; i < n * es / 2; ++i) h[i] = dt == 0 ? (unsigned short)(i & 1 ? 0x3f80 + (rand() & 0x7f) : rand()) : (unsigned short)(0x3e00 + (rand() & 0x3ff));
    smax_buffer_write(c, bx, 0, h, n * es);
    smax_problem p = smax_problem_make(rows, cols); p.x_dtype = p.y_dtype = (smax_dtype)dt;
    double t[64];
    for (int r = -1; r < R; ++r) {
        double t0 = now();
        for (int k = 0; k < K; ++k) if (smax_softmax(c, &p, bx, 0, by, 0)) { fprintf(stderr, "%s\n", smax_last_error(c)); return 1; }
        smax_synchronize(c);
        if (r >= 0) t[r] = (now() - t0) / K;
    }
    double u[64];
    for (int r = -1; r < R; ++r) {
        double t0 = now();
        for (int k = 0; k < K; ++k) smax_buffer_copy(c, by, 0, bx, 0, n * es);
        smax_synchronize(c);
        if (r >= 0) u[r] = (now() - t0) / K;
    }
    qsort(t, R, sizeof *t, cmp); qsort(u, R, sizeof *u, cmp);
    double gb = 2.0 * n * es / 1e9;
    printf("%ldx%ld dt%d %.2f GB/s %.1f %%copy (copy %.2f)\n", rows, cols, dt, gb / t[0], 100.0 * u[0] / t[0], gb / u[0]);
    return 0;
}
