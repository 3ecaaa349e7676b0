/* context.c - context life cycle, error detail and introspection. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "plan.h"

/* Detail of the last failure that left no context to hold it (a failed
 * create), per thread; smax_last_error(NULL) returns it. */
static _Thread_local char orphan_error[4096];

int smax_context_valid(smax_context ctx)
{
    return ctx != NULL && ctx->magic == SMAX_CONTEXT_MAGIC;
}

smax_status smax_fail(smax_context ctx, smax_status status, const char *fmt,
                      ...)
{
    if (smax_context_valid(ctx)) {
        va_list args;
        va_start(args, fmt);
        vsnprintf(ctx->last_error, sizeof ctx->last_error, fmt, args);
        va_end(args);
    }
    return status;
}

void smax_clear_error(smax_context ctx)
{
    ctx->last_error[0] = '\0';
}

smax_status smax_context_new(smax_context *out)
{
    if (out == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out = NULL;
    smax_context ctx = calloc(1, sizeof *ctx);
    if (ctx == NULL)
        return SMAX_ERROR_OUT_OF_MEMORY;
    ctx->magic = SMAX_CONTEXT_MAGIC;
    *out = ctx;
    return SMAX_SUCCESS;
}

smax_status smax_context_finish(smax_context ctx)
{
    const char *reread = getenv("SMAX_TEST_REREAD");
    ctx->traits.test_reread = reread != NULL && strcmp(reread, "1") == 0;
    const char *split = getenv("SMAX_TEST_SPLIT");
    ctx->traits.test_split = split == NULL            ? 0
                             : strcmp(split, "1") == 0 ? 1
                             : strcmp(split, "2") == 0 ? 2
                                                       : 0;
    const char *deep = getenv("SMAX_TEST_DEEP_REGS");
    ctx->traits.test_deep_regs = deep != NULL && strcmp(deep, "1") == 0;
    const char *narrow = getenv("SMAX_TEST_NARROW_REGS");
    ctx->traits.test_narrow_regs = narrow != NULL && strcmp(narrow, "1") == 0;
    const char *off_grid = getenv("SMAX_TEST_OFF_GRID_REGS");
    ctx->traits.test_off_grid_regs =
        off_grid != NULL && strcmp(off_grid, "1") == 0;
    ctx->traits.stagger_rows = smax_stagger_rows(getenv("SMAX_STAGGER"));
    ctx->traits.max_cluster =
        smax_cluster_cap(ctx->traits.max_cluster, getenv("SMAX_CLUSTERS"));
    ctx->info.fused_max_cols = smax_fused_max_cols(ctx);
    smax_clear_error(ctx);
    return SMAX_SUCCESS;
}

smax_status smax_context_adopt(struct smax_backend *be,
                               smax_status (*init)(smax_context),
                               smax_context *out)
{
    smax_context ctx;
    smax_status st = smax_context_new(&ctx);
    if (st != SMAX_SUCCESS) {
        struct smax_context_s holder = {0};
        holder.backend = be;
        smax_backend_destroy(&holder);
        return st;
    }
    ctx->backend = be;
    st = init(ctx);
    if (st != SMAX_SUCCESS) {
        smax_backend_destroy(ctx);
        smax_context_delete(ctx);
        return st;
    }
    *out = ctx;
    return smax_context_finish(ctx);
}

void smax_context_delete(smax_context ctx)
{
    if (ctx->last_error[0] != '\0')
        memcpy(orphan_error, ctx->last_error, sizeof orphan_error);
    ctx->magic = 0;
    free(ctx);
}

SMAX_API smax_status smax_context_create(smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out_context = NULL; /* what a failed creation leaves */
    smax_context ctx;
    smax_status st = smax_context_new(&ctx);
    if (st != SMAX_SUCCESS)
        return st;
    st = smax_backend_create_default(ctx);
    if (st != SMAX_SUCCESS) {
        smax_context_delete(ctx);
        return st;
    }
    *out_context = ctx;
    return smax_context_finish(ctx);
}

/* A single-backend build holds one backend: it answers for its own name
 * and refuses the others as the `all` build refuses a backend whose plugin
 * is missing (NO_DEVICE), so an application falls back the same way on
 * either. */
SMAX_API smax_status smax_context_create_on_backend(const char *backend,
                                                    smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out_context = NULL;
    if (backend == NULL || strcmp(backend, SMAX_BACKEND_NAME) == 0)
        return smax_context_create(out_context);
    const int known = strcmp(backend, "cuda") == 0 ||
                      strcmp(backend, "hip") == 0 ||
                      strcmp(backend, "opencl") == 0;
    if (!known) {
        snprintf(orphan_error, sizeof orphan_error,
                 "'%s' is not a backend: cuda, hip or opencl", backend);
        return SMAX_ERROR_INVALID_VALUE;
    }
    snprintf(orphan_error, sizeof orphan_error,
             "this libsmax is the " SMAX_BACKEND_NAME " build: no %s backend "
             "in it (cmake -DBACKEND=all builds every backend)",
             backend);
    return SMAX_ERROR_NO_DEVICE;
}

SMAX_API smax_status smax_context_destroy(smax_context ctx)
{
    if (ctx == NULL)
        return SMAX_SUCCESS;
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_clear_error(ctx);
    if (ctx->scratch.handle != NULL)
        smax_backend_free(ctx, ctx->scratch);
    if (ctx->sync.handle != NULL)
        smax_backend_free(ctx, ctx->sync);
    smax_backend_destroy(ctx);
    smax_context_delete(ctx);
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_context_set_workspace(smax_context ctx,
                                               smax_buffer workspace,
                                               size_t offset, size_t bytes)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_clear_error(ctx);
    if (workspace == NULL) {
        if (offset != 0 || bytes != 0)
            return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                             "no workspace takes offset 0 and 0 bytes");
        ctx->has_workspace = 0;
        return SMAX_SUCCESS;
    }
    if (!smax_buffer_valid(workspace))
        return smax_fail(ctx, SMAX_ERROR_INVALID_HANDLE,
                         "the workspace is not a live buffer");
    if (workspace->context != ctx)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "the workspace belongs to another context");
    if (offset % SMAX_WORKSPACE_ALIGN != 0)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "workspace offset %zu is not a multiple of %d", offset,
                         SMAX_WORKSPACE_ALIGN);
    if (offset > workspace->bytes || bytes > workspace->bytes - offset)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "workspace [%zu, +%zu) passes the buffer's end (%zu)",
                         offset, bytes, workspace->bytes);
    /* Zeroed once here (the one-launch exchange reads the partial it
     * replaces); its sync area is zeroed again by every call that uses it. */
    const size_t words = bytes / sizeof(uint32_t) * sizeof(uint32_t);
    if (words > 0) {
        smax_status st = smax_backend_zero(ctx, workspace->mem, offset, words);
        if (st != SMAX_SUCCESS)
            return st;
    }
    /* The context's own areas are no longer needed. */
    if (ctx->scratch.handle != NULL)
        smax_backend_free(ctx, ctx->scratch);
    if (ctx->sync.handle != NULL)
        smax_backend_free(ctx, ctx->sync);
    ctx->scratch.handle = ctx->sync.handle = NULL;
    ctx->scratch_bytes = ctx->sync_bytes = 0;
    ctx->has_workspace = 1;
    ctx->workspace = workspace->mem;
    ctx->workspace_offset = offset;
    ctx->workspace_bytes = bytes;
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_synchronize(smax_context ctx)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    return smax_backend_synchronize(ctx);
}

SMAX_API const char *smax_last_error(smax_context ctx)
{
    if (ctx == NULL)
        return orphan_error;
    if (!smax_context_valid(ctx))
        return "invalid context";
    return ctx->last_error;
}

SMAX_API smax_status smax_device_info_get(smax_context ctx,
                                          smax_device_info *out_info)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    if (out_info == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out_info = ctx->info;
    return SMAX_SUCCESS;
}

SMAX_API const char *smax_backend_name(void)
{
    return SMAX_BACKEND_NAME;
}

SMAX_API const char *smax_version_string(void)
{
    return SMAX_VERSION_STRING;
}
