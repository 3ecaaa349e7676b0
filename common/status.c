/* status.c - status names. */
#include "smax/smax.h"

SMAX_API const char *smax_status_string(smax_status status)
{
    switch (status) {
    case SMAX_SUCCESS: return "SMAX_SUCCESS";
    case SMAX_ERROR_INVALID_HANDLE: return "SMAX_ERROR_INVALID_HANDLE";
    case SMAX_ERROR_INVALID_VALUE: return "SMAX_ERROR_INVALID_VALUE";
    case SMAX_ERROR_INVALID_SIZE: return "SMAX_ERROR_INVALID_SIZE";
    case SMAX_ERROR_INVALID_POINTER: return "SMAX_ERROR_INVALID_POINTER";
    case SMAX_ERROR_NOT_SUPPORTED: return "SMAX_ERROR_NOT_SUPPORTED";
    case SMAX_ERROR_OUT_OF_MEMORY: return "SMAX_ERROR_OUT_OF_MEMORY";
    case SMAX_ERROR_NO_DEVICE: return "SMAX_ERROR_NO_DEVICE";
    case SMAX_ERROR_BACKEND: return "SMAX_ERROR_BACKEND";
    }
    return "SMAX_ERROR_UNKNOWN_STATUS";
}
