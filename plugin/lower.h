/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower.h - phase 3 of pacc.so, lowering: the checked region model
   (region.h) and the other directives become code that calls libpacc,
   kernels as OpenACC trees.

     lower-abi.cc       libpacc's entry points and the layout of the
                        arrays passed to them
     lower-build.cc     trees for the lowered code: variables, loops,
                        rewriting, reduction partials
     lower-kernel.cc    one loop nest as an OpenACC kernel
     lower-host.cc      its host version, over row ranges on threads
     lower-geometry.cc  how a kernel's iterations go to gangs
     lower-segments.cc  the body of a segmented kernel
     lower-slots.cc     reductions through slots
     lower-columns.cc   several loads in flight per thread in copy-like
                        loops
     lower-shape.cc     the form of a kernel's memory accesses
     lower-math.cc      fmax and fmin in kernels as comparisons
     lower-region.cc    a region as chunk loops and the replay loop, and
                        the verbose report
     lower-calls.cc     a time step's calls to functions holding loop
                        nests, replaced by their bodies
     lower-copy.cc      a function body copied into another function
     lower-timeloop.cc  a `while' or `do' time loop as a for loop
     lower-function.cc  the per-function driver: every directive

   What these files share, and pacc_lower_function for the
   PRE_GENERICIZE callback.  Declarations only.  */

#ifndef PACC_LOWER_H
#define PACC_LOWER_H

#include "region.h"

/* The layout of the arrays the lowered code passes to libpacc.  Must
   match libpacc/pacc-abi.h.  */
enum
{
  ABI_VERSION = 8,
  /* Row blocks of a host kernel (lower-host.cc): per thread, at most.  */
  HOST_BLOCKS_PER_THREAD = 8,
  HOST_MAX_BLOCKS = 2048,
  AI_KIND = 0,
  AI_ROW_BYTES = 1,
  AI_TYPE_ROW = 2,
  AI_ELEM = 3,
  AI_N = 4,
  AI_WHOLE = 3,
  RI_LO0 = 0,
  RI_LEN0 = 1,
  RI_HLO = 2,
  RI_HHI = 3,
  RI_ELO = 4,
  RI_EHI = 5,
  RI_T0 = 6,
  RI_NSTEPS = 7,
  RI_ASYNC = 8,
  RI_NKERNELS = 9,
  RI_TBLOCK = 10,
  RI_N = 11,
  BLK_T = 0,
  BLK_KK = 1,
  BLK_N = 2,
  CI_LO = 0,
  CI_HI = 1,
  CI_QUEUE = 2,
  CI_DEVICE = 3,
  CI_INDEX = 4,
  CI_GLO = 5,
  CI_GHI = 6,
  CI_SHIFT = 7,
  CI_N = 8
};

/* __pacc_region_allreduce's operators and element types (mpi regions).
   Must match libpacc/pacc-abi.h enum pacc_red_op.  */
enum
{
  RED_ADD = 0,
  RED_MUL,
  RED_AND,
  RED_OR,
  RED_XOR,
  RED_LAND,
  RED_LOR,
  RED_MAX,
  RED_MIN,
  RED_TYPE_SIGNED = 0,
  RED_TYPE_UNSIGNED = 1,
  RED_TYPE_FLOAT = 2
};

/* AI_TYPE_ROW of an array whose C extents are not the size clause's.  */
#define PACC_TYPE_ROW_EXTENTS_DIFFER (-2)

/* lower-build.cc: the region being lowered, and a copy of host
   statements with names renamed.  */
struct lower_ctx
{
  pacc_region *r;
  location_t loc;
  tree vars; /* Chain of the region's BIND_EXPR.  */
  tree fndecl;
  tree kb; /* mpi: the kernels' row bounds (long[2nk]),
				   else NULL.  */
};

struct rewrite_ctx
{
  pacc_region *r;
  hash_map<tree, tree> *map;
  hash_set<tree> *guard_stmts; /* Reduction updates to guard.  */
  tree guard;                  /* Own-row condition.  */
};

/* The functions and variables are hidden (see pacc-plugin.h).  */
#pragma GCC visibility push(hidden)

/* lower-abi.cc */
/* Runtime entry points, built once per translation unit.  */
extern tree fn_init, fn_begin, fn_next_block, fn_next_chunk, fn_chunk_done,
  fn_step, fn_scratch, fn_end, fn_nchunks, fn_red_result, fn_red_slots,
  fn_region_sync, fn_dev_push, fn_dev_pop, fn_wait_device, fn_update_peer,
  fn_rows_outside, fn_cols_outside, fn_begin_mpi, fn_allreduce,
  fn_temp_unwritten, fn_host_kernels, fn_host_next_block, fn_tblock;
