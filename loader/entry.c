/* entry.c - the loader's own library-level calls: those that need no
 * plugin (names, version, error detail) and plain context creation, which
 * chooses one. */
#include <stdarg.h>
#include <stdio.h>

#include "loader.h"

/* smax_last_error(NULL) of a creation that failed in the loader (no plugin,
 * no device anywhere), per thread like the front end's own. */
static _Thread_local char loader_error[4096];
/* 1 while this thread's last creation failed in the loader itself; 0 once
 * a creation went to the plugin, whose own detail then holds. */
static _Thread_local int loader_error_current;

smax_status smax_loader_fail(smax_status status, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    vsnprintf(loader_error, sizeof loader_error, fmt, args);
    va_end(args);
    loader_error_current = 1;
    return status;
}

void smax_loader_forwarded(void)
{
    loader_error_current = 0;
}

SMAX_API const char *smax_backend_name(void)
{
    const smax_plugin *plugin = smax_loader_chosen();
    return plugin != NULL ? plugin->name : "none";
}

SMAX_API const char *smax_version_string(void)
{
    return SMAX_VERSION_STRING;
}

SMAX_API const char *smax_last_error(smax_context context)
{
    const smax_plugin *plugin = smax_loader_chosen();
    if (context == NULL && (plugin == NULL || loader_error_current))
        return loader_error;
    if (plugin == NULL)
        return "invalid context"; /* as the front end says */
    return plugin->fn.smax_last_error(context);
}

static smax_status create_default(const smax_plugin *plugin, const void *args,
                                  smax_context *out)
{
    (void)args;
    return plugin->fn.smax_context_create(out);
}

SMAX_API smax_status smax_context_create(smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out_context = NULL;
    return smax_loader_create(NULL, create_default, NULL, out_context);
}

SMAX_API smax_status smax_context_create_on_backend(const char *backend,
                                                    smax_context *out_context)
{
    if (out_context == NULL)
        return SMAX_ERROR_INVALID_POINTER;
    *out_context = NULL;
    if (backend != NULL && smax_loader_backend_index(backend) < 0)
        return smax_loader_fail(SMAX_ERROR_INVALID_VALUE,
                                "'%s' is not a backend: cuda, hip or opencl",
                                backend);
    return smax_loader_create(backend, create_default, NULL, out_context);
}
