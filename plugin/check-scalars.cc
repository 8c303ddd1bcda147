/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* check-scalars.cc - scalars declared outside a `#pragma pacc loop' nest
   that the nest assigns: private temporaries.

   Old C declares its temporaries at the top of the function and assigns
   them in the nest (`tmp = 0.25 * (n + s); b[x][y] = tmp;').  The
   iterations of a nest run in parallel, so such a scalar can only be
   private to an iteration, which keeps the sequential meaning when

     (a) in every iteration, on every path, the nest writes it before it
	 reads it (pacc_private_scalars; with the loop's `private(list)'
	 clause, a write on some path is enough: the author vouches for the
	 condition), and
     (b) nothing reads the value it has after the nest, the sequential
	 program's last iteration's, which a chunked pipeline has no way to
	 give: no read of it in the function is reached from the nest
	 before a write (pacc_private_reads, once the region's nests are
	 known; the variables of sequential loops inside the nests, private
	 too, obey it as well).

   (a) is decided per pacc loop: the scalar's home is the innermost pacc
   loop of the nest around all its uses, and the body of that loop is
   one iteration; a pacc loop inside the home that writes the scalar has
   its own home (its iterations run in parallel too), and leaves the
   home's copy unwritten.  The nest is then rewritten as its author would
   have written it: the scalar declared anew in the body of each home, so
   that the lowering sees a local of the loop body.  A scalar that is
   not a local variable of the function (static, global, address taken,
   volatile) is left to check-access.cc's error.  */

#include "check.h"

/* ------------------------------------------------------------------ */
/* Small tree helpers.                                                 */

static tree
is_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Does T mention (hold) the tree X?  */
static bool
holds (tree t, tree x)
{
  return t && walk_tree_without_duplicates (&t, is_r, x) != NULL_TREE;
}

/* The variable an assignment or increment T writes, or NULL.  */
static tree
written_decl (tree t)
{
  tree d = pacc_assigned_operand (t);
  return d && DECL_P (d) ? d : NULL_TREE;
}

static tree
writes_r (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return written_decl (*tp) == (tree) data ? *tp : NULL_TREE;
}

static bool
writes (tree t, tree var)
{
  return t && walk_tree_without_duplicates (&t, writes_r, var) != NULL_TREE;
}

/* Index in K's loops of the pacc loop whose FOR_STMT is T, or -1.  */
static int
pacc_loop_of (pacc_kernel &k, tree t)
{
  for (size_t i = 0; i < k.loops.size (); i++)
    if (k.loops[i].for_stmt == t)
      return i;
  return -1;
}

/* A variable of FNDECL's own, whose every use is in its body: the only
   kind whose reads after the nest can all be seen.  */
static bool
own_local_p (tree fndecl, tree v)
{
  return (VAR_P (v) || TREE_CODE (v) == PARM_DECL)
         && DECL_CONTEXT (v) == fndecl && !TREE_STATIC (v)
         && !DECL_EXTERNAL (v) && !TREE_ADDRESSABLE (v)
         && !TREE_THIS_VOLATILE (v);
}

static bool
arith_p (tree v)
{
  tree type = TREE_TYPE (v);
  return INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type);
}

/* ------------------------------------------------------------------ */
/* (a) Written before read in every iteration.                          */

struct priv_ctx
{
  pacc_region *r;
  pacc_kernel *k;
  tree var;
  bool may;       /* private clause: a write on some path.  */
  location_t loc; /* Of the innermost expression walked.  */
  bool bad;
  std::vector<int> homes; /* Loops to declare a copy in, inner first.  */
};

static void home (priv_ctx &p, int li);

