/* lower.cc - turn a checked pipeline region into chunked, temporally
   blocked code that calls libpacc (see libpacc/pacc-abi.h).

     t = t0;                                  (the user's init, unchanged)
     { ...descriptors...
       R = __pacc_region_begin (...);
       while (__pacc_next_block (R, blk))
         while (__pacc_next_chunk (R, ci, ptr))
           {
             __pacc_p = ptr[0]; ...
             for (s = 0; s < blk[KK]; s++)
               {
                 tcur = blk[T] + s;
                 host statements on shadows (swaps rename __pacc_ pointers)
                 kernel j: rows [max (A, lo - hlo*(kk-1-s) - e_j - w),
                                 min (B, hi + hhi*(kk-1-s) + e_j - w))
                   as #pragma acc parallel deviceptr(...) async(queue)
                      + #pragma acc loop gang/worker/vector
               }
             ptr[0] = __pacc_p; ...
             __pacc_chunk_done (R, ci, ptr);
           }
       for (t = t0; t < T; t++)   the user's loop, kernels removed: replays
         host statements on the user's variables (pointer swaps, scalars,
         reduction resets) and adds each step's reduction partials.
       __pacc_region_end (R);     frees the partials too  }

   Kernels are built as the C parser builds `#pragma acc parallel` and
   `#pragma acc loop` (c_finish_omp_for), so GCC's gimplifier, OpenACC
   lowering and nvptx offloading, and its host fallback, do the rest.  */

#include "pacc-plugin.h"
#include "check.h"

/* Runtime entry points, built once per translation unit.  */
static tree fn_init, fn_begin, fn_next_block, fn_next_chunk, fn_chunk_done,
  fn_scratch, fn_end, fn_nchunks, fn_red_result, fn_region_sync, fn_dev_push, fn_dev_pop, fn_wait_device,
  fn_update_peer;

static tree
runtime_fn (tree *slot, const char *name, tree type)
{
  if (!*slot)
    {
      *slot = build_fn_decl (name, type);
      pacc_keep_tree (*slot);
    }
  return *slot;
}

static void
build_runtime_decls (void)
{
  tree lp = build_pointer_type (long_integer_type_node);
  tree clp = build_pointer_type (build_qualified_type (long_integer_type_node,
						       TYPE_QUAL_CONST));
  tree vpp = build_pointer_type (ptr_type_node);
  tree ccp = build_pointer_type (build_qualified_type (char_type_node,
						       TYPE_QUAL_CONST));
  runtime_fn (&fn_init, "__pacc_init",
	      build_function_type_list (void_type_node, NULL_TREE));
  runtime_fn (&fn_begin, "__pacc_region_begin",
	      build_function_type_list (ptr_type_node, integer_type_node, ccp,
					ccp, integer_type_node, vpp, clp, clp,
					NULL_TREE));
  runtime_fn (&fn_next_block, "__pacc_next_block",
	      build_function_type_list (integer_type_node, ptr_type_node, lp,
					NULL_TREE));
  runtime_fn (&fn_next_chunk, "__pacc_next_chunk",
	      build_function_type_list (integer_type_node, ptr_type_node, lp,
					vpp, NULL_TREE));
  runtime_fn (&fn_chunk_done, "__pacc_chunk_done",
	      build_function_type_list (void_type_node, ptr_type_node, clp,
					vpp, NULL_TREE));
  runtime_fn (&fn_scratch, "__pacc_region_scratch",
	      build_function_type_list (ptr_type_node, ptr_type_node,
					long_unsigned_type_node, NULL_TREE));
  runtime_fn (&fn_end, "__pacc_region_end",
	      build_function_type_list (void_type_node, ptr_type_node,
					NULL_TREE));
  runtime_fn (&fn_nchunks, "__pacc_region_nchunks",
	      build_function_type_list (long_integer_type_node, ptr_type_node,
					NULL_TREE));
  runtime_fn (&fn_red_result, "__pacc_reduction_result",
	      build_function_type_list (void_type_node, ptr_type_node,
					const_ptr_type_node, ptr_type_node,
					long_unsigned_type_node,
					integer_type_node, NULL_TREE));
  runtime_fn (&fn_region_sync, "__pacc_region_sync",
	      build_function_type_list (void_type_node, ptr_type_node,
					NULL_TREE));
  runtime_fn (&fn_dev_push, "__pacc_device_push",
	      build_function_type_list (integer_type_node, integer_type_node,
					ccp, NULL_TREE));
  runtime_fn (&fn_dev_pop, "__pacc_device_pop",
	      build_function_type_list (void_type_node, integer_type_node,
					NULL_TREE));
  runtime_fn (&fn_wait_device, "__pacc_wait_device",
	      build_function_type_list (void_type_node, integer_type_node,
					ccp, NULL_TREE));
  runtime_fn (&fn_update_peer, "__pacc_update_peer",
	      build_function_type_list (void_type_node, ptr_type_node,
					integer_type_node, size_type_node,
					const_ptr_type_node, integer_type_node,
					size_type_node, integer_type_node, ccp,
					NULL_TREE));
}

/* "file:line" of LOC, as a string literal for run-time messages.  */
static tree
where_literal (location_t loc)
{
  expanded_location xl = expand_location (loc);
  char where[512];
  snprintf (where, sizeof where, "%s:%d", xl.file ? xl.file : "?", xl.line);
  return build_string_literal (strlen (where) + 1, where);
}

/* Must match libpacc/pacc-abi.h.  */
enum
{
  ABI_VERSION = 2,
  AI_KIND = 0, AI_ROW_BYTES = 1, AI_TYPE_ROW = 2, AI_ELEM = 3, AI_N = 4,
  RI_LO0 = 0, RI_LEN0 = 1, RI_HLO = 2, RI_HHI = 3, RI_ELO = 4, RI_EHI = 5,
  RI_T0 = 6, RI_NSTEPS = 7, RI_ASYNC = 8, RI_NKERNELS = 9, RI_N = 10,
  BLK_T = 0, BLK_KK = 1, BLK_N = 2,
  CI_LO = 0, CI_HI = 1, CI_QUEUE = 2, CI_DEVICE = 3, CI_INDEX = 4, CI_N = 5
};

