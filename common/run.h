/* run.h - launching a checked and planned problem. */
#ifndef SMAX_COMMON_RUN_H
#define SMAX_COMMON_RUN_H

#include "backend.h"

/* Offsets are in bytes and element-aligned. */
smax_status smax_run_planned(smax_context ctx, const smax_problem *p,
                             const smax_exec_plan *plan, smax_native_mem x,
                             size_t x_offset, smax_native_mem y,
                             size_t y_offset);

/* Same, for offsets that are not element-aligned (staging.c). */
smax_status smax_run_staged(smax_context ctx, const smax_problem *p,
                            const smax_exec_plan *plan, smax_buffer x,
                            size_t x_offset, smax_buffer y, size_t y_offset,
                            uint64_t x_span, uint64_t y_span);

#endif
