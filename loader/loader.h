/*
 * loader.h - what the files of the `all` build's libsmax share. That
 * libsmax.so holds no backend: it exports the same C ABI as a
 * single-backend build and forwards each call to one plugin,
 * libsmax-<backend>.so (the full single-backend library under another name,
 * so every argument check stays in common/), which it loads with dlopen and
 * chooses once per process (select.c).
 */
#ifndef SMAX_LOADER_H
#define SMAX_LOADER_H

#include <stddef.h>

#include "smax/smax.h"
#include "smax/smax_shard.h"

/* A pointer to each plugin function, by its exported name (api.def). */
typedef struct smax_api_table {
#define SMAX_OWN(ret, name, params) ret(*name) params;
#define SMAX_FORWARD(ret, name, params, args, none) ret(*name) params;
#include "api.def"
} smax_api_table;

typedef struct smax_plugin {
    const char *name; /* "cuda", "hip" or "opencl" */
    void *handle;     /* dlopen's                  */
    smax_api_table fn;
} smax_plugin;

/* The backends a plugin may be, in the order the default choice tries
 * them; index of `name` among them, or -1. */
#define SMAX_LOADER_BACKENDS 3
extern const char *const smax_loader_backends[SMAX_LOADER_BACKENDS];
int smax_loader_backend_index(const char *name);

/* plugin.c: opens libsmax-<name>.so.<major> (RTLD_NOW | RTLD_LOCAL: a
 * plugin that cannot load fails here, with dlerror's words, never later)
 * from SMAX_PLUGIN_DIR if set, else beside this libsmax.so, else on the
 * dynamic linker's search path, and resolves every function of api.def.
 * name is one of smax_loader_backends' strings (kept as out->name).
 * 1 on success; 0 with the reason in why. */
int smax_plugin_open(const char *name, smax_plugin *out, char *why,
                     size_t why_size);

/* select.c: the plugin this process runs; NULL until a context creation
 * succeeded. Once set it never changes, so a caller may keep it. */
const smax_plugin *smax_loader_chosen(void);

/* How one kind of creation calls a plugin (plain, or an interop call's
 * arguments in `args`). */
typedef smax_status (*smax_loader_create_fn)(const smax_plugin *plugin,
                                             const void *args,
                                             smax_context *out_context);

/* Creates a context through `create`: on the chosen plugin where there is
 * one (NOT_SUPPORTED if `backend` names another); else chooses: `backend`,
 * or SMAX_BACKEND, or each backend in the default order until one creates
 * the context (NO_DEVICE moves on to the next, any other failure stops).
 * backend must be NULL or a known name; out_context must not be NULL. */
smax_status smax_loader_create(const char *backend,
                               smax_loader_create_fn create, const void *args,
                               smax_context *out_context);

/* entry.c: the calling thread's detail for smax_last_error(NULL). A failure
 * of the loader's own records it (printf-style) and returns `status`; a
 * call handed to a plugin leaves the detail to the plugin again. */
smax_status smax_loader_fail(smax_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void smax_loader_forwarded(void);

#endif