struct lower_ctx
{
  pacc_region *r;
  location_t loc;
  tree vars;			/* Chain of the region's BIND_EXPR.  */
  tree fndecl;
};

static tree
new_var (lower_ctx &c, const char *name, tree type)
{
  tree v = build_decl (c.loc, VAR_DECL, get_identifier (name), type);
  DECL_CONTEXT (v) = c.fndecl;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  TREE_USED (v) = 1;
  DECL_READ_P (v) = 1;
  DECL_CHAIN (v) = c.vars;
  c.vars = v;
  return v;
}

static tree
lng (tree e)
{
  return fold_convert (long_integer_type_node, e);
}

static tree
lcst (HOST_WIDE_INT v)
{
  return build_int_cst (long_integer_type_node, v);
}

static tree
elt (tree arr, int i)
{
  return build4 (ARRAY_REF, TREE_TYPE (TREE_TYPE (arr)), arr,
		 build_int_cst (integer_type_node, i), NULL_TREE, NULL_TREE);
}

static tree
elt_addr (tree arr)
{
  return build_fold_addr_expr (elt (arr, 0));
}

static tree
assign (tree lhs, tree rhs)
{
  tree t = build2 (MODIFY_EXPR, TREE_TYPE (lhs), lhs,
		   fold_convert (TREE_TYPE (lhs), rhs));
  TREE_SIDE_EFFECTS (t) = 1;
  return t;
}

static void
add (tree *list, tree stmt)
{
  append_to_statement_list_force (stmt, list);
}

/* while (COND) BODY, as the C front end's FOR_STMT (lowered later by
   c_genericize).  */
static tree
build_while (location_t loc, tree cond, tree body)
{
  tree t = build_stmt (loc, FOR_STMT, NULL_TREE, cond, NULL_TREE, body,
		       NULL_TREE);
  return t;
}

/* VAR = 0; for (; VAR < N; VAR++) BODY  (VAR a long), as a statement
   list.  */
static tree
counted_loop (location_t loc, tree var, tree n, tree body)
{
  tree list = alloc_stmt_list ();
  add (&list, assign (var, lcst (0)));
  add (&list, build_stmt (loc, FOR_STMT, NULL_TREE,
			  build2 (LT_EXPR, boolean_type_node, var, n),
			  assign (var, build2 (PLUS_EXPR,
					       long_integer_type_node, var,
					       lcst (1))),
			  body, NULL_TREE));
  return list;
}

static tree
ne_zero (tree call)
{
  return build2 (NE_EXPR, integer_type_node, call, integer_zero_node);
}

/* ------------------------------------------------------------------ */
/* Rewriting: replace declarations by other trees.                     */

struct rewrite_ctx
{
  pacc_region *r;
  hash_map<tree, tree> *map;
  hash_set<tree> *guard_stmts;	/* Reduction updates to guard.  */
  tree guard;			/* Own-row condition.  */
};

