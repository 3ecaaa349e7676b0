/*
 * smax.h - softmax and log-softmax over matrix rows on any GPU vendor.
 *
 * This is the only header an application needs. It is C99, usable from C++,
 * and includes no vendor header: the same source builds against the CUDA,
 * HIP and OpenCL builds of libsmax, which export the same C ABI.
 * Typed interop with native streams, queues and memory lives in
 * smax_cuda.h, smax_hip.h and smax_opencl.h.
 *
 * All work is asynchronous on the context's stream/queue unless a function
 * says it blocks; smax_synchronize() waits for everything enqueued.
 *
 * Threads: every function may be called from any thread. Calls on
 * distinct contexts (and their buffers) may run at the same time on any
 * threads. One context, and the buffers made on it, is used by one thread
 * at a time: the caller orders the calls on one context (a mutex, or
 * handing the context from thread to thread), as for a cuBLAS or cuDNN
 * handle; smax takes no lock of its own per call. Library-wide state (the
 * OpenCL program cache) is locked inside. smax_last_error(ctx) belongs to
 * the context; smax_last_error(NULL) to the calling thread. The test is
 * tests/threads/test_threads.c, run under ThreadSanitizer in CI.
 */
#ifndef SMAX_SMAX_H
#define SMAX_SMAX_H

#include <stddef.h>
#include <stdint.h>

#include "smax/smax_export.h"
#include "smax/smax_version.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status ------------------------------------------------------------ */

typedef enum smax_status {
    SMAX_SUCCESS = 0,
    SMAX_ERROR_INVALID_HANDLE = 1,  /* NULL or destroyed context/buffer      */
    SMAX_ERROR_INVALID_VALUE = 2,   /* unknown dtype/algorithm/flag, bad scale */
    SMAX_ERROR_INVALID_SIZE = 3,    /* negative sizes, overflow, stride < cols,
                                       buffer too small                      */
    SMAX_ERROR_INVALID_POINTER = 4, /* NULL buffer or out pointer with work   */
    SMAX_ERROR_NOT_SUPPORTED = 5,   /* valid request this device/build cannot
                                       run; smax_last_error() says why       */
    SMAX_ERROR_OUT_OF_MEMORY = 6,
    SMAX_ERROR_NO_DEVICE = 7,       /* no device of this backend is present  */
    SMAX_ERROR_BACKEND = 8          /* the vendor runtime failed; see
                                       smax_last_error()                     */
} smax_status;

/* A fixed English name for a status, e.g. "SMAX_ERROR_INVALID_SIZE". */
SMAX_API const char *smax_status_string(smax_status status);

/* ---- enums and flags ----------------------------------------------------- */

typedef enum smax_dtype {
    SMAX_DTYPE_F32 = 0,
    SMAX_DTYPE_F16 = 1,
    SMAX_DTYPE_BF16 = 2
} smax_dtype;

typedef enum smax_algorithm {
    SMAX_ALGO_AUTO = 0,      /* chosen from the shape and device limits      */
    SMAX_ALGO_FUSED = 1,     /* one pass, the row kept on-chip               */
    SMAX_ALGO_ONLINE = 2,    /* two passes with a running (max, sum)         */
    SMAX_ALGO_MULTIBLOCK = 3 /* per-chunk partials, merge, normalize         */
} smax_algorithm;

/* Log-softmax instead of softmax. */
#define SMAX_FLAG_LOG 0x1u
/* Rows whose every element is -inf give 0 instead of NaN. */
#define SMAX_FLAG_MASKED_ROWS_ZERO 0x2u
#define SMAX_FLAG_ALL (SMAX_FLAG_LOG | SMAX_FLAG_MASKED_ROWS_ZERO)

/* ---- opaque handles ----------------------------------------------------- */

typedef struct smax_context_s *smax_context;
typedef struct smax_buffer_s *smax_buffer;

/* ---- library and context ------------------------------------------------ */

/* "cuda", "hip" or "opencl": the backend that runs. A single-backend build
 * (cmake -DBACKEND=cuda|hip|opencl) always names its own. The build with
 * every backend (-DBACKEND=all: libsmax.so loads libsmax-<backend>.so at
 * run time) names the one this process chose at its first successful
 * context creation, and "none" before one was chosen. */
