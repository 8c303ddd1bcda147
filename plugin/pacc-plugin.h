/* pacc-plugin.h - what the phases of pacc.so share.

   Phases:
     parse.h          #pragma pacc parsing -> directives + marker statements
                      (parse-lexer.cc, parse-clauses.cc, parse-pragma.cc)
     check.h          pipeline body -> checked region model (region.h:
                      kernels, accesses, host statements, derived halo
                      reach) (check-forms.cc, check-stmts.cc,
                      check-access.cc, check-kernel.cc, check-host.cc,
                      check-halo.cc, check-region.cc)
     lower.h          region model -> chunked, temporally blocked code
                      calling libpacc, kernels as OpenACC trees
                      (lower-abi.cc, lower-build.cc, lower-kernel.cc,
                      lower-region.cc, lower-function.cc)
     launch.cc        pass after ompexp: pacc kernels to libpacc's launcher
     pacc-plugin.cc   plugin_init, PRE_GENERICIZE driver
   Under them all:
     directives.cc    the directive records' table, found from markers
     options.cc       -fplugin-arg-pacc-* settings
     gc-roots.cc      the GC root for the directives' trees
     kernel-locations.cc  the kernels lower-kernel.cc built, for launch.cc

   Directive records (directives.h) live in a table indexed by the marker
   statement that the pragma handler leaves in the function body; every
   tree they hold is also chained on a GC root (gc-roots.cc), since ggc may
   run between the pragma and the end of the function.  */

#ifndef PACC_PLUGIN_H
#define PACC_PLUGIN_H

#include "gcc-compat.h"

/* options.cc */
extern bool pacc_verbose;
extern int pacc_gang_static;	/* -fplugin-arg-pacc-gang-static, default 1;
				   0: GCC's blocks of rows.  */

/* gc-roots.cc */
extern const struct ggc_root_tab pacc_root_tab[];
void pacc_keep_tree (tree t);

/* kernel-locations.cc */
void pacc_note_kernel_location (location_t loc);
bool pacc_kernel_location_p (location_t loc);
bool pacc_any_kernel_location (void);

/* launch.cc */
void pacc_register_launch_pass (const char *plugin_name);

#endif /* PACC_PLUGIN_H */
