/* forward.c - the exported functions that only pass their call on to the
 * chosen plugin (SMAX_FORWARD in api.def), generated from that list. The
 * plugin checks the arguments; before any plugin is chosen no handle can be
 * valid, and each answers as api.def says. No lock: the chosen plugin is
 * read with one atomic load and never changes (select.c). */
#include "loader.h"

#define SMAX_OWN(ret, name, params)
#define SMAX_FORWARD(ret, name, params, args, none)                         \
    SMAX_API ret name params                                                \
    {                                                                       \
        const smax_plugin *plugin = smax_loader_chosen();                   \
        return plugin != NULL ? plugin->fn.name args : (none);              \
    }
#include "api.def"
