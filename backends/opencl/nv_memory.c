/* nv_memory.c - the peak memory bandwidth of an NVIDIA device under
 * OpenCL, which has no query for the memory's clock or bus: NVIDIA's
 * management library (NVML, part of every NVIDIA driver) answers both for
 * the device at the PCI address that cl_nv_device_attribute_query gives.
 * The planner's choices for devices whose memory outpaces the H100's
 * (common/plan.c, unit_memory_speedup) read it, as under CUDA and HIP.
 * NVML is opened at run time, so the build needs no NVIDIA package and a
 * machine without it plans as before (bandwidth 0: unknown). */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "opencl_backend.h"

/* cl_nv_device_attribute_query (NVIDIA's cl_ext.h) */
#define NV_PCI_BUS_ID 0x4008
#define NV_PCI_SLOT_ID 0x4009
#define NV_PCI_DOMAIN_ID 0x400A

/* NVML's C ABI (nvml.h): every call returns 0 on success; a device is an
 * opaque handle; clock type 2 is the memory's (its maximum in MHz). */
typedef struct nvml_device *nvml_device;
typedef int (*nvml_init_fn)(void);
typedef int (*nvml_shutdown_fn)(void);
typedef int (*nvml_by_bus_fn)(const char *bus_id, nvml_device *out);
typedef int (*nvml_max_clock_fn)(nvml_device dev, int type, unsigned *mhz);
typedef int (*nvml_bus_width_fn)(nvml_device dev, unsigned *bits);
#define NVML_CLOCK_MEM 2

/* "domain:bus:device.0" of an NVIDIA OpenCL device; 0 where not reported.
 * NVIDIA's driver gives the device number as the slot (driver 580 on the
 * H200: slot 6 for 00:06.0); some readers take the slot as device and
 * function (device << 3 | function), so `packed` asks that form. */
static int nv_pci_address(cl_device_id d, int packed, char *out, size_t len)
{
    cl_uint bus = 0, slot = 0, domain = 0;
    if (clGetDeviceInfo(d, NV_PCI_BUS_ID, sizeof bus, &bus, NULL) !=
            CL_SUCCESS ||
        clGetDeviceInfo(d, NV_PCI_SLOT_ID, sizeof slot, &slot, NULL) !=
            CL_SUCCESS)
        return 0;
    if (clGetDeviceInfo(d, NV_PCI_DOMAIN_ID, sizeof domain, &domain, NULL) !=
        CL_SUCCESS)
        domain = 0; /* drivers before the domain query: domain 0 */
    snprintf(out, len, "%08x:%02x:%02x.0", domain, bus,
             packed ? slot >> 3 : slot);
    return 1;
}

#define NVML_NAME "libnvidia-ml.so.1"

/* The directory of the NVIDIA OpenCL driver this process has loaded
 * (through the ICD loader, which may name it by a full path that the
 * linker's search does not cover); NVML ships beside it. */
static int driver_dir(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    const char *name = info->dlpi_name;
    const char *slash = name != NULL ? strrchr(name, '/') : NULL;
    if (slash == NULL || strstr(slash, "libnvidia-opencl.so") == NULL)
        return 0;
    char *dir = data;
    const int len = (int)(slash - name);
    if (len + (int)sizeof "/" NVML_NAME > 4096)
        return 0;
    snprintf(dir, 4096, "%.*s/%s", len, name, NVML_NAME);
    return 1;
}

static void *open_nvml(void)
{
    void *nvml = dlopen(NVML_NAME, RTLD_NOW | RTLD_LOCAL);
    if (nvml != NULL)
        return nvml;
    char path[4096] = "";
    if (dl_iterate_phdr(driver_dir, path) == 0)
        return NULL;
    return dlopen(path, RTLD_NOW | RTLD_LOCAL);
}

static uint64_t nvml_memory_bandwidth(const char *address)
{
    void *nvml = open_nvml();
    if (nvml == NULL)
        return 0;
    const nvml_init_fn init = (nvml_init_fn)dlsym(nvml, "nvmlInit_v2");
    const nvml_shutdown_fn shutdown =
        (nvml_shutdown_fn)dlsym(nvml, "nvmlShutdown");
    const nvml_by_bus_fn by_bus =
        (nvml_by_bus_fn)dlsym(nvml, "nvmlDeviceGetHandleByPciBusId_v2");
    const nvml_max_clock_fn max_clock =
        (nvml_max_clock_fn)dlsym(nvml, "nvmlDeviceGetMaxClockInfo");
    const nvml_bus_width_fn bus_width =
        (nvml_bus_width_fn)dlsym(nvml, "nvmlDeviceGetMemoryBusWidth");
    uint64_t bandwidth = 0;
    if (init != NULL && shutdown != NULL && by_bus != NULL &&
        max_clock != NULL && bus_width != NULL && init() == 0) {
        nvml_device dev = NULL;
        unsigned mhz = 0, bits = 0;
        if (by_bus(address, &dev) == 0 &&
            max_clock(dev, NVML_CLOCK_MEM, &mhz) == 0 &&
            bus_width(dev, &bits) == 0 && mhz > 0 && bits >= 8)
            /* double data rate, as the CUDA backend counts it */
            bandwidth = (uint64_t)mhz * 1000000u * 2u * (bits / 8);
        shutdown();
    }
    dlclose(nvml);
    return bandwidth;
}

/* NVML's start-up takes milliseconds, and a process may make many contexts
 * on one device: each address is asked once a process. */
#define NV_CACHED_DEVICES 16
static struct {
    char address[32];
    uint64_t bandwidth;
} cached[NV_CACHED_DEVICES];
static int cached_count;
static pthread_mutex_t cached_lock = PTHREAD_MUTEX_INITIALIZER;

uint64_t smax_cl_nv_memory_bandwidth(cl_device_id d)
{
    char address[32], packed[32];
    if (!nv_pci_address(d, 0, address, sizeof address) ||
        !nv_pci_address(d, 1, packed, sizeof packed))
        return 0;
    pthread_mutex_lock(&cached_lock);
    for (int i = 0; i < cached_count; ++i)
        if (strcmp(cached[i].address, address) == 0) {
            const uint64_t known = cached[i].bandwidth;
            pthread_mutex_unlock(&cached_lock);
            return known;
        }
    uint64_t bandwidth = nvml_memory_bandwidth(address);
    if (bandwidth == 0 && strcmp(packed, address) != 0)
        bandwidth = nvml_memory_bandwidth(packed);
    if (cached_count < NV_CACHED_DEVICES) {
        snprintf(cached[cached_count].address, sizeof cached[0].address, "%s",
                 address);
        cached[cached_count++].bandwidth = bandwidth;
    }
    pthread_mutex_unlock(&cached_lock);
    return bandwidth;
}
