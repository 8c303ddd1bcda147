/* pacc-plugin.h - what the phases of pacc.so share.

   Phases, one file each:
     pragmas.cc       #pragma pacc parsing -> directives + marker statements
     region-check.cc  pipeline body -> checked region model (kernels,
                      accesses, host statements, derived halo reach)
     lower.cc         region model -> chunked, temporally blocked code
                      calling libpacc, kernels as OpenACC trees
     launch.cc        pass after ompexp: pacc kernels to libpacc's launcher
     pacc-plugin.cc   plugin_init, PRE_GENERICIZE driver
   Under them all:
     options.cc       -fplugin-arg-pacc-* settings
     gc-roots.cc      the GC root for the directives' trees
     kernel-locations.cc  the kernels lower.cc built, for launch.cc

   Directive records live in a table indexed by the marker statement that
   the pragma handler leaves in the function body; every tree they hold is
   also chained on a GC root (gc-roots.cc), since ggc may run between the
   pragma and the end of the function.  */

#ifndef PACC_PLUGIN_H
#define PACC_PLUGIN_H

#include "gcc-compat.h"

#define PACC_MAX_RANK 4

enum pacc_dir_kind
{
  PACC_DIR_INIT,
  PACC_DIR_PIPELINE,
  PACC_DIR_LOOP,
  PACC_DIR_DEVICEID,		/* deviceid(e) STATEMENT  */
  PACC_DIR_WAIT,		/* wait device(e)  */
  PACC_DIR_UPDATE_PEER		/* update peer to() to_device() from() ...  */
};

/* One item of update peer's to() or from() list: a host address and a
   byte count (expressions).  */
struct pacc_peer_item
{
  tree addr;
  tree bytes;
  location_t loc;
};

/* Must match libpacc/pacc-abi.h enum pacc_array_kind.  */
enum pacc_array_role
{
  PACC_ROLE_IN = 0,
  PACC_ROLE_INOUT = 1,
  PACC_ROLE_TEMP = 2
};

struct pacc_array_clause
{
  tree decl;
  int role;
  location_t loc;
};

struct pacc_reduction_clause
{
  tree decl;
  enum tree_code op;		/* PLUS_EXPR, MULT_EXPR, MAX_EXPR, ...  */
  location_t loc;
};

struct pacc_pipeline_clauses
{
  std::vector<pacc_array_clause> arrays;
  std::vector<pacc_reduction_clause> reductions;
  int rank;			/* 0 when size() is missing.  */
  tree size_lo[PACC_MAX_RANK];
  tree size_len[PACC_MAX_RANK];
  int halo_rank;		/* 0 when halo() is missing.  */
  HOST_WIDE_INT halo_lo[PACC_MAX_RANK];
  HOST_WIDE_INT halo_hi[PACC_MAX_RANK];
  location_t halo_loc;
  bool async;
};

struct pacc_directive
{
  enum pacc_dir_kind kind;
  location_t loc;
  bool used;			/* Consumed by a region or reported.  */
  bool bad;			/* Malformed (reported): lower nothing.  */
  int dim;			/* loop: dim(N).  */
  pacc_pipeline_clauses *pipe;	/* pipeline only.  */
  tree dev;			/* deviceid, wait device, to_device.  */
  tree from_dev;		/* update peer: from_device.  */
  tree async;			/* update peer: async(q), or NULL.  */
  std::vector<pacc_peer_item> to, from;	/* update peer.  */
};

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

/* pragmas.cc */
void pacc_register_pragmas (void *, void *);
pacc_directive *pacc_marker_directive (tree stmt);
void pacc_directives_reset (void);
extern tree pacc_marker_fndecl;

/* launch.cc */
void pacc_register_launch_pass (const char *plugin_name);

/* region-check.cc + lower.cc: lower every directive in FNDECL's body.  */
void pacc_lower_function (tree fndecl);

#endif /* PACC_PLUGIN_H */
