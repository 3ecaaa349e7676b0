/*
 * test_loader.c - the BACKEND=all loader (loader/), one program linked once
 * against libsmax.so and run in several ways (tests/loader/CMakeLists.txt):
 *
 *   test_loader refuse TEXT...  no plugin can run (SMAX_BACKEND names no
 *                               backend, or SMAX_PLUGIN_DIR has no
 *                               plugins): context creation is NO_DEVICE
 *                               with each TEXT in smax_last_error(NULL);
 *                               no crash, no dynamic-linker failure; the
 *                               calls that need no plugin still work.
 *   test_loader run [BACKEND]   a context on the backend the loader picks
 *                               (SMAX_BACKEND, or the default order), or on
 *                               BACKEND named by smax_context_create_on_backend;
 *                               smax_backend_name() names it, a softmax is
 *                               right, the choice holds for the process.
 *                               Exit 77 where that backend finds no device.
 *   test_loader race            four threads make the process's first
 *                               contexts at once: one choice, made once
 *                               (CI's thread-sanitizer build could run it).
 *   test_loader single          a single-backend build (no loader):
 *                               smax_context_create_on_backend takes its
 *                               own name (and NULL), refuses another
 *                               backend with NO_DEVICE and a reason, and a
 *                               name that is no backend with INVALID_VALUE.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smax/smax.h"
#include "smax_reference.h"
#include "smax_tolerance.h"
#include "smax_test_context.h"

static int failures;

/* Vendor handle types are pointers; the loader's interop calls are declared
 * here as in common/interop_stubs.c, so this test needs no vendor header. */
smax_status smax_cuda_context_create(int device, void *stream,
                                     smax_context *out);
void *smax_cuda_stream(smax_context ctx);
smax_status smax_cuda_buffer_wrap(smax_context ctx, void *ptr, size_t bytes,
                                  smax_buffer *out);
smax_status smax_hip_context_create(int device, void *stream,
                                    smax_context *out);
void *smax_opencl_queue(smax_context ctx);

/* What works with no plugin at all. */
static void without_plugin(void)
{
    SMAX_CHECK(strcmp(smax_backend_name(), "none") == 0,
               "backend before any choice: '%s', want 'none'",
               smax_backend_name());
    SMAX_CHECK(strcmp(smax_version_string(), SMAX_VERSION_STRING) == 0,
               "version '%s'", smax_version_string());
    SMAX_CHECK(strcmp(smax_status_string(SMAX_ERROR_NO_DEVICE),
                      "SMAX_ERROR_NO_DEVICE") == 0,
               "status string");
    smax_problem p = smax_problem_make(3, 5);
    SMAX_CHECK(p.struct_size == sizeof p && p.rows == 3 &&
                   p.x_row_stride == 5 && p.scale == 1.0f,
               "smax_problem_make without a plugin");
    smax_plan_info plan;
    SMAX_CHECK(smax_plan(NULL, &p, &plan) == SMAX_ERROR_INVALID_HANDLE,
               "smax_plan(NULL) without a plugin");
    SMAX_CHECK(smax_context_destroy(NULL) == SMAX_SUCCESS &&
                   smax_buffer_free(NULL) == SMAX_SUCCESS &&
                   smax_buffer_size(NULL) == 0 &&
                   smax_synchronize(NULL) == SMAX_ERROR_INVALID_HANDLE,
               "NULL handles without a plugin");
    SMAX_CHECK(smax_cuda_stream(NULL) == NULL, "smax_cuda_stream(NULL)");
    smax_context ctx = (smax_context)&failures;
    SMAX_CHECK(smax_context_create_on_backend("metal", &ctx) ==
                       SMAX_ERROR_INVALID_VALUE &&
                   ctx == NULL &&
                   strstr(smax_last_error(NULL), "metal") != NULL,
               "an unknown backend name: %s", smax_last_error(NULL));
    SMAX_CHECK(smax_context_create(NULL) == SMAX_ERROR_INVALID_POINTER,
               "smax_context_create(NULL)");
}

static int refuse(int argc, char **argv)
{
    without_plugin();
    smax_context ctx = (smax_context)&failures; /* must come back NULL */
    const smax_status st = smax_context_create(&ctx);
    const char *why = smax_last_error(NULL);
    printf("smax_context_create: %s: %s\n", smax_status_string(st), why);
    SMAX_CHECK(st == SMAX_ERROR_NO_DEVICE, "status %s, want NO_DEVICE",
               smax_status_string(st));
    SMAX_CHECK(ctx == NULL, "a failed creation left a context");
    for (int i = 0; i < argc; ++i)
        SMAX_CHECK(strstr(why, argv[i]) != NULL, "'%s' is not in the reason",
                   argv[i]);
    SMAX_CHECK(strcmp(smax_backend_name(), "none") == 0,
               "a failed creation chose '%s'", smax_backend_name());
    /* An interop creation of a backend that cannot load: NO_DEVICE too. */
    if (getenv("SMAX_PLUGIN_DIR") != NULL) {
        const smax_status cu = smax_cuda_context_create(0, NULL, &ctx);
        SMAX_CHECK(cu == SMAX_ERROR_NO_DEVICE && ctx == NULL &&
                       strstr(smax_last_error(NULL), "libsmax-cuda") != NULL,
                   "smax_cuda_context_create without plugins: %s: %s",
                   smax_status_string(cu), smax_last_error(NULL));
    }
    printf("%d failures\n", failures);
    return failures != 0;
}

