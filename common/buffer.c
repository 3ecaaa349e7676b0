/* buffer.c - backend-neutral device buffers. */
#include <stdlib.h>

#include "backend.h"

int smax_buffer_valid(smax_buffer buf)
{
    return buf != NULL && buf->magic == SMAX_BUFFER_MAGIC &&
           smax_context_valid(buf->context);
}

static smax_status new_handle(smax_context ctx, smax_native_mem mem,
                              size_t bytes, int owned, smax_buffer *out)
{
    smax_buffer buf = calloc(1, sizeof *buf);
    if (buf == NULL)
        return smax_fail(ctx, SMAX_ERROR_OUT_OF_MEMORY, "host allocation");
    buf->magic = SMAX_BUFFER_MAGIC;
    buf->context = ctx;
    buf->mem = mem;
    buf->bytes = bytes;
    buf->owned = owned;
    *out = buf;
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_buffer_alloc(smax_context ctx, size_t bytes,
                                       smax_buffer *out)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    if (out == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "out_buffer is NULL");
    *out = NULL;
    if (bytes == 0)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE, "zero-byte buffer");
    if (bytes > ctx->info.max_alloc_bytes)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "%zu bytes exceed the device's largest allocation "
                         "(%llu bytes)",
                         bytes, (unsigned long long)ctx->info.max_alloc_bytes);
    smax_native_mem mem;
    smax_status st = smax_backend_alloc(ctx, bytes, &mem);
    if (st != SMAX_SUCCESS)
        return st;
    st = new_handle(ctx, mem, bytes, 1, out);
    if (st != SMAX_SUCCESS)
        smax_backend_free(ctx, mem);
    return st;
}

smax_status smax_wrap_check(smax_context ctx, const void *memory,
                            size_t bytes, smax_buffer *out, const char *what)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    if (out == NULL || memory == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER,
                         "NULL %s or out_buffer", what);
    *out = NULL;
    if (bytes == 0)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE, "zero-byte buffer");
    return SMAX_SUCCESS;
}

smax_status smax_buffer_wrap_native(smax_context ctx, void *handle,
                                    size_t bytes, smax_buffer *out)
{
    const smax_status st = smax_wrap_check(ctx, handle, bytes, out,
                                           "native memory");
    if (st != SMAX_SUCCESS)
        return st;
    smax_native_mem mem = {handle};
    return new_handle(ctx, mem, bytes, 0, out);
}

smax_status smax_buffer_adopt_native(smax_context ctx, void *handle,
                                     size_t bytes, smax_buffer *out)
{
    smax_native_mem mem = {handle};
    return new_handle(ctx, mem, bytes, 1, out);
}

SMAX_API smax_status smax_buffer_free(smax_buffer buf)
{
    if (buf == NULL)
        return SMAX_SUCCESS;
    if (!smax_buffer_valid(buf))
        return SMAX_ERROR_INVALID_HANDLE;
    if (buf->owned)
        smax_backend_free(buf->context, buf->mem);
    buf->magic = 0;
    free(buf);
    return SMAX_SUCCESS;
}

SMAX_API size_t smax_buffer_size(smax_buffer buf)
{
    return smax_buffer_valid(buf) ? buf->bytes : 0;
}

/* Checks a transfer's handles and range; nothing is touched on failure. */
static smax_status check_range(smax_context ctx, smax_buffer buf,
                               size_t offset, size_t bytes)
{
    if (!smax_buffer_valid(buf) || buf->context != ctx)
        return smax_fail(ctx, SMAX_ERROR_INVALID_HANDLE,
                         "buffer is invalid or belongs to another context");
    if (offset > buf->bytes || bytes > buf->bytes - offset)
        return smax_fail(ctx, SMAX_ERROR_INVALID_SIZE,
                         "range [%zu, +%zu) exceeds the %zu-byte buffer",
                         offset, bytes, buf->bytes);
    return SMAX_SUCCESS;
}

SMAX_API smax_status smax_buffer_write(smax_context ctx, smax_buffer dst,
                                       size_t dst_offset, const void *src,
                                       size_t bytes)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_status st = check_range(ctx, dst, dst_offset, bytes);
    if (st != SMAX_SUCCESS || bytes == 0)
        return st;
    if (src == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "src is NULL");
    return smax_backend_write(ctx, dst->mem, dst_offset, src, bytes);
}

SMAX_API smax_status smax_buffer_read(smax_context ctx, smax_buffer src,
                                      size_t src_offset, void *dst,
                                      size_t bytes)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_status st = check_range(ctx, src, src_offset, bytes);
    if (st != SMAX_SUCCESS || bytes == 0)
        return st;
    if (dst == NULL)
        return smax_fail(ctx, SMAX_ERROR_INVALID_POINTER, "dst is NULL");
    return smax_backend_read(ctx, src->mem, src_offset, dst, bytes);
}

SMAX_API smax_status smax_buffer_copy(smax_context ctx, smax_buffer dst,
                                      size_t dst_offset, smax_buffer src,
                                      size_t src_offset, size_t bytes)
{
    if (!smax_context_valid(ctx))
        return SMAX_ERROR_INVALID_HANDLE;
    smax_status st = check_range(ctx, dst, dst_offset, bytes);
    if (st == SMAX_SUCCESS)
        st = check_range(ctx, src, src_offset, bytes);
    if (st != SMAX_SUCCESS || bytes == 0)
        return st;
    if (src == dst && src_offset < dst_offset + bytes &&
        dst_offset < src_offset + bytes)
        return smax_fail(ctx, SMAX_ERROR_INVALID_VALUE,
                         "source and destination ranges overlap");
    return smax_backend_copy(ctx, dst->mem, dst_offset, src->mem, src_offset,
                             bytes);
}
