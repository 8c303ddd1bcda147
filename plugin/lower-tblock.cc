/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-tblock.cc - which steps get in-kernel temporal blocking (issue
   46), and the run-time call that chooses it at each sub-step.

   The class: a 2-D step of two nests, the first writing DST[x][y] from
   reads of SRC at offsets -1 to 1 (+ - * / on float or double,
   constants, scalars the step does not set), the second copying DST
   back into SRC over the same rows and columns; no swap, reduction,
   copyin or mpi.  For such a step lower-ptx.cc writes the PTX of
   register-streaming kernels that advance the chunk D steps per launch,
   and the chunk's sub-step calls __pacc_tblock (libpacc) before its
   kernels: when it launched one (N steps), the stencil nest is skipped
   and the copy-back runs once, at the last of the N sub-steps.  Anything
   else is one step per launch, for the reason pacc_tblock_match gives
   (the -fplugin-arg-pacc-verbose note says it).  */

#include "pacc-plugin.h"
#include "check.h"
#include "lower.h"

/* The only statement of BODY (through scopes and expression
   statements), or NULL.  */
static tree
only_stmt (tree body)
{
  for (;;)
    {
      if (!body)
        return NULL_TREE;
      switch (TREE_CODE (body))
        {
        case BIND_EXPR:
          if (BIND_EXPR_VARS (body))
            return NULL_TREE;
          body = BIND_EXPR_BODY (body);
          continue;
        case STATEMENT_LIST:
          {
            tree one = NULL_TREE;
            for (tree_stmt_iterator i = tsi_start (body); !tsi_end_p (i);
                 tsi_next (&i))
              {
                tree t = tsi_stmt (i);
                if (pacc_skip_stmt_p (t) || TREE_CODE (t) == DEBUG_BEGIN_STMT)
                  continue;
                if (one)
                  return NULL_TREE;
                one = t;
              }
            body = one;
            continue;
          }
        case CLEANUP_POINT_EXPR:
        case EXPR_STMT:
          body = TREE_OPERAND (body, 0);
          continue;
        case CONVERT_EXPR:
        case NOP_EXPR:
          if (VOID_TYPE_P (TREE_TYPE (body)))
            {
              body = TREE_OPERAND (body, 0);
              continue;
            }
          return body;
        default:
          return body;
        }
    }
}

/* Float or double (not long double, not a vector).  */
static bool
fp_type (tree type, bool *dbl)
{
  type = TYPE_MAIN_VARIANT (type);
  if (type == float_type_node)
    *dbl = false;
  else if (type == double_type_node)
    *dbl = true;
  else
    return false;
  return true;
}

/* The walk of the stencil's right side into TB's nodes: the array reads
   take the nest's accesses in order (check-access.cc records them in
   the order walk_tree meets them, which is this one's).  */
namespace
{
struct tb_walk
{
  pacc_region *r;
  pacc_kernel *k;
  pacc_tblock *tb;
  size_t next; /* Next access.  */
  hash_set<tree> locals;
};
} // namespace

