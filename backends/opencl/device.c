/* device.c - choosing the OpenCL device of a default context.
 *
 * SMAX_OPENCL_DEVICE selects one explicitly: either "P:D" (platform and
 * device indices, as clinfo -l lists them) or a case-insensitive substring
 * of "<platform name> <device name>" (e.g. "NVIDIA", "pthread"). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opencl_backend.h"

#define MAX_PLATFORMS 16
#define MAX_DEVICES 64

static int contains_nocase(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (; *hay; ++hay) {
        size_t i = 0;
        while (i < n && hay[i] &&
               tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
            ++i;
        if (i == n)
            return 1;
    }
    return n == 0;
}

static void describe(cl_platform_id p, cl_device_id d, char *out, size_t len)
{
    char pname[128] = "", dname[128] = "";
    clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof dname, dname, NULL);
    snprintf(out, len, "%s %s", pname, dname);
}

smax_status smax_cl_pick_device(smax_context ctx, cl_device_id *out)
{
    cl_platform_id platforms[MAX_PLATFORMS];
    cl_uint np = 0;
    cl_int err = clGetPlatformIDs(MAX_PLATFORMS, platforms, &np);
    if (err == CL_PLATFORM_NOT_FOUND_KHR || np == 0)
        return smax_fail(ctx, SMAX_ERROR_NO_DEVICE,
                         "no OpenCL platform is installed");
    if (err != CL_SUCCESS)
        return smax_cl_fail(ctx, err, "clGetPlatformIDs");
    if (np > MAX_PLATFORMS)
        np = MAX_PLATFORMS;

    const char *want = getenv("SMAX_OPENCL_DEVICE");
    int want_p = -1, want_d = -1;
    if (want != NULL && *want != '\0' &&
        sscanf(want, "%d:%d", &want_p, &want_d) != 2)
        want_p = want_d = -1;

    cl_device_id first_any = NULL, first_gpu = NULL;
    for (cl_uint p = 0; p < np; ++p) {
        cl_device_id devices[MAX_DEVICES];
        cl_uint nd = 0;
        if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, MAX_DEVICES,
                           devices, &nd) != CL_SUCCESS)
            continue;
        if (nd > MAX_DEVICES)
            nd = MAX_DEVICES;
        for (cl_uint d = 0; d < nd; ++d) {
            if (want != NULL && *want != '\0') {
                char desc[260];
                describe(platforms[p], devices[d], desc, sizeof desc);
                int hit = want_p >= 0 ? ((int)p == want_p && (int)d == want_d)
                                      : contains_nocase(desc, want);
                if (hit) {
                    *out = devices[d];
                    return SMAX_SUCCESS;
                }
                continue;
            }
            cl_device_type type = 0;
            clGetDeviceInfo(devices[d], CL_DEVICE_TYPE, sizeof type, &type,
                            NULL);
            if (first_any == NULL)
                first_any = devices[d];
            if (first_gpu == NULL && (type & CL_DEVICE_TYPE_GPU))
                first_gpu = devices[d];
        }
    }
    if (want != NULL && *want != '\0')
        return smax_fail(ctx, SMAX_ERROR_NO_DEVICE,
                         "SMAX_OPENCL_DEVICE=\"%s\" matches no OpenCL device",
                         want);
    *out = first_gpu != NULL ? first_gpu : first_any;
    if (*out == NULL)
        return smax_fail(ctx, SMAX_ERROR_NO_DEVICE,
                         "no OpenCL device was found");
    return SMAX_SUCCESS;
}
