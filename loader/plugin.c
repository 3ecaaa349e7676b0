/* plugin.c - finding, loading and checking one backend plugin. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Any object of this library: dladdr on it gives libsmax.so's own path. */
static const char anchor;

/* The folder this libsmax.so was loaded from, with its final '/'; 0 if
 * unknown. Plugins are installed beside it, so an application finds them
 * wherever the package went, without any search path set. */
static int own_dir(char *dir, size_t size)
{
    Dl_info info;
    if (dladdr(&anchor, &info) == 0 || info.dli_fname == NULL)
        return 0;
    const char *slash = strrchr(info.dli_fname, '/');
    if (slash == NULL)
        return 0;
    const size_t n = (size_t)(slash - info.dli_fname) + 1;
    if (n >= size)
        return 0;
    memcpy(dir, info.dli_fname, n);
    dir[n] = '\0';
    return 1;
}

/* dlopen of dir + file (dir NULL: the bare name, the linker's search);
 * on failure appends dlerror's words to why. */
static void *try_open(const char *dir, const char *file, char *why,
                      size_t why_size)
{
    char path[PATH_MAX];
    int n = snprintf(path, sizeof path, "%s%s%s", dir ? dir : "",
                     dir && dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "",
                     file);
    if (n < 0 || (size_t)n >= sizeof path) {
        snprintf(why + strlen(why), why_size - strlen(why),
                 "%splugin path too long", why[0] ? "; " : "");
        return NULL;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        /* dlerror names the path when the file itself is missing, and
         * only the missing dependency (a vendor runtime) otherwise. */
        const char *err = dlerror();
        const int named = err && strncmp(err, path, strlen(path)) == 0;
        snprintf(why + strlen(why), why_size - strlen(why),
                 "%scannot load %s%s%s", why[0] ? "; " : "",
                 named ? "" : path, named || !err ? "" : ": ",
                 err ? err : "");
    }
    return handle;
}

int smax_plugin_open(const char *name, smax_plugin *out, char *why,
                     size_t why_size)
{
    why[0] = '\0';
    char file[64];
    snprintf(file, sizeof file, "libsmax-%s%s", name, SMAX_PLUGIN_SUFFIX);
    void *handle = NULL;
    const char *dir = getenv("SMAX_PLUGIN_DIR");
    char own[PATH_MAX];
    if (dir != NULL && dir[0] != '\0') {
        handle = try_open(dir, file, why, why_size); /* that folder only */
    } else {
        if (own_dir(own, sizeof own))
            handle = try_open(own, file, why, why_size);
        if (handle == NULL)
            handle = try_open(NULL, file, why, why_size);
    }
    if (handle == NULL)
        return 0;

    /* Every function of the ABI, or the plugin is refused whole: a
     * missing one would otherwise fail only when called. */
    smax_plugin p = {.name = name, .handle = handle};
    void *sym;
#define SMAX_RESOLVE(name_)                                            \
    if ((sym = dlsym(handle, #name_)) == NULL) {                            \
        snprintf(why, why_size, "%s lacks %s (not an smax %s plugin?)",     \
                 file, #name_, SMAX_VERSION_STRING);                        \
        dlclose(handle);                                                    \
        return 0;                                                           \
    }                                                                       \
    /* dlsym gives an object pointer; POSIX makes it the function's */   \
    memcpy(&p.fn.name_, &sym, sizeof sym);
#define SMAX_OWN(ret, name_, params) SMAX_RESOLVE(name_)
#define SMAX_FORWARD(ret, name_, params, args, none) SMAX_RESOLVE(name_)
#include "api.def"
#undef SMAX_RESOLVE

    /* Installed together, so of one version; one of another release (an
     * older package's plugin on the search path) is refused. */
    const char *version = p.fn.smax_version_string();
    if (strcmp(version, SMAX_VERSION_STRING) != 0) {
        snprintf(why, why_size, "%s is version %s, this libsmax %s", file,
                 version, SMAX_VERSION_STRING);
        dlclose(handle);
        return 0;
    }
    *out = p;
    return 1;
}