SMAX_API const char *smax_backend_name(void);
/* The version of the library actually linked, e.g. "0.1.0". */
SMAX_API const char *smax_version_string(void);

/* Context on the default device (OpenCL: first GPU, else first device, or
 * the device named by SMAX_OPENCL_DEVICE; CUDA/HIP: current device) with a
 * stream/queue of its own. Returns SMAX_ERROR_NO_DEVICE where there is none;
 * on any failure *out_context is NULL. */
SMAX_API smax_status smax_context_create(smax_context *out_context);
/* The same on a named backend: "cuda", "hip" or "opencl" (NULL: as
 * smax_context_create). Any other name is SMAX_ERROR_INVALID_VALUE.
 *
 * A single-backend build accepts its own name only; another backend's name
 * gives SMAX_ERROR_NO_DEVICE (no device of that backend is reachable
 * through this library), with the reason in smax_last_error(NULL).
 *
 * The -DBACKEND=all build picks its backend plugin when a context is first
 * created, once per process: this call's name; else, for
 * smax_context_create, the environment variable SMAX_BACKEND
 * (cuda|hip|opencl); else the first of cuda, hip, opencl whose plugin loads
 * and finds a device. A plugin or driver that is missing gives
 * SMAX_ERROR_NO_DEVICE with what was tried and why in
 * smax_last_error(NULL), never a failure of the dynamic linker. Once a
 * backend runs, every context of the process is on it (the handles of one
 * plugin mean nothing to another): naming another one is then
 * SMAX_ERROR_NOT_SUPPORTED. Plugins are looked for beside libsmax.so, then
 * on the dynamic linker's search path; SMAX_PLUGIN_DIR names the one
 * folder to look in instead. */
SMAX_API smax_status smax_context_create_on_backend(const char *backend,
                                                    smax_context *out_context);
/* Waits for the context's queue, then frees it. NULL is allowed. */
SMAX_API smax_status smax_context_destroy(smax_context context);
/* Blocks until all work enqueued on the context has finished. */
SMAX_API smax_status smax_synchronize(smax_context context);

/* Workspace. Some plans need device memory beside the operands
 * (smax_plan_info.scratch_bytes: multi-block partials, the flags of
 * one-launch rows). By default the context allocates it at the first call
 * that needs it and keeps it, growing it when a larger plan comes: an
 * allocation inside that call, and on CUDA/HIP a free that waits for the
 * device. Offsets that are not a multiple of the element size also copy
 * through temporaries allocated per call.
 *
 * smax_context_set_workspace(ctx, buffer, offset, bytes) hands the context
 * `bytes` of `buffer` (made on ctx) from `offset` (a multiple of 256)
 * instead. From then on smax_softmax and smax_softmax_backward allocate
 * nothing, free nothing and never wait on the host: everything they do is
 * enqueued on the context's stream/queue, which makes them safe to capture
 * into a CUDA or HIP graph. A call whose plan needs more than `bytes`
 * fails with SMAX_ERROR_INVALID_SIZE, and one with an offset that is not a
 * multiple of its element size with SMAX_ERROR_NOT_SUPPORTED; neither
 * enqueues or writes anything. Setting a workspace enqueues its zeroing and
 * frees the context's own areas (that may wait for the device). The
 * buffer must stay allocated, and untouched by the caller while work that
 * uses it is queued, until the context is destroyed or another workspace
 * (or none) is set. buffer NULL (with offset and bytes 0) returns to the
 * context's own areas. One workspace serves one context at a time. */
SMAX_API smax_status smax_context_set_workspace(smax_context context,
                                               smax_buffer workspace,
                                               size_t offset, size_t bytes);

/* Detail of the last failure on this context (build log, vendor error
 * string, the reason behind SMAX_ERROR_NOT_SUPPORTED); "" if none. Valid
 * until the next call on the context. With NULL: the detail of this
 * thread's last failed context creation. */
SMAX_API const char *smax_last_error(smax_context context);