static tree
rewrite_r (tree *tp, int *walk_subtrees, void *data)
{
  rewrite_ctx &c = *(rewrite_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == SAVE_EXPR)
    {
      /* A user expression the front end saved: each use gets its own
	 rewritten copy (kernel expressions have no side effects).  */
      if (pacc_user_save_expr_p (*c.r, t))
	*tp = unshare_expr (TREE_OPERAND (t, 0));
      else
	*walk_subtrees = 0;
      return NULL_TREE;
    }
  if (c.guard_stmts && c.guard_stmts->contains (t))
    {
      c.guard_stmts->remove (t);
      walk_tree (&TREE_OPERAND (t, 0), rewrite_r, data, NULL);
      walk_tree (&TREE_OPERAND (t, 1), rewrite_r, data, NULL);
      *tp = build3 (COND_EXPR, void_type_node, unshare_expr (c.guard), t,
		    build_empty_stmt (EXPR_LOCATION (t)));
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (DECL_P (t))
    {
      tree *v = c.map->get (t);
      if (v)
	*tp = unshare_expr (*v);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

static tree
rewritten_copy (pacc_region &r, tree e, hash_map<tree, tree> &map)
{
  tree t = unshare_expr (e);
  rewrite_ctx c = { &r, &map, NULL, NULL_TREE };
  walk_tree (&t, rewrite_r, &c, NULL);
  return t;
}

/* ------------------------------------------------------------------ */
/* Reductions.                                                         */

/* The reduction partials PART (nsteps * nkernels elements): element IDX,
   and the index of time step T's kernel J.  */
static tree
part_elt (tree part, tree idx)
{
  tree type = TREE_TYPE (TREE_TYPE (part));
  tree off = build2 (MULT_EXPR, long_integer_type_node, idx,
		     lng (TYPE_SIZE_UNIT (type)));
  return build1 (INDIRECT_REF, type,
		 build2 (POINTER_PLUS_EXPR, TREE_TYPE (part), part,
			 fold_convert (sizetype, off)));
}

static tree
part_index (tree t, tree t0, int nkernels, int j)
{
  return build2 (PLUS_EXPR, long_integer_type_node,
		 build2 (MULT_EXPR, long_integer_type_node,
			 build2 (MINUS_EXPR, long_integer_type_node, lng (t),
				 t0), lcst (nkernels)), lcst (j));
}

static tree
reduction_identity (enum tree_code op, tree type)
{
  switch (op)
    {
    case PLUS_EXPR:
    case BIT_IOR_EXPR:
    case BIT_XOR_EXPR:
    case TRUTH_ORIF_EXPR:
      return build_zero_cst (type);
    case MULT_EXPR:
    case TRUTH_ANDIF_EXPR:
      return build_one_cst (type);
    case BIT_AND_EXPR:
      return build_minus_one_cst (type);
    case MAX_EXPR:
    case MIN_EXPR:
      if (SCALAR_FLOAT_TYPE_P (type))
	{
	  REAL_VALUE_TYPE inf;
	  real_inf (&inf);
	  if (op == MAX_EXPR)
	    inf = real_value_negate (&inf);
	  return build_real (type, inf);
	}
      return op == MAX_EXPR ? TYPE_MIN_VALUE (type) : TYPE_MAX_VALUE (type);
    default:
      gcc_unreachable ();
    }
}

static tree
reduction_combine (location_t loc, enum tree_code op, tree a, tree b)
{
  tree type = TREE_TYPE (a);
  tree v;
  if (op == MAX_EXPR || op == MIN_EXPR)
    v = build2 (op, type, a, b);
  else
    v = build_binary_op (loc, op, a, b, false);
  return fold_convert (type, v);
}

/* ------------------------------------------------------------------ */
/* Kernels.                                                            */

static tree
omp_clause (location_t loc, enum omp_clause_code code, tree chain)
{
  tree c = build_omp_clause (loc, code);
  OMP_CLAUSE_CHAIN (c) = chain;
  return c;
}

/* Free scalars a kernel reads: collected to snapshot them on the host.  */
struct free_ctx
{
  pacc_region *r;
  hash_set<tree> locals;
  hash_set<tree> *skip;
  std::vector<tree> *out;
};

static tree
free_r (tree *tp, int *walk_subtrees, void *data)
{
  free_ctx &c = *(free_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t)
      || (TREE_CODE (t) == SAVE_EXPR && !pacc_user_save_expr_p (*c.r, t)))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      c.locals.add (v);
  if (TREE_CODE (t) == DECL_EXPR)
    c.locals.add (DECL_EXPR_DECL (t));
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !c.locals.contains (t)
      && !c.skip->contains (t) && pacc_array_index (*c.r, t) < 0
      && std::find (c.out->begin (), c.out->end (), t) == c.out->end ())
    c.out->push_back (t);
  return NULL_TREE;
}

/* Convert pacc loop L (rewritten already) into an OACC_LOOP in place.  */
static void
make_oacc_loop (pacc_loop &l, tree init, tree cond, tree clauses)
{
  tree declv = make_tree_vec (1), initv = make_tree_vec (1),
       condv = make_tree_vec (1), incrv = make_tree_vec (1);
  tree fs = *l.slot;
  tree var = l.var;
  TREE_VEC_ELT (declv, 0) = var;
  TREE_VEC_ELT (initv, 0) = build2 (MODIFY_EXPR, TREE_TYPE (var), var,
				    fold_convert (TREE_TYPE (var), init));
  TREE_VEC_ELT (condv, 0) = cond;
  TREE_VEC_ELT (incrv, 0) = FOR_EXPR (fs);
  location_t loc = EXPR_LOCATION (fs);
  if (loc == UNKNOWN_LOCATION)
    loc = l.loc;
  tree body = FOR_BODY (fs);
  tree list = push_stmt_list ();
  tree omp = c_finish_omp_for (loc, OACC_LOOP, declv, NULL_TREE, initv, condv,
			       incrv, body, NULL_TREE, true);
  pop_stmt_list (list);
  if (!omp)
    return;
  OMP_FOR_CLAUSES (omp) = clauses;
  *l.slot = omp;
}

static tree
lower_kernel (lower_ctx &c, pacc_kernel &k, int j, tree ci, tree blk,
	      tree s, tree tcur, tree t0, hash_map<tree, tree> &host_map,
	      std::vector<tree> &arr_ptr, std::vector<tree> &cparts, tree R,
	      tree nch)
{
  pacc_region &r = *c.r;
  location_t loc = k.loc;
  tree stmts = alloc_stmt_list ();
  pacc_loop &dl = k.loops[k.dec];
  int nk = r.kernels.size ();

  /* Rows of this sub-step: lo/hi of the decomposed loop's variable.  */
  tree lo = new_var (c, "__pacc_lo", long_integer_type_node);
  tree hi = new_var (c, "__pacc_hi", long_integer_type_node);
  tree left = build2 (MINUS_EXPR, long_integer_type_node,
		      build2 (MINUS_EXPR, long_integer_type_node,
			      elt (blk, BLK_KK), lcst (1)), lng (s));
  tree widen_lo = build2 (PLUS_EXPR, long_integer_type_node,
			  build2 (MULT_EXPR, long_integer_type_node,
				  lcst (r.pc->halo_lo[0]), left),
			  lcst (k.e_lo[0] + k.w));
  tree widen_hi = build2 (PLUS_EXPR, long_integer_type_node,
			  build2 (MULT_EXPR, long_integer_type_node,
				  lcst (r.pc->halo_hi[0]), left),
			  lcst (k.e_hi[0] - k.w));
  tree a_init = rewritten_copy (r, dl.init, host_map);
  tree b_bound = rewritten_copy (r, dl.bound, host_map);
  add (&stmts, assign (lo, build2 (MAX_EXPR, long_integer_type_node,
				   lng (a_init),
				   build2 (MINUS_EXPR, long_integer_type_node,
					   elt (ci, CI_LO), widen_lo))));
  add (&stmts, assign (hi, build2 (MIN_EXPR, long_integer_type_node,
				   lng (b_bound),
				   build2 (PLUS_EXPR, long_integer_type_node,
					   elt (ci, CI_HI), widen_hi))));

  tree inner = alloc_stmt_list ();
  /* Snapshots of free scalars, firstprivate in the kernel.  */
  hash_set<tree> skip;
  for (auto &l : k.loops)
    skip.add (l.var);
  for (tree v : k.private_vars)
    skip.add (v);
  for (auto &rc : r.pc->reductions)
    skip.add (rc.decl);
  std::vector<tree> frees;
  free_ctx fc;
  fc.r = &r;
  fc.skip = &skip;
  fc.out = &frees;
  walk_tree (&k.stmt, free_r, &fc, NULL);
  for (auto &l : k.loops)
    if (l.init_slot && &l != &k.loops[0])
      walk_tree (l.init_slot, free_r, &fc, NULL);
  if (k.dec != 0 && k.loops[0].init)
    walk_tree (&k.loops[0].init, free_r, &fc, NULL);

  hash_map<tree, tree> kmap;
  for (size_t a = 0; a < r.pc->arrays.size (); a++)
    {
      tree d = r.pc->arrays[a].decl;
      tree p = arr_ptr[a];
      if (TREE_CODE (TREE_TYPE (d)) == ARRAY_TYPE)
	kmap.put (d, build1 (INDIRECT_REF, TREE_TYPE (d), p));
      else
	kmap.put (d, p);
    }
  for (tree v : frees)
    {
      tree type = TREE_TYPE (v);
      if (!INTEGRAL_TYPE_P (type) && !SCALAR_FLOAT_TYPE_P (type))
	continue;
      tree snap = new_var (c, "__pacc_snap", TYPE_MAIN_VARIANT (type));
      tree *hv = host_map.get (v);
      add (&inner, assign (snap, hv ? unshare_expr (*hv) : v));
      kmap.put (v, snap);
    }
  /* Own rows and queue, for reduction guards and the async clause.  */
  tree own_lo = new_var (c, "__pacc_own_lo", long_integer_type_node);
  tree own_hi = new_var (c, "__pacc_own_hi", long_integer_type_node);
  tree queue = new_var (c, "__pacc_queue", integer_type_node);
  add (&inner, assign (own_lo, elt (ci, CI_LO)));
  add (&inner, assign (own_hi, elt (ci, CI_HI)));
  add (&inner, assign (queue, elt (ci, CI_QUEUE)));

  /* Reduction privates.  */
  std::vector<tree> rvars;
  for (int ri : k.reductions)
    {
      pacc_reduction_clause &rc = r.pc->reductions[ri];
      tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rc.decl));
      tree rv = new_var (c, "__pacc_red", type);
      TREE_ADDRESSABLE (rv) = 1;
      add (&inner, assign (rv, reduction_identity (rc.op, type)));
      kmap.put (rc.decl, rv);
      rvars.push_back (rv);
    }

  /* Rewrite the nest.  */
  hash_set<tree> guards;
  for (tree g : k.red_stmts)
    guards.add (g);
  tree row = build2 (PLUS_EXPR, long_integer_type_node, lng (dl.var),
		     lcst (k.w));
  tree guard = build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		       build2 (GE_EXPR, boolean_type_node, row, own_lo),
		       build2 (LT_EXPR, boolean_type_node, unshare_expr (row),
			       own_hi));
  rewrite_ctx rwc = { &r, &kmap, &guards, guard };
  walk_tree (&k.stmt, rewrite_r, &rwc, NULL);
  tree l0_init = k.loops[0].init;
  if (k.dec != 0 && l0_init)
    l0_init = rewritten_copy (r, l0_init, kmap);

  /* Markers and init statements of inner loops go; loops become
     OACC_LOOPs, innermost first (their slots are inside outer bodies).  */
  int nl = k.loops.size ();
  for (int i = nl - 1; i >= 0; i--)
    {
      pacc_loop &l = k.loops[i];
      tree init = i == 0 ? l0_init
		  : l.init_slot ? TREE_OPERAND (*l.init_slot, 1)
		  : l.init ? DECL_INITIAL (l.var) : NULL_TREE;
      if (i > 0)
	{
	  if (l.marker_slot)
	    *l.marker_slot = build_empty_stmt (l.loc);
	  if (l.init_slot)
	    *l.init_slot = build_empty_stmt (l.loc);
	}
      /* Rows go to gangs; the fastest loop gets worker and vector threads
	 (whole blocks on one row: coalesced, and busy even when a chunk
	 has fewer rows than the device has blocks).  One loop: gang worker
	 vector; two: gang / worker vector; three: gang / worker / vector;
	 loops between the second and the innermost run sequentially.  */
      tree clauses = NULL_TREE;
      if (i == 0)
	{
	  clauses = omp_clause (l.loc, OMP_CLAUSE_GANG, clauses);
	  if (pacc_gang_static)
	    OMP_CLAUSE_GANG_STATIC_EXPR (clauses)
	      = build_int_cst (integer_type_node, pacc_gang_static);
	}
      if (i == nl - 1)
	clauses = omp_clause (l.loc, OMP_CLAUSE_VECTOR, clauses);
      if ((i == nl - 1 && nl <= 2) || (i == 1 && nl >= 3))
	clauses = omp_clause (l.loc, OMP_CLAUSE_WORKER, clauses);
      if (!clauses)
	clauses = omp_clause (l.loc, OMP_CLAUSE_SEQ, clauses);
      if (OMP_CLAUSE_CODE (clauses) != OMP_CLAUSE_SEQ)
	clauses = omp_clause (l.loc, OMP_CLAUSE_INDEPENDENT, clauses);
      for (tree v : k.private_vars)
	{
	  clauses = omp_clause (l.loc, OMP_CLAUSE_PRIVATE, clauses);
	  OMP_CLAUSE_DECL (clauses) = v;
	}
      for (size_t q = 0; q < rvars.size (); q++)
	{
	  clauses = omp_clause (l.loc, OMP_CLAUSE_REDUCTION, clauses);
	  OMP_CLAUSE_DECL (clauses) = rvars[q];
	  OMP_CLAUSE_REDUCTION_CODE (clauses)
	    = r.pc->reductions[k.reductions[q]].op;
	}
      tree cond;
      if (i == k.dec)
	{
	  init = lo;
	  cond = build2 (LT_EXPR, boolean_type_node, l.var,
			 fold_convert (TREE_TYPE (l.var), hi));
	}
      else
	cond = FOR_COND (*l.slot);
      if (!init)
	{
	  error_at (l.loc, "%<#pragma pacc loop%> must initialise its "
		    "variable");
	  return build_empty_stmt (loc);
	}
      make_oacc_loop (l, init, cond, clauses);
    }
  /* The outermost loop sat in the time step itself.  */
  if (k.loops[0].slot == k.stmt_slot)
    k.stmt = *k.stmt_slot;

  /* The parallel construct.  */
  tree clauses = NULL_TREE;
  for (tree p : arr_ptr)
    {
      clauses = omp_clause (loc, OMP_CLAUSE_MAP, clauses);
      OMP_CLAUSE_SET_MAP_KIND (clauses, GOMP_MAP_FORCE_DEVICEPTR);
      OMP_CLAUSE_DECL (clauses) = p;
    }
  clauses = omp_clause (loc, OMP_CLAUSE_ASYNC, clauses);
  OMP_CLAUSE_ASYNC_EXPR (clauses) = queue;
  for (size_t q = 0; q < rvars.size (); q++)
    {
      clauses = omp_clause (loc, OMP_CLAUSE_REDUCTION, clauses);
      OMP_CLAUSE_DECL (clauses) = rvars[q];
      OMP_CLAUSE_REDUCTION_CODE (clauses)
	= r.pc->reductions[k.reductions[q]].op;
    }
  tree body = build3 (BIND_EXPR, void_type_node, NULL_TREE, k.stmt, NULL_TREE);
  TREE_SIDE_EFFECTS (body) = 1;
  tree par = make_node (OACC_PARALLEL);
  TREE_TYPE (par) = void_type_node;
  OMP_BODY (par) = body;
  OMP_CLAUSES (par) = clauses;
  SET_EXPR_LOCATION (par, loc);
  TREE_SIDE_EFFECTS (par) = 1;
  pacc_note_kernel_location (loc);
  add (&inner, par);

  /* This chunk's partial of this step and kernel: libpacc stores the
     kernel's result there once it is known (on a GPU without waiting:
     the host runs ahead), at the latest by __pacc_region_sync.  */
  for (size_t q = 0; q < rvars.size (); q++)
    {
      int ri = k.reductions[q];
      tree idx = build2 (PLUS_EXPR, long_integer_type_node,
			 build2 (MULT_EXPR, long_integer_type_node,
				 part_index (tcur, t0, nk, j), nch),
			 elt (ci, CI_INDEX));
      tree slot = part_elt (cparts[ri], idx);
      tree type = TREE_TYPE (rvars[q]);
      add (&inner, build_call_expr_loc
	   (loc, fn_red_result, 5, R,
	    fold_convert (const_ptr_type_node, build_fold_addr_expr (rvars[q])),
	    fold_convert (ptr_type_node, build_fold_addr_expr (slot)),
	    fold_convert (long_unsigned_type_node, TYPE_SIZE_UNIT (type)),
	    queue));
    }
  tree cond = build2 (LT_EXPR, boolean_type_node, lo, hi);
  add (&stmts, build3 (COND_EXPR, void_type_node, cond, inner,
		       build_empty_stmt (loc)));
  return stmts;
}