/* A read of the variable: an error when W (written) is false.  */
static void
read_var (priv_ctx &p, bool w)
{
  if (w || p.bad)
    return;
  p.bad = true;
  if (p.may)
    error_at (p.loc,
              "%qD is listed in %<private%> but is read here before "
              "any write in an iteration of the %<#pragma pacc loop%> nest: "
              "each iteration%'s copy starts with no value; assign it first "
              "in the loop body",
              p.var);
  else
    error_at (p.loc,
              "%qD is read here before it is written in an iteration "
              "of the %<#pragma pacc loop%> nest, but it is declared outside "
              "the nest, whose iterations run in parallel; declare it inside "
              "the loop body with an initial value, or, if it accumulates "
              "over the iterations, list it in a %<reduction%> clause",
              p.var);
}

/* Walk T in execution order; W: whether the variable has been written
   on every path (with p.may, on some path) so far.  */
static void
flow (priv_ctx &p, tree t, bool &w)
{
  if (!t || TYPE_P (t) || p.bad)
    return;
  location_t saved = p.loc;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    p.loc = EXPR_LOCATION (t);
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        flow (p, tsi_stmt (i), w);
      break;
    case BIND_EXPR:
      flow (p, BIND_EXPR_BODY (t), w);
      break;
    case DECL_EXPR:
      if (VAR_P (DECL_EXPR_DECL (t)))
        flow (p, DECL_INITIAL (DECL_EXPR_DECL (t)), w);
      break;
    case LABEL_EXPR:
      /* A jump may land here from where the variable is not written.  */
      w = w && p.may;
      break;
    case COND_EXPR:
      {
        flow (p, TREE_OPERAND (t, 0), w);
        bool w1 = w, w2 = w;
        flow (p, TREE_OPERAND (t, 1), w1);
        flow (p, TREE_OPERAND (t, 2), w2);
        w = p.may ? w1 || w2 : w1 && w2;
        break;
      }
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      {
        flow (p, TREE_OPERAND (t, 0), w);
        bool w1 = w;
        flow (p, TREE_OPERAND (t, 1), w1);
        w = p.may ? w1 : w;
        break;
      }
    case MODIFY_EXPR:
    case INIT_EXPR:
      flow (p, TREE_OPERAND (t, 1), w);
      if (strip_conv (TREE_OPERAND (t, 0)) == p.var)
        w = true;
      else
        flow (p, TREE_OPERAND (t, 0), w);
      break;
    case PREINCREMENT_EXPR:
    case PREDECREMENT_EXPR:
    case POSTINCREMENT_EXPR:
    case POSTDECREMENT_EXPR:
      flow (p, TREE_OPERAND (t, 0), w);
      flow (p, TREE_OPERAND (t, 1), w);
      break;
    case FOR_STMT:
      {
        int li = pacc_loop_of (*p.k, t);
        if (li >= 0 && writes (FOR_BODY (t), p.var))
          {
            /* Its iterations write in parallel: a home of its own, and
	       this home's copy is not written.  */
            home (p, li);
            w = false;
            break;
          }
        /* A pacc loop that only reads this home's copy, or a sequential
	   loop, whose body may not run: what it writes does not count
	   after it (with p.may it does).  */
        bool wb = w;
        flow (p, FOR_INIT_STMT (t), wb);
        flow (p, FOR_COND (t), wb);
        flow (p, FOR_BODY (t), wb);
        flow (p, FOR_EXPR (t), wb);
        w = p.may ? wb : w;
        break;
      }
    case WHILE_STMT:
      {
        flow (p, WHILE_COND (t), w);
        bool wb = w;
        flow (p, WHILE_BODY (t), wb);
        w = p.may ? wb : w;
        break;
      }
    case DO_STMT:
      {
        bool wb = w;
        flow (p, DO_BODY (t), wb);
        flow (p, DO_COND (t), wb);
        w = p.may ? wb : w;
        break;
      }
    case SWITCH_STMT:
      {
        flow (p, SWITCH_STMT_COND (t), w);
        bool wb = w;
        flow (p, SWITCH_STMT_BODY (t), wb);
        w = p.may ? wb : w;
        break;
      }
    case VAR_DECL:
    case PARM_DECL:
      if (t == p.var)
        read_var (p, w);
      break;
    default:
      if (EXPR_P (t))
        for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
          flow (p, TREE_OPERAND (t, i), w);
      else if (holds (t, p.var))
        /* An initializer list, asm operands: a read.  */
        read_var (p, w);
      break;
    }
  p.loc = saved;
}