static int
tb_node (tb_walk &w, tree e)
{
  pacc_tblock &tb = *w.tb;
  pacc_tb_node n = {};
  n.a = n.b = -1;
  bool dbl;
  if (!fp_type (TREE_TYPE (e), &dbl))
    {
      tb.why = "the stencil computes in a type other than float or double";
      return -1;
    }
  n.dbl = dbl;
  switch (TREE_CODE (e))
    {
    case NON_LVALUE_EXPR:
      return tb_node (w, TREE_OPERAND (e, 0));
    case PLUS_EXPR:
    case MINUS_EXPR:
    case MULT_EXPR:
    case RDIV_EXPR:
      n.op = TREE_CODE (e) == PLUS_EXPR    ? '+'
             : TREE_CODE (e) == MINUS_EXPR ? '-'
             : TREE_CODE (e) == MULT_EXPR  ? '*'
                                           : '/';
      if ((n.a = tb_node (w, TREE_OPERAND (e, 0))) < 0
          || (n.b = tb_node (w, TREE_OPERAND (e, 1))) < 0)
        return -1;
      if (tb.nodes[n.a].dbl != dbl || tb.nodes[n.b].dbl != dbl)
        {
          tb.why = "an operation mixes float and double operands";
          return -1;
        }
      break;
    case NEGATE_EXPR:
      n.op = 'n';
      if ((n.a = tb_node (w, TREE_OPERAND (e, 0))) < 0)
        return -1;
      break;
    case NOP_EXPR:
    case CONVERT_EXPR:
      {
        bool from;
        if (!fp_type (TREE_TYPE (TREE_OPERAND (e, 0)), &from))
          {
            tb.why = "the stencil converts from a type other than float "
                     "or double";
            return -1;
          }
        if (from == dbl)
          return tb_node (w, TREE_OPERAND (e, 0));
        n.op = 'v';
        if ((n.a = tb_node (w, TREE_OPERAND (e, 0))) < 0)
          return -1;
        break;
      }
    case REAL_CST:
      {
        unsigned char buf[8];
        int len = dbl ? 8 : 4;
        if (native_encode_expr (e, buf, len) != len)
          {
            tb.why = "a constant could not be encoded";
            return -1;
          }
        n.op = 'c';
        for (int i = len - 1; i >= 0; i--)
          n.bits = (n.bits << 8) | buf[i];
        break;
      }
    case VAR_DECL:
    case PARM_DECL:
      {
        if (w.locals.contains (e) || pacc_array_index (*w.r, e) >= 0)
          {
            tb.why = "the stencil reads a variable of the nest";
            return -1;
          }
        if (std::find (w.r->assigned.begin (), w.r->assigned.end (), e)
            != w.r->assigned.end ())
          {
            tb.why = "the stencil reads a scalar the step assigns";
            return -1;
          }
        n.op = 's';
        size_t i = 0;
        while (i < tb.scalars.size () && tb.scalars[i] != e)
          i++;
        if (i == tb.scalars.size ())
          tb.scalars.push_back (e);
        n.scalar = i;
        break;
      }
    case ARRAY_REF:
    case INDIRECT_REF:
    case MEM_REF:
      {
        if (w.next >= w.k->accesses.size ())
          {
            tb.why = "the stencil reads memory that is not a listed array";
            return -1;
          }
        const pacc_access &a = w.k->accesses[w.next++];
        if (a.write || a.buf != tb.src)
          {
            tb.why = "the stencil reads an array other than the one the "
                     "copy-back writes";
            return -1;
          }
        if (a.cond)
          {
            tb.why = "a read is under a condition";
            return -1;
          }
        for (int d = 0; d < 2; d++)
          if (a.kind[d] != PACC_IX_VAR || a.off[d] < -1 || a.off[d] > 1
              || a.glo[d] || a.ghi[d])
            {
              tb.why = "a read is not at a constant offset of -1, 0 or 1 "
                       "from the point";
              return -1;
            }
        n.op = 'r';
        n.dx = a.off[0];
        n.dy = a.off[1];
        break;
      }
    default:
      tb.why = "the stencil has an operation other than + - * / "
               "(a call, a comparison, a select)";
      return -1;
    }
  tb.nodes.push_back (n);
  return tb.nodes.size () - 1;
}

/* Kernel K's two loops, outer rows (decomposed), inner columns, each
   `for (v = a; v < b; v++)': their bounds into TB; and the statement of
   the body.  */
static tree
two_loops (pacc_kernel &k, tree *a, tree *b, tree *ca, tree *cb)
{
  if (k.loops.size () != 2 || k.dec != 0 || k.loops[1].parent != 0 || k.point
      || !k.reductions.empty () || !k.private_vars.empty ()
      || !k.privatized.empty () || k.w != 0)
    return NULL_TREE;
  pacc_loop &lo = k.loops[0], &li = k.loops[1];
  *a = lo.init;
  *b = unit_loop_bound (lo.for_stmt, lo.var);
  *ca = li.init;
  *cb = unit_loop_bound (li.for_stmt, li.var);
  if (!*a || !*b || !*ca || !*cb)
    return NULL_TREE;
  return only_stmt (FOR_BODY (li.for_stmt));
}

/* walk_tree callback: a variable of *DATA's region that changes from
   step to step (t, or a scalar a host statement sets).  */
