/* options.cc - the plugin's options, set by plugin_init (pacc-plugin.cc)
   from -fplugin-arg-pacc-* and read by the lowering: pacc_verbose for
   the report of each region, pacc_gang_static for the kernels' gang
   clause.  */

#include "pacc-plugin.h"

/* -fplugin-arg-pacc-verbose: a note per pipeline region.  */
bool pacc_verbose;

/* -fplugin-arg-pacc-gang-static=N: rows to gangs N at a time, round
   robin; 0: GCC's blocks of rows.  */
int pacc_gang_static = 1;