/* The innermost pacc loop from LI in around every use of the variable:
   go into a loop inside while the variable's uses are all in its body.  */
static int
find_home (priv_ctx &p, int li)
{
  pacc_kernel &k = *p.k;
  for (;;)
    {
      int only = -1;
      for (size_t m = 0; m < k.loops.size (); m++)
        if (k.loops[m].parent == li && holds (k.loops[m].for_stmt, p.var))
          {
            if (only >= 0)
              return li;
            only = m;
          }
      if (only < 0)
        return li;
      /* Uses outside that loop's body (its control, its `v = a;', other
	 statements) keep the home here.  */
      tree inner = FOR_BODY (k.loops[only].for_stmt);
      FOR_BODY (k.loops[only].for_stmt) = NULL_TREE;
      bool outside = holds (FOR_BODY (k.loops[li].for_stmt), p.var);
      FOR_BODY (k.loops[only].for_stmt) = inner;
      if (outside)
        return li;
      li = only;
    }
}

/* Check that one iteration of the home found from LI writes the variable
   before reading it, and note the home.  */
static void
home (priv_ctx &p, int li)
{
  li = find_home (p, li);
  bool w = false;
  flow (p, FOR_BODY (p.k->loops[li].for_stmt), w);
  p.homes.push_back (li);
}

static tree
replace_r (tree *tp, int *walk_subtrees, void *data)
{
  tree *pair = (tree *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == pair[0])
    *tp = pair[1];
  return NULL_TREE;
}

/* Declare a copy of VAR in the body of loop LI and use it there.  */
static void
declare_copy (pacc_region &r, pacc_loop &l, tree var)
{
  tree fs = l.for_stmt;
  location_t loc = DECL_SOURCE_LOCATION (var);
  tree copy = build_decl (loc, VAR_DECL, DECL_NAME (var), TREE_TYPE (var));
  DECL_CONTEXT (copy) = r.fndecl;
  TREE_USED (copy) = 1;
  DECL_READ_P (copy) = 1;
  DECL_SEEN_IN_BIND_EXPR_P (copy) = 1;
  tree pair[2] = { var, copy };
  walk_tree (&FOR_BODY (fs), replace_r, pair, NULL);
  tree body = alloc_stmt_list ();
  append_to_statement_list_force (build_stmt (loc, DECL_EXPR, copy), &body);
  append_to_statement_list_force (FOR_BODY (fs), &body);
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = copy;
  tree bind = build3 (BIND_EXPR, void_type_node, copy, body, block);
  TREE_SIDE_EFFECTS (bind) = 1;
  SET_EXPR_LOCATION (bind, stmt_loc (fs, l.loc));
  FOR_BODY (fs) = bind;
}

/* Uses of VAR in the control of K's pacc loops (bounds, steps, `v = a;'),
   which the lowering evaluates apart from the bodies.  */
static bool
in_control (pacc_kernel &k, tree var)
{
  for (auto &l : k.loops)
    if (holds (FOR_COND (l.for_stmt), var)
        || holds (FOR_EXPR (l.for_stmt), var) || holds (l.init, var)
        || (l.init_slot && holds (*l.init_slot, var)))
      return true;
  return false;
}