static tree
step_var_r (tree *tp, int *walk_subtrees, void *data)
{
  pacc_region &r = *(pacc_region *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (*tp == r.tvar
           || std::find (r.assigned.begin (), r.assigned.end (), *tp)
                != r.assigned.end ())
    return *tp;
  return NULL_TREE;
}

/* ACC a point access (offsets 0) of buffer BUF, written or read.  */
static bool
at_point (const pacc_access &acc, int buf, bool write)
{
  return acc.buf == buf && acc.write == write && !acc.cond
         && acc.kind[0] == PACC_IX_VAR && acc.kind[1] == PACC_IX_VAR
         && acc.off[0] == 0 && acc.off[1] == 0;
}

/* The swap form: kernel 0 alone, then host statements that only move
   pointers and leave the two arrays of PERM swapped.  True, with *A and
   *B the two arrays; else false with TB.why.  */
static bool
swap_form (pacc_region &r, pacc_tblock &tb, int *a0, int *b0)
{
  int n = r.pc->arrays.size (), moved = 0;
  *a0 = *b0 = -1;
  for (int a = 0; a < n; a++)
    if (r.final_perm[a] != a)
      {
        moved++;
        if (*a0 < 0)
          *a0 = a;
        else
          *b0 = a;
      }
  if (moved != 2 || r.final_perm[*a0] != *b0 || r.final_perm[*b0] != *a0)
    {
      tb.why = "the step rotates pointers (a copy-back or a swap of two "
               "is blocked)";
      return false;
    }
  if (r.kernels.size () != 1 || r.items[0].kernel != 0)
    {
      tb.why = "the step is not one loop nest and a swap";
      return false;
    }
  for (size_t i = 1; i < r.items.size (); i++)
    {
      tree t = *r.items[i].slot;
      tree v = TREE_CODE (t) == DECL_EXPR     ? DECL_EXPR_DECL (t)
               : TREE_CODE (t) == MODIFY_EXPR ? TREE_OPERAND (t, 0)
                                              : NULL_TREE;
      if (r.items[i].kernel >= 0 || !v || !POINTER_TYPE_P (TREE_TYPE (v)))
        {
          tb.why = "the step has host statements besides its swap";
          return false;
        }
    }
  return true;
}

bool
pacc_tblock_match (pacc_region &r, pacc_tblock &tb)
{
  pacc_pipeline_clauses &pc = *r.pc;
  tb.why.clear ();
  tb.nodes.clear ();
  tb.scalars.clear ();
  tb.swap = false;
  if (pc.rank != 2)
    tb.why = "the pipeline is not 2-D";
  else if (pc.mpi_comm)
    tb.why = "the pipeline has mpi";
  else if (!pc.reductions.empty ())
    tb.why = "the pipeline has a reduction";
  else if (!pc.wholes.empty ())
    tb.why = "the pipeline has copyin arrays";
  else if (!r.components.empty ())
    tb.why = "the pipeline has arrays of components";
  else if (!pc.size_lo[1] || !integer_zerop (pc.size_lo[1]))
    tb.why = "size's second dimension does not start at 0";
  if (!tb.why.empty ())
    return false;
  for (size_t a = 0; a < pc.arrays.size (); a++)
    if (r.final_perm[a] != (int) a)
      tb.swap = true;
  int sa = -1, sb = -1;
  if (tb.swap && !swap_form (r, tb, &sa, &sb))
    return false;
  if (!tb.swap && r.kernels.size () != 2)
    tb.why = "the step is not two loop nests (a stencil, then its "
             "copy-back) nor one and a swap";
  else if (!tb.swap
           && (r.items.size () != 2 || r.items[0].kernel != 0
               || r.items[1].kernel != 1))
    tb.why = "the step has host statements besides its two loop nests";
  if (!tb.why.empty ())
    return false;
  pacc_kernel &ks = r.kernels[0];
  if (ks.e_lo[0] || ks.e_hi[0]
      || (!tb.swap && (r.kernels[1].e_lo[0] || r.kernels[1].e_hi[0])))
    {
      tb.why = "the second nest reads rows the first computes beyond its "
               "own (a chain, not a copy-back)";
      return false;
    }
  tree a, b, ca, cb, a2, b2, ca2, cb2;
  tree st = two_loops (ks, &a, &b, &ca, &cb);
  tree cs
    = tb.swap ? NULL_TREE : two_loops (r.kernels[1], &a2, &b2, &ca2, &cb2);
  if (!st || TREE_CODE (st) != MODIFY_EXPR
      || (!tb.swap && (!cs || TREE_CODE (cs) != MODIFY_EXPR)))
    {
      tb.why = "a nest is not two unit-step loops around one assignment";
      return false;
    }
  if (!tb.swap
      && (!operand_equal_p (a, a2, 0) || !operand_equal_p (b, b2, 0)
          || !operand_equal_p (ca, ca2, 0) || !operand_equal_p (cb, cb2, 0)))
    {
      tb.why = "the copy-back's loops are not the stencil's";
      return false;
    }
  /* One launch takes several steps with the bounds of the first.  */
  for (tree *e : { &a, &b, &ca, &cb })
    if (walk_tree_without_duplicates (e, step_var_r, &r))
      {
        tb.why = "the loops' bounds change from step to step";
        return false;
      }
  tree se;
  if (!tb.swap)
    {
      /* The copy-back: SRC[x][y] = DST[x][y], the same type.  */
      pacc_kernel &kc = r.kernels[1];
      if (kc.accesses.size () != 2 || kc.accesses[1].buf == kc.accesses[0].buf
          || !at_point (kc.accesses[0], kc.accesses[0].buf, false)
          || !at_point (kc.accesses[1], kc.accesses[1].buf, true)
          || !(TREE_CODE (TREE_OPERAND (cs, 1)) == ARRAY_REF
               || TREE_CODE (TREE_OPERAND (cs, 1)) == INDIRECT_REF
               || TREE_CODE (TREE_OPERAND (cs, 1)) == MEM_REF))
        {
          tb.why = "the second nest is not a copy-back dst[x][y] = src[x][y]";
          return false;
        }
      tb.dst = kc.accesses[0].buf;
      tb.src = kc.accesses[1].buf;
      se = TREE_TYPE (TREE_OPERAND (cs, 0));
      if (TYPE_MAIN_VARIANT (se)
          != TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (cs, 1))))
        se = NULL_TREE;
    }
  else
    {
      /* The swapped arrays: the one the stencil writes, the other.  */
      if (ks.accesses.empty () || !ks.accesses.back ().write)
        {
          tb.why = "the stencil does not write the copied array at the point";
          return false;
        }
      tb.dst = ks.accesses.back ().buf;
      tb.src = tb.dst == sa ? sb : sa;
      if (tb.dst != sa && tb.dst != sb)
        {
          tb.why = "the stencil writes an array the step does not swap";
          return false;
        }
      se = TREE_TYPE (TREE_OPERAND (st, 0));
    }
  bool dbl;
  if (!se || !fp_type (se, &tb.dbl)
      || TYPE_MAIN_VARIANT (TREE_TYPE (TREE_OPERAND (st, 0)))
           != TYPE_MAIN_VARIANT (se)
      || (tb.swap && (!fp_type (TREE_TYPE (TREE_OPERAND (st, 0)), &dbl))))
    {
      tb.why = "the arrays are not both float or both double";
      return false;
    }
  if (pc.arrays[tb.src].role != PACC_ROLE_INOUT)
    {
      tb.why = "the array copied back is not targetinout";
      return false;
    }
  /* Swapped, each array's boundary is read at every other step.  */
  if (tb.swap && pc.arrays[tb.dst].role != PACC_ROLE_INOUT)
    {
      tb.why = "the arrays swapped are not both targetinout";
      return false;
    }
  /* The stencil: DST[x][y] = expression; its write is the last access.  */
  if (ks.accesses.empty () || !at_point (ks.accesses.back (), tb.dst, true))
    {
      tb.why = "the stencil does not write the copied array at the point";
      return false;
    }
  tb_walk w;
  w.r = &r;
  w.k = &ks;
  w.tb = &tb;
  w.next = 0;
  w.locals.add (ks.loops[0].var);
  w.locals.add (ks.loops[1].var);
  tree rhs = TREE_OPERAND (st, 1);
  int root = tb_node (w, rhs);
  if (root < 0)
    return false;
  if (w.next + 1 != ks.accesses.size ())
    {
      tb.why = "the stencil reads memory outside its right side";
      return false;
    }
  if (tb.nodes[root].dbl != tb.dbl)
    {
      /* The C conversion on assignment (the front end may leave it
	 implicit).  */
      pacc_tb_node n = {};
      n.op = 'v';
      n.dbl = tb.dbl;
      n.a = root;
      n.b = -1;
      tb.nodes.push_back (n);
    }
  tb.a = a;
  tb.b = b;
  tb.ca = ca;
  tb.cb = cb;
  return true;
}