/* ------------------------------------------------------------------ */

static void
report (pacc_region &r)
{
  std::string arrays;
  for (auto &a : r.pc->arrays)
    {
      if (!arrays.empty ())
	arrays += ", ";
      arrays += IDENTIFIER_POINTER (DECL_NAME (a.decl));
      arrays += " (";
      arrays += role_name (a.role);
      arrays += ")";
    }
  std::string halo, reach;
  char buf[64];
  for (int d = 0; d < r.pc->rank; d++)
    {
      snprintf (buf, sizeof buf, "[%ld:%ld]", (long) r.pc->halo_lo[d],
		(long) r.pc->halo_hi[d]);
      halo += buf;
      snprintf (buf, sizeof buf, "[%ld:%ld]", (long) r.reach_lo[d],
		(long) r.reach_hi[d]);
      reach += buf;
    }
  if (pacc_gang_static)
    snprintf (buf, sizeof buf, "round robin, %d at a time", pacc_gang_static);
  else
    snprintf (buf, sizeof buf, "in blocks");
  inform (r.loc, "pacc: pipeline: arrays %s; decomposed dimension 1 of %d "
	  "(%<dim(%d)%>); halo %s; derived reach %s; %d kernels per step; "
	  "rows to gangs %s", arrays.c_str (), r.pc->rank, r.pc->rank,
	  halo.c_str (), reach.c_str (), (int) r.kernels.size (), buf);
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      inform (k.loc, "pacc: kernel %d: %d loops, rows widened by [%ld:%ld]%s",
	      (int) j + 1, (int) k.loops.size (), (long) k.e_lo[0],
	      (long) k.e_hi[0], k.reductions.empty () ? "" : ", reduction");
    }
}