typedef struct smax_device_info {
    char name[256];             /* device name as the vendor reports it    */
    char vendor[128];
    uint64_t global_mem_bytes;
    uint64_t max_alloc_bytes;   /* largest single buffer                   */
    uint32_t compute_units;
    uint32_t max_group_size;
    uint64_t local_mem_bytes;   /* on-chip memory one group may use        */
    int64_t fused_max_cols;     /* longest f32 row the forward fused
                                   kernel holds on-chip; f16 and bf16
                                   rows, kept as their 16-bit bits, fit
                                   at least twice as long (smax_plan
                                   says exactly)                         */
    int supports_f16;           /* dtype supported by this build+device    */
    int supports_bf16;
} smax_device_info;

SMAX_API smax_status smax_device_info_get(smax_context context,
                                          smax_device_info *out_info);

/* ---- device memory -------------------------------------------------------
 * Buffers are backend-neutral; offsets are in bytes. Reads and writes block
 * until the data has arrived; copies are enqueued like any other work. */

SMAX_API smax_status smax_buffer_alloc(smax_context context, size_t bytes,
                                       smax_buffer *out_buffer);
/* Frees a buffer (a wrapped one releases only smax's handle). NULL allowed. */
SMAX_API smax_status smax_buffer_free(smax_buffer buffer);
SMAX_API size_t smax_buffer_size(smax_buffer buffer);
SMAX_API smax_status smax_buffer_write(smax_context context, smax_buffer dst,
                                       size_t dst_offset, const void *src,
                                       size_t bytes);
SMAX_API smax_status smax_buffer_read(smax_context context, smax_buffer src,
                                      size_t src_offset, void *dst,
                                      size_t bytes);
SMAX_API smax_status smax_buffer_copy(smax_context context, smax_buffer dst,
                                      size_t dst_offset, smax_buffer src,
                                      size_t src_offset, size_t bytes);

/* A buffer over `bytes` of the caller's host memory at host_ptr, without
 * copying where the device can use it in place (OpenCL: a cl_mem made with
 * CL_MEM_USE_HOST_PTR; on CPU devices such as PoCL's the kernels work on
 * host_ptr itself; a host_ptr aligned to 128 bytes avoids a copy there).
 * The memory must stay allocated until the buffer is freed, and the caller
 * must not touch it while work on the buffer is queued. smax_buffer_free of
 * such a buffer waits for that work and leaves the results in host memory.
 * The CUDA and HIP builds return SMAX_ERROR_NOT_SUPPORTED (their kernels
 * take device memory: write the data with smax_buffer_write). */
SMAX_API smax_status smax_buffer_wrap_host(smax_context context,
                                           void *host_ptr, size_t bytes,
                                           smax_buffer *out_buffer);

/* ---- the problem ----------------------------------------------------------
 *
 * How the description grows without breaking callers: struct_size, its
 * first field, holds sizeof(smax_problem) as the caller was compiled. The
 * library reads only the fields that lie inside struct_size and gives the
 * ones past it their defaults, so an application built against an older
 * smax.h keeps working with a newer library, and the same source rebuilt
 * gets the new fields. Fields are only ever appended. Always initialise a
 * problem with smax_problem_make() (or smax_problem_init() through an FFI),
 * then set what differs. A struct_size smaller than SMAX_PROBLEM_SIZE_V1
 * or larger than the library's own is SMAX_ERROR_INVALID_VALUE.
 *
 * dtypes: x and y each f32, f16 or bf16 (any of the nine pairs); the
 * arithmetic is f32 throughout and 16-bit outputs are rounded to nearest
 * even (f16 overflow gives inf, NaN stays NaN). */

typedef struct smax_problem {
    size_t struct_size;   /* sizeof(smax_problem) as the caller knew it    */
    int64_t rows;
    int64_t cols;
    int64_t x_row_stride; /* elements between row starts of x (>= cols);
                             the backward call's dx                       */
    int64_t y_row_stride; /* elements between row starts of y (>= cols)    */
    smax_dtype x_dtype;   /* x, and dx in the backward call               */
    smax_dtype y_dtype;   /* y, and y and dy in the backward call         */
    smax_algorithm algorithm;
    uint32_t flags;       /* SMAX_FLAG_*                                    */
    float scale;          /* x is multiplied by this before the softmax
                             (temperature 1/T); must be finite             */
    /* ---- end of version 1 (SMAX_PROBLEM_SIZE_V1) ---- */
    int64_t dy_row_stride; /* backward: elements between row starts of dy;
                              default (and for version-1 callers):
                              y_row_stride                                */
} smax_problem;