/* A 3 x 300 softmax against the float64 reference. */
static void softmax_is_right(smax_context ctx)
{
    enum { ROWS = 3, COLS = 300 };
    static float x[ROWS * COLS], y[ROWS * COLS], ref[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; ++i)
        x[i] = (float)sin(0.11 * i) * 6.0f;
    smax_buffer bx = NULL, by = NULL;
    smax_problem p = smax_problem_make(ROWS, COLS);
    smax_status st = smax_buffer_alloc(ctx, sizeof x, &bx);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_alloc(ctx, sizeof y, &by);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_write(ctx, bx, 0, x, sizeof x);
    if (st == SMAX_SUCCESS)
        st = smax_softmax(ctx, &p, bx, 0, by, 0);
    if (st == SMAX_SUCCESS)
        st = smax_buffer_read(ctx, by, 0, y, sizeof y);
    SMAX_CHECK(st == SMAX_SUCCESS, "softmax through the loader: %s: %s",
               smax_status_string(st), smax_last_error(ctx));
    smax_reference(x, ROWS, COLS, COLS, ref, COLS, 0, 1.0f);
    smax_check_result res;
    SMAX_CHECK(st != SMAX_SUCCESS || smax_check_output(x, COLS, y, COLS, ref,
                                                       COLS, ROWS, COLS, 0, 0,
                                                       &res),
               "the result against the float64 reference");
    smax_buffer_free(bx);
    smax_buffer_free(by);
}

static int run(const char *named)
{
    without_plugin();
    const char *env = getenv("SMAX_BACKEND");
    const char *want = named ? named : env && env[0] ? env : NULL;
    smax_context ctx = NULL;
    const smax_status st = named ? smax_context_create_on_backend(named, &ctx)
                                 : smax_context_create(&ctx);
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("SKIPPED: no %s device: %s\n", want ? want : "backend",
               smax_last_error(NULL));
        return failures ? 1 : 77;
    }
    SMAX_CHECK(st == SMAX_SUCCESS, "creation: %s: %s", smax_status_string(st),
               smax_last_error(NULL));
    if (st != SMAX_SUCCESS)
        return 1;
    const char *name = smax_backend_name();
    printf("backend %s (asked for: %s)\n", name, want ? want : "default");
    SMAX_CHECK(want == NULL || strcmp(name, want) == 0, "ran '%s', want '%s'",
               name, want);
    SMAX_CHECK(!strcmp(name, "cuda") || !strcmp(name, "hip") ||
                   !strcmp(name, "opencl"),
               "backend name '%s'", name);
    smax_device_info info;
    SMAX_CHECK(smax_device_info_get(ctx, &info) == SMAX_SUCCESS,
               "device info");
    printf("device: %s\n", info.name);
    softmax_is_right(ctx);

    /* The choice holds for the process: the same backend again works,
     * another one is refused with a reason, and so are its interop
     * calls; the running backend's own interop call answers. */
    smax_context again = NULL;
    SMAX_CHECK(smax_context_create_on_backend(name, &again) == SMAX_SUCCESS,
               "a second context on %s: %s", name, smax_last_error(NULL));
    smax_context_destroy(again);
    const char *other = strcmp(name, "cuda") == 0 ? "hip" : "cuda";
    smax_status o = smax_context_create_on_backend(other, &again);
    SMAX_CHECK(o == SMAX_ERROR_NOT_SUPPORTED && again == NULL &&
                   strstr(smax_last_error(NULL), name) != NULL,
               "naming %s after %s: %s: %s", other, name,
               smax_status_string(o), smax_last_error(NULL));
    o = strcmp(name, "cuda") == 0 ? smax_hip_context_create(0, NULL, &again)
                                  : smax_cuda_context_create(0, NULL, &again);
    SMAX_CHECK(o == SMAX_ERROR_NOT_SUPPORTED && again == NULL,
               "another backend's interop creation: %s",
               smax_status_string(o));
    if (strcmp(name, "cuda") != 0) {
        smax_buffer wrapped = NULL;
        o = smax_cuda_buffer_wrap(ctx, &again, 16, &wrapped);
        SMAX_CHECK(o == SMAX_ERROR_NOT_SUPPORTED && wrapped == NULL &&
                       strstr(smax_last_error(ctx), "cuda") != NULL,
                   "wrapping CUDA memory on %s: %s: %s", name,
                   smax_status_string(o), smax_last_error(ctx));
    }
    if (strcmp(name, "opencl") == 0)
        SMAX_CHECK(smax_opencl_queue(ctx) != NULL, "the context's cl queue");
    else
        SMAX_CHECK(smax_opencl_queue(ctx) == NULL,
                   "another backend's queue is NULL");
    SMAX_CHECK(smax_context_destroy(ctx) == SMAX_SUCCESS, "destroy");
    printf("%d failures\n", failures);
    return failures != 0;
}