tree
pacc_lower_region (pacc_region &r)
{
  build_runtime_decls ();
  lower_ctx c;
  c.r = &r;
  c.loc = r.loc;
  c.vars = NULL_TREE;
  c.fndecl = r.fndecl;
  pacc_pipeline_clauses &pc = *r.pc;
  int na = pc.arrays.size ();
  int nk = r.kernels.size ();
  int rank = pc.rank;

  if (pacc_verbose)
    report (r);

  tree body = alloc_stmt_list ();
  tree host = new_var (c, "__pacc_host",
		       build_array_type_nelts (ptr_type_node, na));
  tree ainfo = new_var (c, "__pacc_ainfo",
			build_array_type_nelts (long_integer_type_node,
						na * AI_N));
  tree rinfo = new_var (c, "__pacc_rinfo",
			build_array_type_nelts (long_integer_type_node, RI_N));
  tree blk = new_var (c, "__pacc_blk",
		      build_array_type_nelts (long_integer_type_node, BLK_N));
  tree ci = new_var (c, "__pacc_ci",
		     build_array_type_nelts (long_integer_type_node, CI_N));
  tree ptr = new_var (c, "__pacc_ptr", build_array_type_nelts (ptr_type_node,
							       na));
  for (tree a : { host, ainfo, rinfo, blk, ci, ptr })
    TREE_ADDRESSABLE (a) = 1;
  tree R = new_var (c, "__pacc_R", ptr_type_node);
  tree t0 = new_var (c, "__pacc_t0", long_integer_type_node);
  tree nsteps = new_var (c, "__pacc_nsteps", long_integer_type_node);
  tree s = new_var (c, "__pacc_s", long_integer_type_node);
  tree tcur = new_var (c, "__pacc_t", TYPE_MAIN_VARIANT (TREE_TYPE (r.tvar)));

  /* t0 and the number of steps, fixed at entry.  */
  add (&body, assign (t0, r.tvar));
  tree tend = lng (unshare_expr (r.tend));
  add (&body, assign (nsteps, build2 (MAX_EXPR, long_integer_type_node,
				      lcst (0),
				      build2 (MINUS_EXPR,
					      long_integer_type_node,
					      tend, t0))));

  /* Descriptors.  */
  tree row_elems = lcst (1);
  for (int d = 1; d < rank; d++)
    row_elems = build2 (MULT_EXPR, long_integer_type_node, row_elems,
			lng (unshare_expr (pc.size_len[d])));
  std::vector<tree> arr_ptr;
  std::string names;
  for (int a = 0; a < na; a++)
    {
      tree d = pc.arrays[a].decl;
      tree type = TREE_TYPE (d);
      bool is_array = TREE_CODE (type) == ARRAY_TYPE;
      tree ptype = is_array ? build_pointer_type (type) : type;
      tree elem = type;
      while (TREE_CODE (elem) == ARRAY_TYPE || TREE_CODE (elem) == POINTER_TYPE)
	elem = TREE_TYPE (elem);
      tree hv;
      tree type_row;
      if (is_array)
	{
	  TREE_ADDRESSABLE (d) = 1;
	  hv = build_fold_addr_expr (d);
	  type_row = lng (TYPE_SIZE_UNIT (TREE_TYPE (type)));
	}
      else
	{
	  hv = d;
	  tree pointee = TREE_TYPE (type);
	  type_row = TREE_CODE (pointee) == ARRAY_TYPE
		     ? lng (TYPE_SIZE_UNIT (pointee)) : lcst (0);
	}
      if (rank == 1)
	type_row = lcst (0);
      add (&body, assign (elt (host, a), fold_convert (ptr_type_node, hv)));
      add (&body, assign (elt (ainfo, a * AI_N + AI_KIND),
			  lcst (pc.arrays[a].role)));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ROW_BYTES),
			  build2 (MULT_EXPR, long_integer_type_node,
				  unshare_expr (row_elems),
				  lng (TYPE_SIZE_UNIT (elem)))));
      add (&body, assign (elt (ainfo, a * AI_N + AI_TYPE_ROW), type_row));
      add (&body, assign (elt (ainfo, a * AI_N + AI_ELEM),
			  lng (TYPE_SIZE_UNIT (elem))));
      tree p = new_var (c, "__pacc_p", ptype);
      arr_ptr.push_back (p);
      if (a)
	names += ",";
      names += IDENTIFIER_POINTER (DECL_NAME (d));
    }
  add (&body, assign (elt (rinfo, RI_LO0), lng (unshare_expr (pc.size_lo[0]))));
  add (&body, assign (elt (rinfo, RI_LEN0),
		      lng (unshare_expr (pc.size_len[0]))));
  add (&body, assign (elt (rinfo, RI_HLO), lcst (pc.halo_lo[0])));
  add (&body, assign (elt (rinfo, RI_HHI), lcst (pc.halo_hi[0])));
  add (&body, assign (elt (rinfo, RI_ELO), lcst (r.e_lo)));
  add (&body, assign (elt (rinfo, RI_EHI), lcst (r.e_hi)));
  add (&body, assign (elt (rinfo, RI_T0), t0));
  add (&body, assign (elt (rinfo, RI_NSTEPS), nsteps));
  add (&body, assign (elt (rinfo, RI_ASYNC), lcst (pc.async)));
  add (&body, assign (elt (rinfo, RI_NKERNELS), lcst (nk)));

  tree where_s = where_literal (r.loc);
  tree names_s = build_string_literal (names.size () + 1, names.c_str ());
  add (&body, assign (R, build_call_expr_loc (r.loc, fn_begin, 7,
					      build_int_cst (integer_type_node,
							     ABI_VERSION),
					      where_s, names_s,
					      build_int_cst (integer_type_node,
							     na),
					      elt_addr (host), elt_addr (ainfo),
					      elt_addr (rinfo))));

  /* Reduction partials: nsteps * nk per variable, and the same per chunk
     (nsteps * nk * nchunks, combined into the first in chunk order after
     the blocks, the order the chunks ran in), set to the identity.  */
  std::vector<tree> parts, cparts;
  tree nch = new_var (c, "__pacc_nchunks", long_integer_type_node);
  if (!pc.reductions.empty ())
    add (&body, assign (nch, build_call_expr_loc (r.loc, fn_nchunks, 1, R)));
  for (int pass = 0; pass < 2; pass++)
  for (auto &rc : pc.reductions)
    {
      tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rc.decl));
      tree pt = build_pointer_type (type);
      tree part = new_var (c, "__pacc_part", pt);
      (pass ? cparts : parts).push_back (part);
      tree n = build2 (MULT_EXPR, long_integer_type_node, nsteps, lcst (nk));
      if (pass)
	n = build2 (MULT_EXPR, long_integer_type_node, n, nch);
      add (&body, assign (part,
			  build_call_expr_loc (r.loc, fn_scratch, 2, R,
					       fold_convert
					       (long_unsigned_type_node,
						build2 (MULT_EXPR,
							long_integer_type_node,
							n,
							lng (TYPE_SIZE_UNIT
							     (type)))))));
      tree i = new_var (c, "__pacc_i", long_integer_type_node);
      tree slot = part_elt (part, i);
      add (&body, counted_loop (r.loc, i, unshare_expr (n),
				assign (slot, reduction_identity (rc.op,
								  type))));
    }

  /* Host map for the chunk code: arrays -> chunk pointers, assigned
     variables -> shadows, t -> tcur.  */
  hash_map<tree, tree> host_map;
  for (int a = 0; a < na; a++)
    host_map.put (pc.arrays[a].decl, arr_ptr[a]);
  host_map.put (r.tvar, tcur);
  for (tree v : r.assigned)
    if (pacc_array_index (r, v) < 0)
      host_map.put (v, new_var (c, "__pacc_shadow",
				TYPE_MAIN_VARIANT (TREE_TYPE (v))));

  /* Chunk body.  */
  tree chunk = alloc_stmt_list ();
  for (int a = 0; a < na; a++)
    add (&chunk, assign (arr_ptr[a], elt (ptr, a)));
  tree step = alloc_stmt_list ();
  add (&step, assign (tcur, build2 (PLUS_EXPR, long_integer_type_node,
				    elt (blk, BLK_T), s)));
  for (auto &it : r.items)
    {
      if (it.kernel >= 0)
	{
	  pacc_kernel &k = r.kernels[it.kernel];
	  add (&step, lower_kernel (c, k, it.kernel, ci, blk, s, tcur, t0,
				    host_map, arr_ptr, cparts, R, nch));
	  continue;
	}
      tree t = *it.slot;
      if (TREE_CODE (t) == DECL_EXPR)
	{
	  tree d = DECL_EXPR_DECL (t);
	  if (VAR_P (d) && DECL_INITIAL (d))
	    add (&step, assign (*host_map.get (d),
				rewritten_copy (r, DECL_INITIAL (d), host_map)));
	  continue;
	}
      gcc_assert (TREE_CODE (t) == MODIFY_EXPR);
      if (pacc_reduction_index (r, TREE_OPERAND (t, 0)) >= 0)
	continue;
      add (&step, assign (*host_map.get (TREE_OPERAND (t, 0)),
			  rewritten_copy (r, TREE_OPERAND (t, 1), host_map)));
    }
  add (&chunk, counted_loop (r.loc, s, elt (blk, BLK_KK), step));
  for (int a = 0; a < na; a++)
    add (&chunk, assign (elt (ptr, a), fold_convert (ptr_type_node,
						     arr_ptr[a])));
  add (&chunk, build_call_expr_loc (r.loc, fn_chunk_done, 3, R, elt_addr (ci),
				    elt_addr (ptr)));
  tree chunks = build_while (r.loc,
			     ne_zero (build_call_expr_loc (r.loc, fn_next_chunk,
							   3, R, elt_addr (ci),
							   elt_addr (ptr))),
			     chunk);
  add (&body, build_while (r.loc,
			   ne_zero (build_call_expr_loc (r.loc, fn_next_block,
							 2, R, elt_addr (blk))),
			   chunks));

  /* The chunks' partials, combined in chunk order.  */
  if (!pc.reductions.empty ())
    {
      add (&body, build_call_expr_loc (r.loc, fn_region_sync, 1, R));
      tree n = build2 (MULT_EXPR, long_integer_type_node, nsteps, lcst (nk));
      for (size_t ri = 0; ri < pc.reductions.size (); ri++)
	{
	  tree i = new_var (c, "__pacc_i", long_integer_type_node);
	  tree ch = new_var (c, "__pacc_c", long_integer_type_node);
	  tree slot = part_elt (parts[ri], i);
	  tree src = part_elt (cparts[ri],
			       build2 (PLUS_EXPR, long_integer_type_node,
				       build2 (MULT_EXPR,
					       long_integer_type_node, i, nch),
				       ch));
	  tree combine
	    = assign (slot, reduction_combine (r.loc, pc.reductions[ri].op,
					       unshare_expr (slot), src));
	  add (&body, counted_loop (r.loc, i, unshare_expr (n),
				    counted_loop (r.loc, ch, nch, combine)));
	}
    }

  /* Replay: the user's loop with kernels replaced by reduction updates.  */
  for (size_t j = 0; j < r.kernels.size (); j++)
    {
      pacc_kernel &k = r.kernels[j];
      *k.marker_slot = build_empty_stmt (k.loc);
      if (k.loops[0].init_slot)
	*k.loops[0].init_slot = build_empty_stmt (k.loc);
      tree repl = alloc_stmt_list ();
      for (int ri : k.reductions)
	{
	  pacc_reduction_clause &rc = pc.reductions[ri];
	  tree type = TREE_TYPE (TREE_TYPE (parts[ri]));
	  tree slot = part_elt (parts[ri], part_index (r.tvar, t0, nk, j));
	  add (&repl, assign (rc.decl,
			      reduction_combine (k.loc, rc.op,
						 fold_convert (type, rc.decl),
						 slot)));
	}
      *k.stmt_slot = repl;
    }
  add (&body, r.for_stmt);
  /* After the replay: it reads the reduction partials, region memory.  */
  add (&body, build_call_expr_loc (r.loc, fn_end, 1, R));

  /* A BLOCK for the region's variables, linked into the function's block
     tree: IPA clones remap every statement's block and need to find it.  */
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = c.vars;
  tree outer = DECL_INITIAL (r.fndecl);
  if (outer && TREE_CODE (outer) == BLOCK)
    {
      BLOCK_SUPERCONTEXT (block) = outer;
      BLOCK_CHAIN (block) = BLOCK_SUBBLOCKS (outer);
      BLOCK_SUBBLOCKS (outer) = block;
    }
  tree bind = build3 (BIND_EXPR, void_type_node, c.vars, body, block);
  TREE_SIDE_EFFECTS (bind) = 1;
  SET_EXPR_LOCATION (bind, r.loc);
  return bind;
}