/* The smallest struct_size the library accepts: the fields of version 1. */
#define SMAX_PROBLEM_SIZE_V1 offsetof(smax_problem, dy_row_stride)

/* Fills the first struct_size bytes of *problem: a dense softmax of rows x
 * cols, f32 in and out, strides = cols, auto, flags 0, scale 1. */
SMAX_API void smax_problem_init(smax_problem *problem, size_t struct_size,
                                int64_t rows, int64_t cols);

/* The same as a value, with struct_size = sizeof(smax_problem) of the
 * header the caller compiles against. */
static inline smax_problem smax_problem_make(int64_t rows, int64_t cols)
{
    smax_problem p;
    smax_problem_init(&p, sizeof p, rows, cols);
    return p;
}

/* y = softmax(scale * x) (or log-softmax) over each row. x and y may be the
 * same buffer at the same offset with the same stride and element size (in
 * place); any other overlap is SMAX_ERROR_INVALID_VALUE. Asynchronous. On
 * any failure nothing is enqueued or written. rows == 0 or cols == 0
 * returns SMAX_SUCCESS at once and allows NULL buffers. */
SMAX_API smax_status smax_softmax(smax_context context,
                                  const smax_problem *problem,
                                  smax_buffer x, size_t x_offset,
                                  smax_buffer y, size_t y_offset);

/* The gradient of smax_softmax(problem) with respect to x, per row:
 *   softmax:      dx = scale * y * (dy - sum(y * dy))
 *   log-softmax:  dx = scale * (dy - exp(y) * sum(dy))      (SMAX_FLAG_LOG)
 * where y is the forward output and dy the gradient of the loss with
 * respect to y. y and dy are of problem->y_dtype with row strides
 * y_row_stride and dy_row_stride; dx is of problem->x_dtype with row stride
 * x_row_stride; sums are accumulated in f32 in a fixed order. dx may be the
 * same memory as dy or as y (same buffer, offset, stride and element
 * size); y and dy may overlap each other in any way; any other overlap with
 * dx is SMAX_ERROR_INVALID_VALUE. A row whose sum is not finite (a NaN or
 * an infinity in y or dy; for log-softmax y = -inf is a 0 probability and
 * fine) gives NaN for the whole row. SMAX_FLAG_MASKED_ROWS_ZERO does not
 * change the formula (a softmax row that the forward masked to zeros gets
 * dx = 0 from it). Same checks, statuses, algorithms and asynchrony as
 * smax_softmax. */
SMAX_API smax_status smax_softmax_backward(smax_context context,
                                           const smax_problem *problem,
                                           smax_buffer y, size_t y_offset,
                                           smax_buffer dy, size_t dy_offset,
                                           smax_buffer dx, size_t dx_offset);

typedef struct smax_plan_info {
    smax_algorithm algorithm; /* what runs (never SMAX_ALGO_AUTO)          */
    uint32_t group_size;      /* work-items / threads per group            */
    uint32_t rows_per_group;  /* rows sharing one group (short rows)       */
    int64_t chunks_per_row;   /* multiblock: groups along one row          */
    uint32_t merge_levels;    /* multiblock: phase-2 launches              */
    uint32_t vector_width;    /* elements per vector access where aligned
                                 (16 bytes of the narrower type)         */
    uint64_t scratch_bytes;   /* device workspace the plan needs (0 for
                                 most): the least bytes a workspace set
                                 with smax_context_set_workspace must
                                 hold for this problem                   */
    char reason[160];         /* why this algorithm                        */
} smax_plan_info;

/* What smax_softmax would run for this problem, without running it. Same
 * checks and statuses as smax_softmax, minus the buffer checks. */
SMAX_API smax_status smax_plan(smax_context context,
                               const smax_problem *problem,
                               smax_plan_info *out_plan);
/* The same for smax_softmax_backward. */
SMAX_API smax_status smax_plan_backward(smax_context context,
                                        const smax_problem *problem,
                                        smax_plan_info *out_plan);

#ifdef __cplusplus
}
#endif

#endif /* SMAX_SMAX_H */
