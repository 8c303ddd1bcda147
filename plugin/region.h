/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* region.h - the checked model of one `#pragma pacc pipeline` region.

   The region check (check.h, check-region.cc) builds it from the time loop
   (refusing, with a located error, anything it cannot lower correctly);
   the lowering (lower.h) turns it into code.  Declarations only.

   Vocabulary.  Row: index along the decomposed dimension, the first C
   index, iterated by the `loop dim(rank)` loop.  Buffer: one of the listed
   arrays as it was at the start of a time step; pointer swaps inside a
   step rename arrays, so accesses are analysed per buffer.  */

#ifndef PACC_REGION_H
#define PACC_REGION_H

#include "directives.h"

/* A polynomial with integer coefficients over atoms (decls), used to take
   index expressions apart: p[(x-1)*Y + y] is 1*x*Y - 1*Y + 1*y.  */
struct pacc_mono
{
  HOST_WIDE_INT coef;
  std::vector<tree> atoms; /* Sorted by DECL_UID.  */
};
typedef std::vector<pacc_mono> pacc_form;

/* One `#pragma pacc loop dim(N)` loop.  */
struct pacc_loop
{
  tree *slot;        /* Where the FOR_STMT sits.  */
  tree *marker_slot; /* The `loop` marker (NULL: outermost).  */
  tree for_stmt;
  tree *init_slot; /* Statement setting the variable, or NULL.  */
  tree var;
  tree init;  /* Initial value.  */
  tree bound; /* Exclusive upper bound (decomposed loop).  */
  int dim;
  location_t loc;
  int parent; /* Index of the enclosing pacc loop, -1.  */
  int depth;  /* Pacc loops around it.  */
  bool leaf;  /* No pacc loop inside it.  */
  /* Scalars the nest sets, with the definitions they hold where the
     loop starts (check-locals.cc): the host reads the loop's bounds
     through them (pacc_host_value, lower-geometry.cc).  */
  std::vector<std::pair<tree, tree>> defs;
};

enum pacc_index_kind
{
  PACC_IX_VAR,   /* loop variable of this dimension + off.  */
  PACC_IX_INV,   /* no loop variable: invariant form + off.  */
  PACC_IX_OPAQUE /* anything else.  */
};

struct pacc_access
{
  int buf;
  int loop; /* Innermost pacc loop around it.  */
  bool write;
  bool cond; /* Under a condition of the nest's body.  */
  location_t loc;
  enum pacc_index_kind kind[MAX_RANK];
  HOST_WIDE_INT off[MAX_RANK];
  pacc_form inv[MAX_RANK];
  /* Along a dimension indexed by its loop's variable plus OFF, the
     conditions around the access (check-conds.cc) may keep it from the
     loop's ends: it touches indices first + OFF + GLO to last + OFF + GHI
     (first and last: the loop's), GLO >= 0 >= GHI; 0 when they do not.
     `x > 0 ? a[x-1] : a[x]' over x from 0 touches no index -1.  */
  HOST_WIDE_INT glo[MAX_RANK], ghi[MAX_RANK];
  /* Bounds from the other end, when the conditions give them: PIN_LO,
     the access runs only where the variable >= last + ELO (ELO <= 0:
     `r == row - 1 ? a[r-1]'), PIN_HI, only where it <= first + SHI.  */
  bool pin_lo[MAX_RANK], pin_hi[MAX_RANK];
  HOST_WIDE_INT elo[MAX_RANK], shi[MAX_RANK];
};

struct pacc_kernel
{
  location_t loc;
  tree *marker_slot; /* The `loop` marker before the nest.  */
  tree *stmt_slot;   /* The outermost FOR_STMT (or its BIND_EXPR).  */
  tree stmt;         /* What *stmt_slot held.  */
  std::vector<pacc_loop> loops; /* A tree (sibling loops under one
				   loop), outer before inner, siblings in
				   order.  */
  int dec;                      /* Index in LOOPS of the decomposed loop, or
				   -1: a fixed-row nest, whose accesses
				   all sit at row ROW plus a constant.  */
  tree row;                     /* The fixed row (dec < 0), else NULL.  */
  bool point;                   /* Made from a host statement writing one
				   element (check-points.cc).  */
  std::vector<pacc_access> accesses;
  std::vector<tree> private_vars; /* Outer scalars used as inner loop vars.  */
  std::vector<tree> privatized;   /* Outer scalars declared anew in the
				   nest's bodies (check-scalars.cc).  */
  std::vector<int> reductions;    /* Indices into the clause's reductions.  */
  std::vector<tree> set_vars;     /* Scalars the nest declares or sets: the
				   host never reads them (issue 48).  */
  std::vector<tree> red_stmts;    /* Statements updating a reduction var.  */
  int perm[64];                   /* Array i names buffer perm[i] here.  */
  HOST_WIDE_INT w;                /* Written row = iteration row + w.  */
  HOST_WIDE_INT e_lo[MAX_RANK], e_hi[MAX_RANK];
};

struct pacc_item
{
  int kernel; /* -1 for a host statement.  */
  tree *slot; /* Host statement.  */
};

struct pacc_region
{
  tree fndecl;
  pacc_directive *dir;
  pacc_pipeline_clauses *pc;
  location_t loc;
  tree *for_slot; /* Where the time loop's FOR_STMT sits.  */
  tree for_stmt;
  tree tvar;
  tree tend; /* Exclusive end of t.  */
  std::vector<pacc_kernel> kernels;
  std::vector<pacc_item> items;
  std::vector<tree> assigned; /* Scalars and pointers host statements set.  */
  int final_perm[64];         /* Array i names buffer final_perm[i].  */
  HOST_WIDE_INT reach_lo[MAX_RANK], reach_hi[MAX_RANK];
  HOST_WIDE_INT e_lo, e_hi; /* Max widening along rows.  */
  /* Arrays of components (check-components.cc): each component's
     variable, a listed array now, and the value it takes at entry.  */
  std::vector<std::pair<tree, tree>> components;
};

/* lower-copyin.cc (phase 3; lower.h would be its header): before the
   region starts, the sections of copyin arrays against their C types'
   extents and against what the nests read of them: located errors when
   the values are constants, else checks into *BODY that stop the program
   at entry (__pacc_copyin_outside).  T0 and NSTEPS: the region's first
   step and number of steps, set in *BODY before.  Hidden, as every
   function of pacc.so's headers (pacc-plugin.h).  */
#pragma GCC visibility push(hidden)
void pacc_copyin_checks (pacc_region &r, tree *body, tree t0, tree nsteps);
#pragma GCC visibility pop

#endif /* PACC_REGION_H */
