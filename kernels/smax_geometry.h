/*
 * smax_geometry.h - the launch facts that the host planner and the kernels
 * must agree on. Compiles as OpenCL C, CUDA, HIP and host C.
 */
#ifndef SMAX_GEOMETRY_H
#define SMAX_GEOMETRY_H

/* float4s that every work-item of smax_fused_regs holds in registers: a row
 * slot of `lanes` items holds rows of up to 4 * SMAX_REG_VECTORS * lanes
 * elements. Four keeps 16 loads' worth of bytes in flight per item at about
 * 40 registers (H100: 8 spilled or halved the occupancy, and ran slower). */
#define SMAX_REG_VECTORS 4
/* A row whose start is not on the 16-byte grid has up to 3 elements past
 * those float4s; lanes 0 to 2 hold one each, so a row slot has at least 4
 * lanes. */
#define SMAX_REG_MIN_LANES 4

#endif /* SMAX_GEOMETRY_H */