enum { RACERS = 4 };
static pthread_barrier_t start_line;

typedef struct racer {
    smax_context ctx;
    smax_status st;
    const char *name;
} racer;

static void *race_one(void *arg)
{
    racer *r = arg;
    pthread_barrier_wait(&start_line);
    r->st = smax_context_create(&r->ctx);
    r->name = smax_backend_name();
    return NULL;
}

static int race(void)
{
    racer r[RACERS] = {{0}};
    pthread_t th[RACERS];
    pthread_barrier_init(&start_line, NULL, RACERS);
    for (int i = 0; i < RACERS; ++i)
        if (pthread_create(&th[i], NULL, race_one, &r[i]) != 0)
            return fprintf(stderr, "pthread_create failed\n"), 1;
    for (int i = 0; i < RACERS; ++i)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&start_line);
    if (r[0].st == SMAX_ERROR_NO_DEVICE) {
        for (int i = 1; i < RACERS; ++i)
            SMAX_CHECK(r[i].st == SMAX_ERROR_NO_DEVICE, "racer %d: %s", i,
                       smax_status_string(r[i].st));
        printf("SKIPPED: no device for any backend\n");
        return failures ? 1 : 77;
    }
    for (int i = 0; i < RACERS; ++i) {
        SMAX_CHECK(r[i].st == SMAX_SUCCESS && r[i].ctx != NULL,
                   "racer %d: %s", i, smax_status_string(r[i].st));
        SMAX_CHECK(strcmp(r[i].name, r[0].name) == 0 &&
                       strcmp(r[i].name, "none") != 0,
                   "racer %d saw backend '%s', racer 0 '%s'", i, r[i].name,
                   r[0].name);
        if (r[i].ctx != NULL)
            softmax_is_right(r[i].ctx);
        smax_context_destroy(r[i].ctx);
    }
    printf("%d threads chose %s; %d failures\n", RACERS, smax_backend_name(),
           failures);
    return failures != 0;
}

static int single(void)
{
    const char *own = smax_backend_name();
    SMAX_CHECK(!strcmp(own, "cuda") || !strcmp(own, "hip") ||
                   !strcmp(own, "opencl"),
               "backend name '%s'", own);
    smax_context ctx = (smax_context)&failures; /* must come back NULL */
    smax_status st = smax_context_create_on_backend("metal", &ctx);
    SMAX_CHECK(st == SMAX_ERROR_INVALID_VALUE && ctx == NULL &&
                   strstr(smax_last_error(NULL), "metal") != NULL,
               "a name that is no backend: %s: %s", smax_status_string(st),
               smax_last_error(NULL));
    const char *other = strcmp(own, "cuda") == 0 ? "opencl" : "cuda";
    ctx = (smax_context)&failures;
    st = smax_context_create_on_backend(other, &ctx);
    SMAX_CHECK(st == SMAX_ERROR_NO_DEVICE && ctx == NULL &&
                   strstr(smax_last_error(NULL), other) != NULL &&
                   strstr(smax_last_error(NULL), "BACKEND=all") != NULL,
               "another backend in the %s build: %s: %s", own,
               smax_status_string(st), smax_last_error(NULL));
    SMAX_CHECK(smax_context_create_on_backend(own, NULL) ==
                   SMAX_ERROR_INVALID_POINTER,
               "a NULL out pointer");
    st = smax_context_create_on_backend(own, &ctx);
    if (st == SMAX_ERROR_NO_DEVICE) {
        printf("SKIPPED (device part): no %s device: %s\n", own,
               smax_last_error(NULL));
        return failures ? 1 : 77;
    }
    SMAX_CHECK(st == SMAX_SUCCESS, "its own name: %s: %s",
               smax_status_string(st), smax_last_error(NULL));
    smax_context_destroy(ctx);
    st = smax_context_create_on_backend(NULL, &ctx);
    SMAX_CHECK(st == SMAX_SUCCESS, "NULL, the default: %s",
               smax_status_string(st));
    smax_context_destroy(ctx);
    printf("%d failures\n", failures);
    return failures != 0;
}

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc >= 2 && strcmp(argv[1], "refuse") == 0)
        return refuse(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "run") == 0)
        return run(argc >= 3 ? argv[2] : NULL);
    if (argc == 2 && strcmp(argv[1], "race") == 0)
        return race();
    if (argc == 2 && strcmp(argv[1], "single") == 0)
        return single();
    fprintf(stderr, "usage: %s refuse TEXT... | run [BACKEND] | race | single\n",
            argv[0]);
    return 2;
}