std::string
pacc_tblock_note (const pacc_tblock &tb, bool ok)
{
  if (!ok)
    return "one step per launch: " + tb.why;
  return tb.swap ? "in-kernel temporal blocking, with the step's swap"
                 : "in-kernel temporal blocking, kernel 2 its copy-back";
}

/* The long array of __pacc_tblock's TB argument: must match
   libpacc/pacc-abi.h's enum pacc_tb.  */
enum
{
  TB_SRC = 0,
  TB_DST,
  TB_ELEM,
  TB_A,
  TB_B,
  TB_CA,
  TB_CB,
  TB_ROWLEN,
  TB_NSCAL,
  TB_SWAP,
  TB_N
};

void
pacc_tblock_call (lower_ctx &c, pacc_tblock &tb, tree *step, tree R, tree ci,
                  tree ptr, tree s, tree kk, tree n,
                  hash_map<tree, tree> &host_map)
{
  pacc_region &r = *c.r;
  std::string ptx = pacc_ptx_tblock (tb);
  tree info = new_var (c, "__pacc_tbi",
                       build_array_type_nelts (long_integer_type_node, TB_N));
  int ns = tb.scalars.size ();
  tree scal = new_var (c, "__pacc_tbs",
                       build_array_type_nelts (double_type_node, ns ? ns : 1));
  TREE_ADDRESSABLE (info) = 1;
  TREE_ADDRESSABLE (scal) = 1;
  add (step, assign (elt (info, TB_SRC), lcst (tb.src)));
  add (step, assign (elt (info, TB_DST), lcst (tb.dst)));
  add (step, assign (elt (info, TB_ELEM), lcst (tb.dbl ? 8 : 4)));
  add (step,
       assign (elt (info, TB_A), lng (rewritten_copy (r, tb.a, host_map))));
  add (step,
       assign (elt (info, TB_B), lng (rewritten_copy (r, tb.b, host_map))));
  add (step,
       assign (elt (info, TB_CA), lng (rewritten_copy (r, tb.ca, host_map))));
  add (step,
       assign (elt (info, TB_CB), lng (rewritten_copy (r, tb.cb, host_map))));
  add (step,
       assign (elt (info, TB_ROWLEN), lng (unshare_expr (r.pc->size_len[1]))));
  add (step, assign (elt (info, TB_NSCAL), lcst (ns)));
  add (step, assign (elt (info, TB_SWAP), lcst (tb.swap)));
  for (int i = 0; i < ns; i++)
    add (step,
         assign (build4 (ARRAY_REF, double_type_node, scal,
                         build_int_cst (integer_type_node, i), NULL_TREE,
                         NULL_TREE),
                 fold_convert (double_type_node,
                               rewritten_copy (r, tb.scalars[i], host_map))));
  tree text = build_string_literal (ptx.size () + 1, ptx.c_str ());
  tree call = build_call_expr_loc (
    r.loc, fn_tblock, 8, R, elt_addr (ci), elt_addr (ptr), lng (s), lng (kk),
    text, elt_addr (info),
    build_fold_addr_expr (build4 (ARRAY_REF, double_type_node, scal,
                                  integer_zero_node, NULL_TREE, NULL_TREE)));
  add (step, assign (n, call));
  /* S on to the last sub-step the launch took.  */
  add (step,
       build3 (COND_EXPR, void_type_node,
               build2 (GT_EXPR, boolean_type_node, n, lcst (0)),
               assign (s, build2 (PLUS_EXPR, long_integer_type_node, s,
                                  build2 (MINUS_EXPR, long_integer_type_node,
                                          n, lcst (1)))),
               NULL_TREE));
}
