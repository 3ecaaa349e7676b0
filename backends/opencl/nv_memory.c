/* nv_memory.c - what OpenCL does not say about an NVIDIA device's memory:
 * its peak bandwidth (OpenCL has no query for the memory's clock or bus),
 * from NVIDIA's management library (NVML), and its last-level cache, from
 * the CUDA driver (NVIDIA's CL_DEVICE_GLOBAL_MEM_CACHE_SIZE gives 4 MB for
 * the H100's 50 MB L2). Both libraries ship with every NVIDIA driver, beside
 * its OpenCL one, and answer for the device at the PCI address that
 * cl_nv_device_attribute_query gives. The planner's choices for devices
 * whose memory outpaces the H100's (common/plan.c, unit_memory_speedup)
 * read the bandwidth, and the rows re-read from the cache
 * (reread_geometry) the cache, as under CUDA and HIP. The libraries are
 * opened at run time, so the build needs no NVIDIA package and a machine
 * without them plans as before (bandwidth 0: unknown; the cache OpenCL's
 * figure). */
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

/* The CUDA driver's C ABI (cuda.h): 0 is success, a device is an int;
 * CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE is 38. None of these calls makes a
 * CUDA context. */
typedef int (*cu_init_fn)(unsigned flags);
typedef int (*cu_by_bus_fn)(int *dev, const char *bus_id);
typedef int (*cu_attribute_fn)(int *value, int attribute, int dev);
#define CU_L2_CACHE_SIZE 38

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

/* The path of library `name` beside the NVIDIA OpenCL driver this process
 * has loaded (through the ICD loader, which may name it by a full path
 * that the linker's search does not cover). */
struct beside {
    const char *name;
    char path[4096];
};

static int driver_dir(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    const char *loaded = info->dlpi_name;
    const char *slash = loaded != NULL ? strrchr(loaded, '/') : NULL;
    if (slash == NULL || strstr(slash, "libnvidia-opencl.so") == NULL)
        return 0;
    struct beside *b = data;
    const int len = (int)(slash - loaded);
    if (len + 2 + strlen(b->name) > sizeof b->path)
        return 0;
    snprintf(b->path, sizeof b->path, "%.*s/%s", len, loaded, b->name);
    return 1;
}

static void *open_driver_library(const char *name)
{
    void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (lib != NULL)
        return lib;
    struct beside b = {name, ""};
    if (dl_iterate_phdr(driver_dir, &b) == 0)
        return NULL;
    return dlopen(b.path, RTLD_NOW | RTLD_LOCAL);
}

static uint64_t nvml_memory_bandwidth(const char *address)
{
    void *nvml = open_driver_library("libnvidia-ml.so.1");
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

/* The L2 of the device at `address` as the CUDA driver gives it (as the
 * CUDA backend's l2CacheSize); 0 where it cannot say, as for a device that
 * CUDA_VISIBLE_DEVICES hides. The library stays loaded: the driver keeps
 * state from cuInit for the process's life. */
static uint64_t cuda_cache_bytes(const char *address)
{
    void *cuda = open_driver_library("libcuda.so.1");
    if (cuda == NULL)
        return 0;
    const cu_init_fn init = (cu_init_fn)dlsym(cuda, "cuInit");
    const cu_by_bus_fn by_bus =
        (cu_by_bus_fn)dlsym(cuda, "cuDeviceGetByPCIBusId");
    const cu_attribute_fn attribute =
        (cu_attribute_fn)dlsym(cuda, "cuDeviceGetAttribute");
    int dev = -1, bytes = 0;
    if (init == NULL || by_bus == NULL || attribute == NULL || init(0) != 0 ||
        by_bus(&dev, address) != 0 ||
        attribute(&bytes, CU_L2_CACHE_SIZE, dev) != 0 || bytes <= 0)
        return 0;
    return (uint64_t)bytes;
}

/* Each address is asked once a process: NVML's start-up and cuInit take
 * milliseconds, and a process may make many contexts on one device. */
#define NV_CACHED_DEVICES 16
static struct {
    char address[32];
    smax_cl_nv_memory_facts facts;
} cached[NV_CACHED_DEVICES];
static int cached_count;
static pthread_mutex_t cached_lock = PTHREAD_MUTEX_INITIALIZER;

/* What `ask` answers for the device's address, or for its packed form
 * where the driver did not know the first (nv_pci_address). */
static uint64_t ask_either(uint64_t (*ask)(const char *), const char *address,
                           const char *packed)
{
    const uint64_t v = ask(address);
    return v == 0 && strcmp(packed, address) != 0 ? ask(packed) : v;
}

static smax_cl_nv_memory_facts ask_drivers(const char *address,
                                           const char *packed)
{
    smax_cl_nv_memory_facts f;
    f.bandwidth = ask_either(nvml_memory_bandwidth, address, packed);
    f.cache_bytes = ask_either(cuda_cache_bytes, address, packed);
    return f;
}

smax_cl_nv_memory_facts smax_cl_nv_memory(cl_device_id d)
{
    smax_cl_nv_memory_facts none = {0, 0};
    char address[32], packed[32];
    if (!nv_pci_address(d, 0, address, sizeof address) ||
        !nv_pci_address(d, 1, packed, sizeof packed))
        return none;
    pthread_mutex_lock(&cached_lock);
    for (int i = 0; i < cached_count; ++i)
        if (strcmp(cached[i].address, address) == 0) {
            const smax_cl_nv_memory_facts known = cached[i].facts;
            pthread_mutex_unlock(&cached_lock);
            return known;
        }
    const smax_cl_nv_memory_facts facts = ask_drivers(address, packed);
    if (cached_count < NV_CACHED_DEVICES) {
        snprintf(cached[cached_count].address, sizeof cached[0].address, "%s",
                 address);
        cached[cached_count++].facts = facts;
    }
    pthread_mutex_unlock(&cached_lock);
    return facts;
}
