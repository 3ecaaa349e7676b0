/* select.c - which plugin this process runs. Chosen once, at the first
 * context creation that succeeds, and never changed: a context or buffer
 * belongs to the plugin that made it and the loader does not wrap handles
 * (that would mean a lookup and a lock in every call), so every call can
 * go to the one plugin. Until then each creation tries again, so an
 * application may fall back from one backend to another. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loader.h"

const char *const smax_loader_backends[SMAX_LOADER_BACKENDS] = {"cuda", "hip",
                                                                "opencl"};

int smax_loader_backend_index(const char *name)
{
    for (int i = 0; i < SMAX_LOADER_BACKENDS; ++i)
        if (strcmp(name, smax_loader_backends[i]) == 0)
            return i;
    return -1;
}

/* Serialises the choice (and the plugins array) until it is made. */
static pthread_mutex_t choosing = PTHREAD_MUTEX_INITIALIZER;
/* The plugins opened so far, by backend index. They stay loaded for the
 * life of the process even when not chosen: unloading a vendor runtime
 * that has started threads or registered exit handlers is unsafe. */
static smax_plugin plugins[SMAX_LOADER_BACKENDS];
/* Published with release, read with acquire: whoever sees it sees the
 * filled plugin behind it. */
static _Atomic(const smax_plugin *) chosen;

const smax_plugin *smax_loader_chosen(void)
{
    return atomic_load_explicit(&chosen, memory_order_acquire);
}

/* Appends "name: detail" to the record of what was tried. */
static void note(char *tried, size_t size, const char *name,
                 const char *detail)
{
    const size_t used = strlen(tried);
    snprintf(tried + used, size - used, "%s%s: %s", used ? "; " : "", name,
             detail);
}

/* With `choosing` held and nothing chosen yet. */
static smax_status choose(const char *backend, smax_loader_create_fn create,
                          const void *args, smax_context *out)
{
    /* Backend indices to try. Names are kept as smax_loader_backends'
     * own strings: the caller's or the environment's may not outlive the
     * call, and the chosen plugin's name does. */
    int order[SMAX_LOADER_BACKENDS];
    int count = 0;
    const char *from_env = getenv("SMAX_BACKEND");
    if (backend != NULL) {
        order[count++] = smax_loader_backend_index(backend);
    } else if (from_env != NULL && from_env[0] != '\0') {
        const int index = smax_loader_backend_index(from_env);
        if (index < 0)
            return smax_loader_fail(SMAX_ERROR_NO_DEVICE,
                                    "SMAX_BACKEND='%s' is not a backend: "
                                    "cuda, hip or opencl",
                                    from_env);
        order[count++] = index;
    } else {
        for (int i = 0; i < SMAX_LOADER_BACKENDS; ++i)
            order[count++] = i;
    }

    char tried[4096] = "";
    char why[2048];
    for (int i = 0; i < count; ++i) {
        const char *name = smax_loader_backends[order[i]];
        smax_plugin *plugin = &plugins[order[i]];
        if (plugin->handle == NULL &&
            !smax_plugin_open(name, plugin, why, sizeof why)) {
            note(tried, sizeof tried, name, why);
            continue;
        }
        const smax_status st = create(plugin, args, out);
        if (st == SMAX_SUCCESS) {
            atomic_store_explicit(&chosen, plugin, memory_order_release);
            smax_loader_forwarded();
            return st;
        }
        const char *detail = plugin->fn.smax_last_error(NULL);
        if (st != SMAX_ERROR_NO_DEVICE) /* a device, but it failed: say so */
            return smax_loader_fail(st, "%s: %s (%s)", name,
                                    plugin->fn.smax_status_string(st),
                                    detail);
        snprintf(why, sizeof why, "no device (%s)",
                 detail[0] ? detail : "no detail");
        note(tried, sizeof tried, name, why);
    }
    return smax_loader_fail(SMAX_ERROR_NO_DEVICE,
                            "no smax backend plugin found a device: %s",
                            tried);
}

smax_status smax_loader_create(const char *backend,
                               smax_loader_create_fn create, const void *args,
                               smax_context *out)
{
    *out = NULL; /* what any failure leaves */
    const smax_plugin *plugin = smax_loader_chosen();
    if (plugin == NULL) {
        pthread_mutex_lock(&choosing);
        plugin = smax_loader_chosen(); /* another thread may have chosen */
        if (plugin == NULL) {
            const smax_status st = choose(backend, create, args, out);
            pthread_mutex_unlock(&choosing);
            return st;
        }
        pthread_mutex_unlock(&choosing);
    }
    if (backend != NULL && strcmp(backend, plugin->name) != 0)
        return smax_loader_fail(SMAX_ERROR_NOT_SUPPORTED,
                                "this process runs smax's %s plugin (chosen "
                                "at its first context); one backend per "
                                "process, so not %s",
                                plugin->name, backend);
    smax_loader_forwarded();
    return create(plugin, args, out);
}
