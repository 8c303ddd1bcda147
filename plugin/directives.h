/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* directives.h - the record of one `#pragma pacc` directive, and the
   table that finds a directive's record from its marker statement.

   The pragma handler (parse-pragma.cc) fills a record and leaves a marker
   statement `__pacc_directive (ID)` in the function body (add_marker); the
   later phases find the record again from the marker
   (pacc_marker_directive).  Declarations only: directives.cc defines the
   table.  */

#ifndef PACC_DIRECTIVES_H
#define PACC_DIRECTIVES_H

#include "gcc-compat.h"

#define MAX_RANK 4
/* The widest halo a clause may give, in rows (parse-clauses.cc).  */
#define MAX_HALO (1 << 20)

enum pacc_dir_kind
{
  PACC_DIR_INIT,
  PACC_DIR_PIPELINE,
  PACC_DIR_LOOP,
  PACC_DIR_DEVICEID,   /* deviceid(e) STATEMENT  */
  PACC_DIR_WAIT,       /* wait device(e)  */
  PACC_DIR_UPDATE_PEER /* update peer to() to_device() from() ...  */
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
  enum tree_code op; /* PLUS_EXPR, MULT_EXPR, MAX_EXPR, ...  */
  location_t loc;
};

/* copyin(a[lo:len]...): a read-only array of any shape, copied whole to
   every device once per region.  */
struct pacc_whole_clause
{
  tree decl;
  int nsec; /* Sections given (0: the whole array).  */
  tree lo[MAX_RANK];
  tree len[MAX_RANK];
  location_t loc;
};

struct pacc_pipeline_clauses
{
  std::vector<pacc_array_clause> arrays;
  std::vector<pacc_whole_clause> wholes;
  std::vector<pacc_reduction_clause> reductions;
  int rank; /* 0 when size() is missing.  */
  tree size_lo[MAX_RANK];
  tree size_len[MAX_RANK];
  int halo_rank; /* 0 when halo() is missing.  */
  HOST_WIDE_INT halo_lo[MAX_RANK];
  HOST_WIDE_INT halo_hi[MAX_RANK];
  location_t halo_loc;
  bool async;
  /* mpi(COMM, GHOSTS): the MPI_Comm variable (NULL without the clause),
     the ghost rows at each end of a rank's slab (an integer expression,
     evaluated at entry), and where the clause stands.  */
  tree mpi_comm;
  tree mpi_ghosts;
  location_t mpi_loc;
};

struct pacc_directive
{
  enum pacc_dir_kind kind;
  location_t loc;
  bool used;  /* Consumed by a region or reported.  */
  bool bad;   /* Malformed (reported): lower nothing.  */
  int dim;    /* loop: dim(N).  */
  bool point; /* loop: made by check-points.cc around a
				   host statement writing one element.  */
  /* loop: private(list), the scalars each iteration of the nest gets
     its own copy of (check-scalars.cc), and where each is named.  */
  std::vector<tree> privates;
  std::vector<location_t> private_locs;
  pacc_pipeline_clauses *pipe; /* pipeline only.  */
  tree dev;                    /* deviceid, wait device, to_device.  */
  tree from_dev;               /* update peer: from_device.  */
  tree async;                  /* update peer: async(q), or NULL.  */
  std::vector<pacc_peer_item> to, from; /* update peer.  */
};

/* The functions and variables are hidden (see pacc-plugin.h).  */
#pragma GCC visibility push(hidden)

/* directives.cc */
extern tree pacc_marker_fndecl;
void add_marker (pacc_directive *d);
tree pacc_make_marker (pacc_directive *d);
pacc_directive *pacc_marker_directive (tree stmt);
void pacc_directives_reset (void);
const char *role_name (int role);
bool pacc_offload_type_ok (tree type);

#pragma GCC visibility pop

#endif /* PACC_DIRECTIVES_H */
