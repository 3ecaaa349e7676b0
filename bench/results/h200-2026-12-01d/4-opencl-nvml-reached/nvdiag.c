/* throwaway diagnostic: can this process reach NVML, and what PCI address does NVIDIA OpenCL give */
#include <CL/cl.h>
#include <dlfcn.h>
#include <stdio.h>
int main(void)
{
    void *h = dlopen("libnvidia-ml.so.1", RTLD_NOW);
    printf("dlopen bare: %p %s\n", h, h ? "" : dlerror());
    cl_platform_id ps[8]; cl_uint np = 0; clGetPlatformIDs(8, ps, &np);
    for (cl_uint i = 0; i < np; ++i) {
        cl_device_id d; cl_uint nd = 0;
        if (clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &d, &nd) != CL_SUCCESS) continue;
        cl_uint bus = 99, slot = 99, dom = 99; char name[128] = "";
        clGetDeviceInfo(d, CL_DEVICE_NAME, sizeof name, name, NULL);
        int e1 = clGetDeviceInfo(d, 0x4008, 4, &bus, NULL), e2 = clGetDeviceInfo(d, 0x4009, 4, &slot, NULL), e3 = clGetDeviceInfo(d, 0x400A, 4, &dom, NULL);
        printf("%s: bus %u (%d) slot %u (%d) domain %u (%d)\n", name, bus, e1, slot, e2, dom, e3);
        cl_int err; cl_context c = clCreateContext(NULL, 1, &d, NULL, NULL, &err); (void)c;
    }
    h = dlopen("libnvidia-ml.so.1", RTLD_NOW);
    printf("dlopen after context: %p %s\n", h, h ? "" : dlerror());
    return 0;
}
