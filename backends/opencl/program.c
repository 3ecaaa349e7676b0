/* program.c - building the embedded kernels, once per (OpenCL context,
 * device, options) in the process. A failed build reports its log. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "opencl_backend.h"
#include "fault.h"

typedef struct cache_entry {
    cl_context context;
    cl_device_id device;
    char options[384];
    cl_program program;
    int refs;
    struct cache_entry *next;
} cache_entry;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static cache_entry *cache_head;

static smax_status build(smax_context ctx, const char *options,
                         cl_program *out)
{
    SMAX_FAULT_POINT(ctx, SMAX_FAULT_BUILD);
    struct smax_backend *be = ctx->backend;
    const char *src = smax_opencl_kernel_source;
    cl_int err;
    cl_program prog =
        clCreateProgramWithSource(be->context, 1, &src, NULL, &err);
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, "clCreateProgramWithSource");
    err = clBuildProgram(prog, 1, &be->device, options, NULL, NULL);
    if (err != CL_SUCCESS) {
        char log[3000] = "";
        clGetProgramBuildInfo(prog, be->device, CL_PROGRAM_BUILD_LOG,
                              sizeof log - 1, log, NULL);
        clReleaseProgram(prog);
        return smax_fail(ctx, SMAX_ERROR_BACKEND,
                         "building the OpenCL kernels with \"%s\" failed "
                         "(%s):\n%s",
                         options, smax_cl_error_string(err), log);
    }
    *out = prog;
    return SMAX_SUCCESS;
}

smax_status smax_cl_program_get(smax_context ctx, const char *options,
                                cl_program *out)
{
    struct smax_backend *be = ctx->backend;
    smax_status st = SMAX_SUCCESS;
    pthread_mutex_lock(&cache_lock);
    cache_entry *e = cache_head;
    while (e != NULL && !(e->context == be->context &&
                          e->device == be->device &&
                          strcmp(e->options, options) == 0))
        e = e->next;
    if (e == NULL) {
        e = calloc(1, sizeof *e);
        if (e == NULL) {
            st = smax_fail(ctx, SMAX_ERROR_OUT_OF_MEMORY, "host allocation");
        } else if ((st = build(ctx, options, &e->program)) != SMAX_SUCCESS) {
            free(e);
            e = NULL;
        } else {
            e->context = be->context;
            e->device = be->device;
            strncpy(e->options, options, sizeof e->options - 1);
            e->next = cache_head;
            cache_head = e;
        }
    }
    if (e != NULL) {
        e->refs++;
        *out = e->program;
    }
    pthread_mutex_unlock(&cache_lock);
    return st;
}

void smax_cl_program_put(cl_program program)
{
    pthread_mutex_lock(&cache_lock);
    for (cache_entry **link = &cache_head; *link != NULL;
         link = &(*link)->next) {
        cache_entry *e = *link;
        if (e->program != program)
            continue;
        if (--e->refs == 0) {
            *link = e->next;
            clReleaseProgram(e->program);
            free(e);
        }
        break;
    }
    pthread_mutex_unlock(&cache_lock);
}