/* The clause of D: scalars a private copy suits; false after an error.  */
static bool
clause_ok (pacc_region &r, pacc_kernel &k, kernel_ctx &kc, pacc_directive *d)
{
  bool ok = true;
  for (size_t i = 0; i < d->privates.size (); i++)
    {
      tree v = d->privates[i];
      location_t loc = d->private_locs[i];
      if (pacc_reduction_index (r, v) >= 0)
        error_at (
          loc,
          "%qD is listed in %<private%> and in the "
          "%<reduction%> clause of the %<#pragma pacc pipeline%>: a "
          "reduction variable combines the values of the iterations, a "
          "private one keeps none; list it in one of them",
          v);
      else if (kc.pacc_vars.contains (v))
        error_at (loc,
                  "%qD in %<private%> is the variable of a "
                  "%<#pragma pacc loop%> of this nest, private already; "
                  "remove it from the clause",
                  v);
      else if (!own_local_p (r.fndecl, v))
        error_at (loc,
                  "%qD in %<private%> must be a local variable of the "
                  "function (not static, not global, its address not taken), "
                  "so that its reads after the nest can be checked; declare "
                  "it in %qD",
                  v, r.fndecl);
      else
        continue;
      ok = false;
    }
  /* The clause names what an iteration of the whole nest owns.  */
  for (size_t li = 1; li < k.loops.size (); li++)
    if (k.loops[li].marker_slot)
      if (pacc_directive *di
          = pacc_marker_directive (*k.loops[li].marker_slot))
        if (!di->privates.empty ())
          {
            error_at (di->private_locs[0],
                      "%<private%> on a %<#pragma pacc "
                      "loop%> inside a nest; put it on the outermost "
                      "%<#pragma pacc loop%> of the nest");
            ok = false;
          }
  return ok;
}

/* Candidates: the decls that the nest at T assigns, and those it
   declares (LOCALS).  */
struct cand_ctx
{
  hash_set<tree> locals;
  std::vector<tree> assigned;
};

static tree
cand_r (tree *tp, int *walk_subtrees, void *data)
{
  cand_ctx &c = *(cand_ctx *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == BIND_EXPR)
    for (tree v = BIND_EXPR_VARS (t); v; v = DECL_CHAIN (v))
      c.locals.add (v);
  else if (TREE_CODE (t) == DECL_EXPR)
    c.locals.add (DECL_EXPR_DECL (t));
  else if (tree d = written_decl (t))
    if (std::find (c.assigned.begin (), c.assigned.end (), d)
        == c.assigned.end ())
      c.assigned.push_back (d);
  return NULL_TREE;
}

bool
pacc_private_scalars (pacc_region &r, pacc_kernel &k, kernel_ctx &kc,
                      pacc_directive *d)
{
  if (!clause_ok (r, k, kc, d))
    return false;
  cand_ctx cc;
  walk_tree (&k.loops[0].for_stmt, cand_r, &cc, NULL);
  std::vector<std::pair<tree, bool>> vars; /* Variable, from clause.  */
  for (tree v : cc.assigned)
    if (!cc.locals.contains (v) && !kc.seq_vars.contains (v)
        && !kc.pacc_vars.contains (v) && pacc_reduction_index (r, v) < 0
        && pacc_array_index (r, v) < 0 && pacc_whole_index (r, v) < 0
        && arith_p (v) && own_local_p (r.fndecl, v)
        && std::find (d->privates.begin (), d->privates.end (), v)
             == d->privates.end ())
      vars.push_back (std::make_pair (v, false));
  for (tree v : d->privates)
    if (!kc.seq_vars.contains (v) && holds (k.loops[0].for_stmt, v))
      vars.push_back (std::make_pair (v, true));
  bool ok = true;
  for (auto &vp : vars)
    {
      tree v = vp.first;
      if (in_control (k, v))
        {
          error_at (k.loc,
                    "%qD, which the %<#pragma pacc loop%> nest "
                    "assigns, is used in the bounds or the step of one of the "
                    "nest%'s loops; compute the bound in another variable "
                    "before the nest",
                    v);
          ok = false;
          continue;
        }
      priv_ctx p;
      p.r = &r;
      p.k = &k;
      p.var = v;
      p.may = vp.second;
      p.loc = k.loc;
      p.bad = false;
      home (p, 0);
      if (p.bad)
        {
          ok = false;
          continue;
        }
      /* Inner homes first: their uses are theirs.  */
      for (int li : p.homes)
        declare_copy (r, k.loops[li], v);
      k.privatized.push_back (v);
    }
  return ok;
}