void build_runtime_decls (void);
tree where_literal (location_t loc);

/* lower-build.cc */
tree new_var (lower_ctx &c, const char *name, tree type);
tree local_var (lower_ctx &c, const char *name, tree type, tree *chain);
tree lng (tree e);
tree lcst (HOST_WIDE_INT v);
tree elt (tree arr, int i);
tree elt_addr (tree arr);
tree assign (tree lhs, tree rhs);
void add (tree *list, tree stmt);
tree build_while (location_t loc, tree cond, tree body);
tree counted_loop (location_t loc, tree var, tree n, tree body);
tree ne_zero (tree call);
tree pacc_bind (tree vars, tree body);
void pacc_mark_routines (tree body);

tree rewrite_r (tree *tp, int *walk_subtrees, void *data);
tree rewritten_copy (pacc_region &r, tree e, hash_map<tree, tree> &map);
tree part_elt (tree part, tree idx);
tree part_index (tree t, tree t0, int nkernels, int j);
tree reduction_identity (enum tree_code op, tree type);
tree reduction_combine (location_t loc, enum tree_code op, tree a, tree b);

/* lower-shape.cc */
bool pacc_shared_extents_p (pacc_region &r, tree decl);
tree pacc_type_row (pacc_region &r, tree decl, tree bytes);
void pacc_share_extents (lower_ctx &c, tree *body, tree *host_stmts,
                         hash_map<tree, tree> &host_map, hash_set<tree> &skip);
void pacc_select_loads (pacc_region &r, tree *body);
/* The array variable that reference REF indexes, or NULL.  */
tree pacc_ref_decl (tree ref);
/* walk_tree callback: a side effect in an expression (stores, calls,
   increments).  */
tree pacc_effect_r (tree *tp, int *walk_subtrees, void *);
/* The same, but calls of functions without side effects (fabs) may
   stay.  */
tree pacc_pure_effect_r (tree *tp, int *walk_subtrees, void *data);

/* lower-math.cc */
/* fmax and fmin in kernel BODY as comparisons, with their results.  */
void pacc_inline_math (tree *body);

/* lower-columns.cc */
bool pacc_pair_eligible (pacc_kernel &k, pacc_loop &l, tree init, tree bound);
/* Is vector loop L of kernel K, whose reductions go through slots,
   copy-like with its reduction updates: every load first, the updates
   after (lower-columns.cc)?  */
bool pacc_reduction_columns_p (pacc_region &r, pacc_kernel &k, pacc_loop &l,
                               tree init, tree bound);
bool pacc_paired_columns (lower_ctx &c, pacc_kernel &k, pacc_loop &l,
                          tree init, tree bound, const std::vector<tree> &col,
                          tree jb, tree *body, hash_set<tree> *targets = NULL);
bool pacc_pair_iterations (lower_ctx &c, pacc_kernel &k, pacc_loop &l,
                           tree init, tree bound, tree *cond, tree *body);

/* lower-build.cc: OpenACC constructs */
tree pacc_omp_clause (location_t loc, enum omp_clause_code code, tree chain);
tree pacc_omp_deviceptr (location_t loc, tree decl, tree chain);
tree pacc_omp_reduction (location_t loc, enum tree_code op, tree decl,
                         tree chain);
tree pacc_oacc_parallel (location_t loc, tree vars, tree body, tree clauses);
void pacc_oacc_loop (pacc_loop &l, tree init, tree cond, tree clauses,
                     tree var = NULL_TREE, tree incr = NULL_TREE,
                     tree body = NULL_TREE);

/* lower-geometry.cc */
int pacc_kernel_workers (pacc_kernel &k, bool segmented);
bool pacc_host_bound_p (pacc_region &r, pacc_kernel &k, tree e, bool entry);
tree pacc_set_var_in (pacc_kernel &k, tree e);
bool pacc_reach_trees (const std::vector<const pacc_access *> &accs, int n,
                       tree a, tree b, tree *first, tree *last);
bool pacc_rows_at_entry_p (pacc_region &r, pacc_kernel &k);
tree pacc_loop_first (pacc_loop &l);
bool pacc_row_groups_p (pacc_region &r, pacc_kernel &k, tree *a, tree *b);
bool pacc_slot_reductions_p (pacc_region &r, pacc_kernel &k);
bool pacc_segments_p (pacc_region &r, pacc_kernel &k, tree *a, tree *b,
                      tree *ra = NULL, tree *rb = NULL);