/* ------------------------------------------------------------------ */
/* Driver: find the markers of FNDECL's body.                          */

static tree
mark_used_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp) || DECL_P (*tp))
    *walk_subtrees = 0;
  else if (pacc_directive *d = pacc_marker_directive (*tp))
    d->used = true;
  return NULL_TREE;
}

static tree
lower_markers_r (tree *tp, int *walk_subtrees, void *data)
{
  tree fndecl = (tree) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  /* A block whose only statement is a directive, `{ #pragma pacc wait
     device(d) }': the front end keeps the marker without a statement
     list around it.  Give it one, so that it is lowered as below (the
     walk goes on with the new list).  */
  pacc_directive *lone = pacc_marker_directive (t);
  if (lone && !lone->used)
    {
      tree list = alloc_stmt_list ();
      append_to_statement_list_force (t, &list);
      *tp = t = list;
    }
  if (TREE_CODE (t) != STATEMENT_LIST)
    return NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
    {
      pacc_directive *d = pacc_marker_directive (tsi_stmt (i));
      if (!d || d->used)
	continue;
      d->used = true;
      tree *marker = tsi_stmt_ptr (i);
      if (d->bad)
	{
	  /* Reported already; swallow the markers of its loops too.  */
	  tree_stmt_iterator j = i;
	  for (tsi_next (&j); !tsi_end_p (j); tsi_next (&j))
	    {
	      walk_tree (tsi_stmt_ptr (j), mark_used_r, NULL, NULL);
	      enum tree_code code = TREE_CODE (tsi_stmt (j));
	      if (code == FOR_STMT || code == BIND_EXPR)
		break;
	    }
	  continue;
	}
      if (d->kind == PACC_DIR_INIT)
	{
	  build_runtime_decls ();
	  *marker = build_call_expr_loc (d->loc, fn_init, 0);
	  continue;
	}
      if (d->kind == PACC_DIR_LOOP)
	{
	  error_at (d->loc, "%<#pragma pacc loop%> outside a "
		    "%<#pragma pacc pipeline%> time loop");
	  *marker = build_empty_stmt (d->loc);
	  continue;
	}
      if (d->kind == PACC_DIR_WAIT)
	{
	  build_runtime_decls ();
	  *marker = build_call_expr_loc (d->loc, fn_wait_device, 2,
					 fold_convert (integer_type_node,
						       d->dev),
					 where_literal (d->loc));
	  continue;
	}
      if (d->kind == PACC_DIR_UPDATE_PEER)
	{
	  build_runtime_decls ();
	  tree list = alloc_stmt_list ();
	  tree async = d->async ? fold_convert (integer_type_node, d->async)
		       : integer_minus_one_node;
	  for (size_t k = 0; k < d->to.size (); k++)
	    add (&list, build_call_expr_loc
		 (d->loc, fn_update_peer, 8,
		  fold_convert (ptr_type_node, d->to[k].addr),
		  fold_convert (integer_type_node, d->dev),
		  fold_convert (size_type_node, d->to[k].bytes),
		  fold_convert (const_ptr_type_node, d->from[k].addr),
		  fold_convert (integer_type_node, d->from_dev),
		  fold_convert (size_type_node, d->from[k].bytes),
		  unshare_expr (async), where_literal (d->loc)));
	  *marker = list;
	  continue;
	}
      if (d->kind == PACC_DIR_DEVICEID)
	{
	  /* { int saved = __pacc_device_push (e); STMT;
	       __pacc_device_pop (saved); }  */
	  *marker = build_empty_stmt (d->loc);
	  tree_stmt_iterator j = i;
	  pacc_next_stmt (&j);
	  if (tsi_end_p (j))
	    {
	      error_at (d->loc, "%<#pragma pacc deviceid%> must be followed "
			"by a statement");
	      continue;
	    }
	  tree *slot = tsi_stmt_ptr (j);
	  if (pacc_deviceid_escapes (*slot))
	    continue;
	  build_runtime_decls ();
	  lower_ctx c;
	  c.r = NULL;
	  c.loc = d->loc;
	  c.vars = NULL_TREE;
	  c.fndecl = fndecl;
	  tree saved = new_var (c, "__pacc_device", integer_type_node);
	  tree body = alloc_stmt_list ();
	  add (&body, assign (saved, build_call_expr_loc
			      (d->loc, fn_dev_push, 2,
			       fold_convert (integer_type_node, d->dev),
			       where_literal (d->loc))));
	  add (&body, *slot);
	  add (&body, build_call_expr_loc (d->loc, fn_dev_pop, 1, saved));
	  tree bind = build3 (BIND_EXPR, void_type_node, c.vars, body,
			      NULL_TREE);
	  TREE_SIDE_EFFECTS (bind) = 1;
	  SET_EXPR_LOCATION (bind, d->loc);
	  *slot = bind;
	  continue;
	}
      /* Pipeline: skip `t = t0;`, find the FOR_STMT.  */
      *marker = build_empty_stmt (d->loc);
      tree_stmt_iterator j = i;
      pacc_next_stmt (&j);
      tree *for_slot = NULL, *init_slot, var, init;
      if (!tsi_end_p (j) && TREE_CODE (tsi_stmt (j)) == MODIFY_EXPR)
	{
	  tree_stmt_iterator k = j;
	  pacc_next_stmt (&k);
	  if (!tsi_end_p (k) && TREE_CODE (tsi_stmt (k)) == FOR_STMT)
	    j = k;
	}
      if (tsi_end_p (j)
	  || !pacc_match_for (tsi_stmt_ptr (j), &for_slot, &init_slot, &var,
			      &init))
	{
	  error_at (d->loc, "%<#pragma pacc pipeline%> must be followed by a "
		    "%<for%> loop over the time steps in canonical form");
	  continue;
	}
      pacc_region r;
      r.fndecl = fndecl;
      r.dir = d;
      r.pc = d->pipe;
      r.loc = d->loc;
      r.for_slot = for_slot;
      r.for_stmt = *for_slot;
      if (!pacc_check_region (r))
	{
	  /* Leave the loop alone; its inner markers were reported or are
	     dropped with the rest (drop_markers_r).  */
	  walk_tree (&r.for_stmt, mark_used_r, NULL, NULL);
	  continue;
	}
      *for_slot = pacc_lower_region (r);
      /* GCC 12's IPA-CP clones of a function holding OpenACC regions built
	 here can ICE (remap_gimple_stmt); the region's cost is in its
	 kernels, not in the call, so keep the function out of IPA.  */
      if (!lookup_attribute ("noipa", DECL_ATTRIBUTES (fndecl)))
	DECL_ATTRIBUTES (fndecl) = tree_cons (get_identifier ("noipa"),
					      NULL_TREE,
					      DECL_ATTRIBUTES (fndecl));
    }
  return NULL_TREE;
}

/* Remove markers left behind (after errors).  */
static tree
drop_markers_r (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == STATEMENT_LIST)
    for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
      if (pacc_marker_directive (tsi_stmt (i)))
	*tsi_stmt_ptr (i) = build_empty_stmt (UNKNOWN_LOCATION);
  return NULL_TREE;
}

void
pacc_lower_function (tree fndecl)
{
  if (!pacc_marker_fndecl || !DECL_SAVED_TREE (fndecl))
    return;
  walk_tree (&DECL_SAVED_TREE (fndecl), lower_markers_r, fndecl, NULL);
  walk_tree (&DECL_SAVED_TREE (fndecl), drop_markers_r, NULL, NULL);
}