/* ------------------------------------------------------------------ */
/* (b) No read of the value left after the nest.                       */

struct taint_ctx
{
  pacc_region *r;
  tree var;
  location_t loc;
  bool bad;
  bool switch_in; /* Tainted where the switch was entered.  */
  int nest;       /* The kernel that left it, for the note;
				   -1: a label made it so.  */
};

/* Is T the outermost loop of a nest of the region with its own copies
   of the variable?  Its index, or -1.  */
static int
copying_nest (taint_ctx &c, tree t)
{
  for (size_t j = 0; j < c.r->kernels.size (); j++)
    {
      pacc_kernel &k = c.r->kernels[j];
      if (!k.loops.empty () && k.loops[0].for_stmt == t
          && (std::find (k.privatized.begin (), k.privatized.end (), c.var)
                != k.privatized.end ()
              || std::find (k.private_vars.begin (), k.private_vars.end (),
                            c.var)
                   != k.private_vars.end ()))
        return j;
    }
  return -1;
}

static tree
nest_r (tree *tp, int *walk_subtrees, void *data)
{
  taint_ctx &c = *(taint_ctx *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == FOR_STMT && copying_nest (c, *tp) >= 0 ? *tp
                                                                   : NULL_TREE;
}

/* Does T hold such a nest?  */
static bool
holds_nest (taint_ctx &c, tree t)
{
  return t && walk_tree_without_duplicates (&t, nest_r, &c) != NULL_TREE;
}

static tree
jump_r (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return TREE_CODE (*tp) == BREAK_STMT || TREE_CODE (*tp) == CONTINUE_STMT
             || TREE_CODE (*tp) == GOTO_EXPR
           ? *tp
           : NULL_TREE;
}

static void taint (taint_ctx &c, tree t, bool &s);

/* A loop: COND before each run of BODY then INCR (COND after them when
   !COND_FIRST), repeated: what the end of the body leaves reaches the
   next run.  A jump out of the body may leave with any state the body
   reaches.  */
static void
taint_loop (taint_ctx &c, tree cond, tree body, tree incr, bool cond_first,
            bool &s)
{
  bool in = s, out = s;
  for (int pass = 0; pass < 2; pass++)
    {
      bool st = in;
      if (cond_first)
        taint (c, cond, st);
      out = st;
      taint (c, body, st);
      taint (c, incr, st);
      if (!cond_first)
        {
          taint (c, cond, st);
          out = st;
        }
      if (!st || in)
        break;
      in = true;
    }
  bool jumps = body && walk_tree_without_duplicates (&body, jump_r, NULL);
  s = out || in || (jumps && holds_nest (c, body));
}

/* Walk T in execution order; S: whether the variable may hold a value a
   nest left in it.  */
static void
taint (taint_ctx &c, tree t, bool &s)
{
  if (!t || TYPE_P (t) || c.bad)
    return;
  location_t saved = c.loc;
  if (EXPR_P (t) && EXPR_HAS_LOCATION (t))
    c.loc = EXPR_LOCATION (t);
  switch (TREE_CODE (t))
    {
    case STATEMENT_LIST:
      for (tree_stmt_iterator i = tsi_start (t); !tsi_end_p (i); tsi_next (&i))
        taint (c, tsi_stmt (i), s);
      break;
    case BIND_EXPR:
      taint (c, BIND_EXPR_BODY (t), s);
      break;
    case DECL_EXPR:
      if (VAR_P (DECL_EXPR_DECL (t)))
        taint (c, DECL_INITIAL (DECL_EXPR_DECL (t)), s);
      break;
    case LABEL_EXPR:
      /* A goto may come from anywhere, a nest's end too.  */
      s = true;
      break;
    case CASE_LABEL_EXPR:
      s = s || c.switch_in;
      break;
    case COND_EXPR:
      {
        taint (c, TREE_OPERAND (t, 0), s);
        bool s1 = s, s2 = s;
        taint (c, TREE_OPERAND (t, 1), s1);
        taint (c, TREE_OPERAND (t, 2), s2);
        s = s1 || s2;
        break;
      }
    case TRUTH_ANDIF_EXPR:
    case TRUTH_ORIF_EXPR:
      {
        taint (c, TREE_OPERAND (t, 0), s);
        bool s1 = s;
        taint (c, TREE_OPERAND (t, 1), s1);
        s = s || s1;
        break;
      }
    case MODIFY_EXPR:
    case INIT_EXPR:
      taint (c, TREE_OPERAND (t, 1), s);
      if (strip_conv (TREE_OPERAND (t, 0)) == c.var)
        s = false;
      else
        taint (c, TREE_OPERAND (t, 0), s);
      break;
    case FOR_STMT:
      {
        int j = copying_nest (c, t);
        if (j >= 0)
          {
            c.nest = j;
            s = true;
            break;
          }
        taint (c, FOR_INIT_STMT (t), s);
        taint_loop (c, FOR_COND (t), FOR_BODY (t), FOR_EXPR (t), true, s);
        break;
      }
    case WHILE_STMT:
      taint_loop (c, WHILE_COND (t), WHILE_BODY (t), NULL_TREE, true, s);
      break;
    case DO_STMT:
      taint_loop (c, DO_COND (t), DO_BODY (t), NULL_TREE, false, s);
      break;
    case SWITCH_STMT:
      {
        taint (c, SWITCH_STMT_COND (t), s);
        bool saved_in = c.switch_in, sb = s;
        c.switch_in = s;
        taint (c, SWITCH_STMT_BODY (t), sb);
        c.switch_in = saved_in;
        s = s || sb || holds_nest (c, SWITCH_STMT_BODY (t));
        break;
      }
    case VAR_DECL:
    case PARM_DECL:
    case CONSTRUCTOR:
    case TREE_LIST:
      /* Initializer lists and asm operands: as reads.  */
      if (s && holds (t, c.var))
        {
          c.bad = true;
          error_at (c.loc,
                    "%qD is read here, where it may hold the value that "
                    "a %<#pragma pacc loop%> nest left in it; in a pipeline "
                    "each iteration of the nest has its own copy of %qD and "
                    "none comes out of the nest: assign %qD before this read, "
                    "or use another variable in the nest",
                    c.var, c.var, c.var);
          if (c.nest >= 0)
            inform (c.r->kernels[c.nest].loc, "the nest that assigns %qD",
                    c.var);
        }
      break;
    default:
      if (EXPR_P (t))
        for (int i = 0; i < TREE_OPERAND_LENGTH (t); i++)
          taint (c, TREE_OPERAND (t, i), s);
      break;
    }
  c.loc = saved;
}

bool
pacc_private_reads (pacc_region &r)
{
  std::vector<tree> vars;
  /* With the variables of sequential loops inside nests, private too
     (check-kernel.cc), when the function owns them.  */
  for (auto &k : r.kernels)
    {
      for (tree v : k.privatized)
        if (std::find (vars.begin (), vars.end (), v) == vars.end ())
          vars.push_back (v);
      for (tree v : k.private_vars)
        if (own_local_p (r.fndecl, v)
            && std::find (vars.begin (), vars.end (), v) == vars.end ())
          vars.push_back (v);
    }
  bool ok = true;
  for (tree v : vars)
    {
      taint_ctx c;
      c.r = &r;
      c.var = v;
      c.loc = r.loc;
      c.bad = false;
      c.switch_in = false;
      c.nest = -1;
      bool s = false;
      taint (c, DECL_SAVED_TREE (r.fndecl), s);
      ok &= !c.bad;
    }
  return ok;
}