int pacc_segment_cols (pacc_region &r, pacc_kernel &k, bool *copy, tree *a,
                       tree *b, tree *ra = NULL, tree *rb = NULL);
const char *pacc_kernel_gangs (pacc_region &r, pacc_kernel &k);

/* lower-slots.cc */
/* A reduction variable of a kernel, through slots.  */
struct pacc_slot_red
{
  tree gvar;  /* The gang's partial.  */
  tree slots; /* Its slots (__pacc_reduction_slots).  */
  tree rvar;  /* What the second kernel combines them into.  */
  enum tree_code op;
};
/* Slots per reduction variable and queue: enough that few gangs add
   into the same slot at once.  */
#define SLOT_COUNT 1024
/* Reduction variable RI of a kernel whose private copy is RVAR: its
   gang partial, and its slots for the queue and device of chunk CI of
   region R, from libpacc (statements into *STMTS, with the kernel that
   sets them to the identity at their first use).  */
pacc_slot_red pacc_slot_red_for (lower_ctx &c, location_t loc, int ri,
                                 tree rvar, tree ci, tree R, tree queue,
                                 tree *stmts);
tree pacc_slot_add (lower_ctx &c, location_t loc, const pacc_slot_red &rd,
                    tree iter);
tree pacc_slots_kernel (lower_ctx &c, location_t loc, tree queue,
                        const std::vector<pacc_slot_red> &reds, bool combine);

/* lower-segments.cc */
void pacc_lower_segments (lower_ctx &c, pacc_kernel &k, tree row0, tree ra,
                          tree nlines, tree ja, tree jb, tree nseg,
                          HOST_WIDE_INT seglen, int cols, bool copy, tree init,
                          tree bound, tree ngangs,
                          const std::vector<pacc_slot_red> &reds);

/* lower-steps.cc */
/* The check that kernel J's rows [A, B) (long values of the iteration
   row: decomposed loop or fixed row), widened by what its accesses
   reach, stay inside size's rows, else __pacc_rows_outside (WHERE, J +
   1, ...): a statement, or NULL when A, B and size are constants, the
   rows then checked here (an error at the kernel when they leave).  */
tree pacc_rows_check (pacc_region &r, pacc_kernel &k, int j, tree a, tree b,
                      tree where);
/* Note kernel J's loops' bounds as written (before lowering it); then,
   into *STMTS, kernel M's checks at the sub-step of time TCUR.  */
void pacc_note_bounds (pacc_kernel &k, int j);
void pacc_step_checks (pacc_region &r, int m, tree *stmts, tree tcur,
                       hash_map<tree, tree> &host_map);

/* lower-host.cc */
/* Kernel K's host version, from its nest as rewritten onto the chunk's
   pointers (whose hoisted copies HOISTED, pairs of copy and pointer, are
   replaced by the pointers): the rows [LO, HI) split over NTHREADS
   threads (an int variable) in blocks, or, for a fixed row, the nest
   from L0_INIT in the calling thread; the reduction variables as the
   body names them, RED_BODY, combined with RED_OPS into RED_OUT in block
   order.  NULL_TREE when the nest has no host version.  */
tree pacc_host_kernel (lower_ctx &c, pacc_kernel &k, tree lo, tree hi,
                       tree l0_init, tree nthreads,
                       const std::vector<std::pair<tree, tree>> &hoisted,
                       const std::vector<tree> &red_body,
                       const std::vector<tree> &red_out,
                       const std::vector<enum tree_code> &red_ops);

/* lower-kernel.cc */
tree lower_kernel (lower_ctx &c, pacc_kernel &k, int j, tree ci, tree blk,
                   tree s, tree tcur, tree t0, hash_map<tree, tree> &host_map,
                   std::vector<tree> &arr_ptr, std::vector<tree> &whole_ptr,
                   std::vector<tree> &cparts, tree R, tree nch);

/* lower-copy.cc: a function body copied into another function.  */
struct copy_ctx
{
  tree from, to;              /* Functions whose locals are copied.  */
  bool saving;                /* Into a saved copy: no remapping.  */
  hash_map<tree, tree> map;   /* Declarations, SAVE_EXPRs.  */
  hash_map<tree, tree> types; /* Variably modified types.  */
  std::vector<int> *loops;    /* Saving: its loop directives.  */
  /* Pointer parameters bound to arrays of fixed size (`relax (B, A)'
     for `float out[N][M]'): the array; and the array's row size in
     bytes (a constant).  */
  hash_map<tree, tree> fixed, fixed_row;
};
tree pacc_copy_expr (copy_ctx &c, tree e);
tree pacc_remap_type (copy_ctx &c, tree type);
/* E folded through SAVE_EXPRs and conversions to a constant, or E.  */
tree pacc_constant_value (tree e);
location_t pacc_saved_directive_loc (int i);
/* T without the scopes of a parameter's extent evaluation, or NULL when
   nothing is left; error_mark_node when T is not such an evaluation.  */
