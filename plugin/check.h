/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check.h - phase 2 of pacc.so, checking a pipeline region: from the time
   loop after a `#pragma pacc pipeline` marker to the region model
   (region.h), or located errors.

     check-vars.cc    the region's arrays and reduction variables by
                      declaration; the user's SAVE_EXPRs
     check-forms.cc   polynomial forms of index expressions
     check-stmts.cc   statements with no effect, canonical for loops,
                      jumps out of a region
     check-atoms.cc   invariant index terms that are not polynomials
                      (X / 2) as atoms of the forms
     check-scalars.cc scalars declared outside a nest that it assigns:
                      private temporaries, or located errors
     check-access.cc  walking a kernel's statements; the whole arrays
                      a reference reaches
     check-index.cc   one access of a kernel: its indices classified
     check-locals.cc  index locals: `int i = x*Y + y;' read through
     check-conds.cc   the conditions around an access, as intervals of
                      the loop variables
     check-kernel.cc  one loop nest: loops, dependences, reductions
     check-reductions.cc  a nest's reduction updates and reads
     check-host.cc    host statements: swaps, rotations, scalars, what a
                      step may read
     check-points.cc  host writes to one element of a pipelined array,
                      made fixed-row nests
     check-halo.cc    the step's reach along chains of kernels
     check-components.cc  arrays with leading component dimensions,
                      split into one array per component
     check-component-loops.cc  loops over their components, written out
     check-region.cc  the driver, pacc_check_region

   What these files share; the pacc_ functions are used by the lowering
   too.  Declarations only.  */

#ifndef PACC_CHECK_H
#define PACC_CHECK_H

#include "region.h"

/* check-stmts.cc: escapes (break/continue/return/goto leaving the
   region).  */
struct escape_ctx
{
  int depth;  /* Breakable constructs entered.  */
  int cdepth; /* Loops entered (for continue).  */
  bool bad;
  bool deviceid; /* Checking a deviceid statement.  */
};

/* check-forms.cc: what pacc_form_of sees through while
   pacc_form_env_cur points to one (the analysis of one access):
   VALUES, the index locals' definitions (check-locals.cc), and with ARMS
   selects (?:, MIN_EXPR, MAX_EXPR), one arm each, bit N of CHOICE
   choosing the arm of the Nth select met, whose condition as taken goes
   to GUARDS.  */
struct pacc_guard
{
  tree cond;
  bool sense; /* Taken as true, or as false.  */
  int loop;   /* Innermost pacc loop where it holds.  */
};
typedef std::vector<pacc_guard> pacc_guards;
struct pacc_form_env
{
  hash_map<tree, tree> values;
  hash_set<tree> open; /* Being read through: a cycle guard.  */
  bool arms;
  unsigned choice;
  int nsel; /* Selects met.  */
  int loop; /* Innermost pacc loop of the access.  */
  pacc_guards guards;
};

/* check-locals.cc: the scalars a kernel defines.  */
struct pacc_locals
{
  hash_map<tree, int> defs;           /* Definitions in the nest.  */
  hash_map<tree, location_t> changed; /* ++, --, address, second one.  */
  hash_map<tree, tree> value;         /* Definition walked: its value, */
  hash_map<tree, int> region;         /* in that region.  */
  std::vector<int> path; /* Regions (arms, loop bodies) walked in.  */
  int next;
};

/* check-access.cc: a kernel being analysed.  */
struct kernel_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  hash_set<tree> locals;    /* Declared inside the kernel.  */
  hash_set<tree> seq_vars;  /* Set by inner non-pacc loops.  */
  hash_set<tree> pacc_vars; /* Variables of this nest's pacc loops.  */
  hash_set<tree> control;   /* Their init and increment expressions.  */
  bool bad;
  location_t cur_loc; /* Of the innermost expression walked.  */
  int cur_loop;       /* Innermost pacc loop walked (index).  */
  /* A loop variable found in the index of another dimension than its
     loop's dim (a transposed access), for the message.  */
  pacc_loop *wrong_loop;
  int wrong_pos;      /* Index position, 0 = first (slowest).  */
  int cond_depth;     /* Conditions around the expression walked.  */
  pacc_guards guards; /* Those conditions, as taken (if, ?:).  */
  pacc_locals lv;
  bool type_reported; /* A type the GPU cannot take, reported.  */
};

/* check-host.cc: the host statements of a step.  */
struct host_ctx
{
  pacc_region *r;
  hash_set<tree> assigned_all; /* Assigned anywhere in the body.  */
  hash_set<tree> assigned_now; /* Assigned so far in the step.  */
  std::vector<std::pair<tree, int>> ptr_state; /* Pointer -> buffer.  */
  bool bad;
  const pacc_kernel *kernel; /* The kernel whose reads are checked.  */
};

/* The functions and variables are hidden (see pacc-plugin.h).  */
#pragma GCC visibility push(hidden)

/* check-vars.cc */
int pacc_array_index (pacc_region &r, tree decl);
int pacc_whole_index (pacc_region &r, tree decl);
int pacc_reduction_index (pacc_region &r, tree decl);
bool pacc_user_save_expr_p (pacc_region &r, tree t);

/* check-forms.cc */
tree strip_conv (tree e);
tree pacc_assigned_operand (tree t);
tree pacc_stored_operand (tree t);
tree pacc_find_store (tree body, tree var);
void form_add_mono (pacc_form &f, const pacc_mono &m);
void form_add (pacc_form &f, const pacc_form &g, HOST_WIDE_INT scale);
pacc_form form_mul (const pacc_form &a, const pacc_form &b);
bool pacc_form_of (tree expr, pacc_form &f);
bool form_equal (const pacc_form &a, const pacc_form &b);
HOST_WIDE_INT form_const (const pacc_form &f);
bool form_take_var (pacc_form &f, tree var, pacc_form &quot);
tree form_to_tree (const pacc_form &f);
extern pacc_form_env *pacc_form_env_cur;

/* check-stmts.cc */
bool size_eval_p (tree t);
bool pacc_skip_stmt_p (tree t);
void pacc_next_stmt (tree_stmt_iterator *i);
location_t stmt_loc (tree t, location_t fallback);
tree cond_var (tree cond, tree var_hint);
tree for_var (tree for_stmt);
bool for_counts_down (tree for_stmt, tree var);
bool pacc_match_for (tree *slot, tree **for_slot, tree **init_slot, tree *var,
                     tree *init);
tree unit_loop_bound (tree for_stmt, tree var);
bool pacc_loop_span (tree for_stmt, tree var, tree init, tree *lo, tree *hi);
bool pacc_loop_runs_away (tree for_stmt, tree var, tree init, location_t loc);
bool pacc_call_effects_p (tree call);

void check_escapes (tree t, escape_ctx &c, location_t loc);
bool pacc_deviceid_escapes (tree stmt);

/* check-atoms.cc */
void pacc_index_atoms_reset (void);
tree pacc_index_atoms (pacc_region &r, tree e);
tree pacc_expand_atoms (tree e);
/* check-conds.cc */
bool pacc_range_test (tree cond, bool sense, tree var, HOST_WIDE_INT *lo,
                      HOST_WIDE_INT *hi);
void pacc_guard_reach (kernel_ctx &c, pacc_access &a, const pacc_guards &g);
bool pacc_guard_row (kernel_ctx &c, pacc_access &a, const pacc_guards &g,
                     HOST_WIDE_INT *off2);
void pacc_guard_row_reach (kernel_ctx &c, pacc_access &a,
                           const pacc_form &row);

/* check-locals.cc */
void pacc_locals_scan (kernel_ctx &c, tree body);
void pacc_locals_enter (kernel_ctx &c);
void pacc_locals_leave (kernel_ctx &c);
void pacc_locals_def (kernel_ctx &c, tree decl, tree value);
void pacc_locals_env (kernel_ctx &c, pacc_form_env &env);
void pacc_locals_at_loop (kernel_ctx &c, pacc_loop &l);
void pacc_locals_record (kernel_ctx &c);
tree pacc_host_value (pacc_loop &l, tree e);
tree pacc_locals_changed (kernel_ctx &c, tree expr, location_t *where);

/* check-index.cc */
tree strip_ptr (tree p);
void pacc_index_access (kernel_ctx &c, tree ref, bool write, location_t loc);

/* check-access.cc */
int pacc_whole_ref (pacc_region &r, tree t);

tree analyse_r (tree *tp, int *walk_subtrees, void *data);

/* check-scalars.cc */
bool pacc_private_scalars (pacc_region &r, pacc_kernel &k, kernel_ctx &kc,
                           pacc_directive *d);
bool pacc_private_reads (pacc_region &r);

/* check-reductions.cc */
bool pacc_check_reductions (pacc_region &r, pacc_kernel &k);

/* check-kernel.cc */
bool analyse_kernel (pacc_region &r, pacc_kernel &k, tree *after_marker,
                     tree *init_slot, pacc_directive *d);

/* check-host.cc */
int *ptr_buf (host_ctx &h, tree decl);
void host_stmt (host_ctx &h, tree t);

/* check-components.cc */
bool pacc_split_components (pacc_region &r);

/* check-component-loops.cc */
void pacc_unroll_component_loops (pacc_region &r,
                                  const std::vector<tree> &comps);

/* check-points.cc */
bool pacc_point_writes (pacc_region &r);

/* check-halo.cc */
bool derive_halo (pacc_region &r);

/* check-region.cc */
bool pacc_check_region (pacc_region &r);

#pragma GCC visibility pop

#endif /* PACC_CHECK_H */