tree pacc_sizes_only (tree t);
void pacc_drop_size_scopes (tree body);

/* lower-calls.cc */
/* Keep a copy of FNDECL's body if it holds loop nests and no pipeline
   (at PRE_GENERICIZE, before its markers are lowered).  */
void pacc_save_step_function (tree fndecl);
bool pacc_step_function_p (tree fndecl);
/* Replace the calls to saved functions in time step *BODY of CALLER by
   their bodies; false after an error (or a call reported later).  */
bool pacc_inline_step_calls (tree *body, tree caller);
/* After errors in a region whose step had calls replaced: a note at
   each call, since the errors point into the functions' bodies.  */
void pacc_note_step_calls (void);
/* Errors known once every function is parsed: calls to functions
   defined later or elsewhere, step functions no pipeline calls.  */
void pacc_report_step_calls (void);

/* lower-tblock.cc: in-kernel temporal blocking (issue 46).  A step in
   its class (doc/pacc.texi, "In-kernel temporal blocking"): a 2-D nest
   writing DST from SRC by an expression of + - * / on float or double,
   then the nest copying DST back into SRC over the same rows and
   columns.  The stencil's right side as a list of nodes, operands
   before the node that uses them, the last one the value stored.  */
struct pacc_tb_node
{
  char op;                 /* + - * / (a, b), 'n' -a, 'v' a converted, 'c' the
		  constant BITS, 's' scalar SCALAR, 'r' SRC[x+DX][y+DY].  */
  bool dbl;                /* Its type is double (else float).  */
  int a, b;                /* Operands: indices of earlier nodes.  */
  int dx, dy;              /* 'r': offsets, -1 to 1.  */
  int scalar;              /* 's': index into pacc_tblock::scalars.  */
  unsigned long long bits; /* 'c': the IEEE bits of the constant.  */
};
struct pacc_tblock
{
  std::string why; /* Not in the class: why (the note's words).  */
  int src, dst;    /* Array indices.  */
  bool dbl;        /* Elements are double (else float).  */
  bool swap;       /* The step swaps SRC and DST (no copy-back).  */
  std::vector<pacc_tb_node> nodes;
  std::vector<tree> scalars; /* float or double variables it reads.  */
  tree a, b, ca, cb; /* The nest's rows [a, b) and columns [ca, cb).  */
};
/* Whether region R's step is in the class: true, or false with TB.why
   set.  Before the region is lowered (which rewrites the nests).  */
bool pacc_tblock_match (pacc_region &r, pacc_tblock &tb);
/* The end of -fplugin-arg-pacc-verbose's note of kernel 1: whether the
   step is in the class (OK), how, or why not.  */
std::string pacc_tblock_note (const pacc_tblock &tb, bool ok);
/* The run-time choice at sub-step S (in *STEP, before the kernels):
   N = __pacc_tblock (...), the steps one launch advanced, 0 for none;
   S moved on by N - 1 when N > 0.  */
void pacc_tblock_call (lower_ctx &c, pacc_tblock &tb, tree *step, tree R,
                       tree ci, tree ptr, tree s, tree kk, tree n,
                       hash_map<tree, tree> &host_map);

/* lower-ptx.cc: the PTX module of TB's kernels, one per depth
   PACC_TB_DMIN to PACC_TB_DMAX, each after a line "// pacc-tblock D=n";
   the module's header first.  */
enum
{
  PACC_TB_DMIN = 2,
  PACC_TB_DMAX = 8
};
std::string pacc_ptx_tblock (const pacc_tblock &tb);

/* lower-region.cc */
bool pacc_mpi_bounds_ok (pacc_region &r);
tree pacc_lower_region (pacc_region &r);

/* lower-timeloop.cc: a `while' or `do' time loop at *SLOT rewritten as
   a FOR_STMT (*FOR_SLOT); 0 if *SLOT is neither, -1 after an error.  */
int pacc_time_loop_as_for (tree *slot, tree fndecl, location_t loc,
                           tree **for_slot);

/* lower-function.cc */
void pacc_lower_function (tree fndecl);

#pragma GCC visibility pop

#endif /* PACC_LOWER_H */
