/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* pacc-gen.c - random PACC test program generator.

   Usage: pacc-gen SEED NCASES [CASES]

   Writes to stdout a C program with NCASES independent pipeline regions
   (case 0 .. NCASES-1, each in its own function), or only the cases listed
   in CASES ("7", "3,7", "0-5,9").  Case i depends only on SEED and i, so
   `pacc-gen SEED N I` reproduces case I of `pacc-gen SEED N` exactly (and
   `pacc-gen SEED N 0-I` everything up to it, when a failure needs the
   regions before it).  Each case prints the FNV-1a hash and a few
   elements of every targetin/targetinout buffer after its region, which
   buffer each pipelined pointer names (swaps and rotations), and its
   reduction variable on a "reduction:" line.

   Every generated case is legal per the design (section 1):
   - every array a kernel uses is listed in targetin/targetinout/targettemp,
     all with the same size clause;
   - every offset is within the halo, and along a chain (a kernel reading,
     at an offset, what an earlier kernel of the step wrote) the offsets add
     up to at most the halo;
   - no kernel reads an array at an offset from where it writes it (reading
     and writing the same point is fine);
   - targetin arrays are never written;
   - a targettemp array is read only where the same step wrote it before;
   - host statements are reduction resets, a scalar computed from t, and
     pointer swaps/rotations of targetinout arrays.
   Coefficients are signed powers of two whose magnitudes add up to at most
   1 per kernel, so values stay bounded and no NaN or infinity appears.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------- */
/* Random numbers: splitmix64.  */

static unsigned long long rng;

static unsigned long long
rnd64 (void)
{
  unsigned long long z = (rng += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Uniform in [lo, hi].  */
static int
rint_ (int lo, int hi)
{
  if (hi <= lo)
    return lo;
  return lo + (int) (rnd64 () % (unsigned long long) (hi - lo + 1));
}

static int
chance (int pct)
{
  return rint_ (0, 99) < pct;
}

static int
pick (const int *v, int n)
{
  return v[rint_ (0, n - 1)];
}

/* ---------------------------------------------------------------------- */
/* String builder.  */

struct sb
{
  char *s;
  size_t len, cap;
};

static void
sb_printf (struct sb *b, const char *fmt, ...)
{
  va_list ap;
  for (;;)
    {
      size_t room = b->cap - b->len;
      va_start (ap, fmt);
      int n = vsnprintf (b->s ? b->s + b->len : NULL, room, fmt, ap);
      va_end (ap);
      if (n < 0)
        abort ();
      if ((size_t) n < room)
        {
          b->len += (size_t) n;
          return;
        }
      b->cap = (b->cap + (size_t) n + 1) * 2;
      b->s = realloc (b->s, b->cap);
      if (!b->s)
        abort ();
    }
}

/* ---------------------------------------------------------------------- */
/* The case model.  */

enum form { F_VLA, F_FLAT, F_FIXED, F_PVLA, F_PFLAT, F_N };
static const char *const form_name[F_N] = { "vla", "flat", "fixed",
                                            "param-vla", "param-flat" };

enum pat { P_COPY, P_SWAP, P_INPLACE, P_ROTATE, P_N };
static const char *const pat_name[P_N] = { "copy", "swap", "inplace",
                                           "rotate" };

enum role { R_IN, R_INOUT, R_TEMP };

enum red { RED_NONE, RED_SUM, RED_MAX };

#define MAXT 24

struct term
{
  int arr;      /* index into c->arr */
  int o[3];     /* offset per dimension */
  int sgn, e;   /* coefficient sgn * 2^-e */
  int hs;       /* also multiplied by the host scalar */
};

struct kern
{
  int warr;                /* array written at offset 0 */
  int nt;
  struct term t[MAXT];
  int lo[3], hi[3];        /* inclusive loop ranges; empty if lo > hi */
};

struct arrinfo
{
  char name[16];
  int role;
};

struct cas
{
  int id;
  int R;
  int N[3];
  int dbl;
  int form, pat;
  int chain;
  int hl[3], hu[3];
  int narr;
  struct arrinfo a[4];
  int nk;
  struct kern k[2];
  int t0, T;
  int async;
  int red, red_reset;
  int hostw;
  int declfor;
  int tmp_inside;
};

static const char *const loopvar[3] = { "x", "y", "z" };

static void check_case (const struct cas *c);

static const char *
elem (const struct cas *c)
{
  return c->dbl ? "double" : "float";
}

/* Add a term reading ARR at offset O to K unless already there.  */
static void
add_term (struct kern *k, int arr, const int *o)
{
  for (int i = 0; i < k->nt; i++)
    if (k->t[i].arr == arr && !memcmp (k->t[i].o, o, sizeof k->t[i].o))
      return;
  if (k->nt == MAXT)
    return;
  struct term *t = &k->t[k->nt++];
  memset (t, 0, sizeof *t);
  t->arr = arr;
  memcpy (t->o, o, sizeof t->o);
}

/* Add N random terms reading ARR at offsets within [-bl[d], bu[d]].  */
static void
add_random_terms (const struct cas *c, struct kern *k, int arr, int n,
                  const int *bl, const int *bu)
{
  for (int i = 0; i < n; i++)
    {
      int o[3] = { 0, 0, 0 };
      int star = chance (50);
      int sd = rint_ (0, c->R - 1);
      for (int d = 0; d < c->R; d++)
        if (!star || d == sd)
          o[d] = rint_ (-bl[d], bu[d]);
      add_term (k, arr, o);
    }
}

static void
add_center (const struct cas *c, struct kern *k, int arr)
{
  static const int zero[3] = { 0, 0, 0 };
  (void) c;
  add_term (k, arr, zero);
}

/* Coefficients: magnitudes 2^-e with sum <= 1.  */
static void
assign_coefs (const struct cas *c, struct kern *k)
{
  int m0 = 0;
  while ((1 << m0) < k->nt)
    m0++;
  for (int i = 0; i < k->nt; i++)
    {
      k->t[i].sgn = chance (75) ? 1 : -1;
      k->t[i].e = m0 + rint_ (0, 2);
      k->t[i].hs = c->hostw && chance (25);
    }
}

/* Margins needed by K's reads along D (of all arrays, or of ARR only).  */
static void
margins (const struct kern *k, int d, int arr, int *L, int *U)
{
  *L = *U = 0;
  for (int i = 0; i < k->nt; i++)
    {
      if (arr >= 0 && k->t[i].arr != arr)
        continue;
      if (-k->t[i].o[d] > *L)
        *L = -k->t[i].o[d];
      if (k->t[i].o[d] > *U)
        *U = k->t[i].o[d];
    }
}

/* Narrow [*lo, *hi] at either end now and then (sub-ranges), mostly
   keeping it non-empty.  */
static void
shrink (int *lo, int *hi)
{
  for (int end = 0; end < 2; end++)
    {
      if (chance (50))
        continue;
      int by = rint_ (1, 2);
      if (*hi - *lo < by && chance (90))
        continue;
      if (end == 0)
        *lo += by;
      else
        *hi -= by;
    }
}

/* Loop ranges of every kernel.  */
static void
choose_ranges (struct cas *c)
{
  for (int d = 0; d < c->R; d++)
    {
      int N = c->N[d];
      int L1, U1;
      margins (&c->k[0], d, -1, &L1, &U1);
      c->k[0].lo[d] = L1;
      c->k[0].hi[d] = N - 1 - U1;
      shrink (&c->k[0].lo[d], &c->k[0].hi[d]);
      if (c->nk < 2)
        continue;
      int L2, U2;
      margins (&c->k[1], d, -1, &L2, &U2);
      int lo = L2, hi = N - 1 - U2;
      if (c->pat == P_COPY && c->a[1].role == R_TEMP)
        {
          /* K2 reads the temp q only where K1 wrote it.  */
          int ql, qu;
          margins (&c->k[1], d, 1, &ql, &qu);
          if (c->k[0].lo[d] + ql > lo)
            lo = c->k[0].lo[d] + ql;
          if (c->k[0].hi[d] - qu < hi)
            hi = c->k[0].hi[d] - qu;
        }
      c->k[1].lo[d] = lo;
      c->k[1].hi[d] = hi;
      shrink (&c->k[1].lo[d], &c->k[1].hi[d]);
    }
}

static int
size_2d0 (void)
{
  static const int v[] = { 1, 2, 3, 4, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37,
                           41, 53, 64 };
  return chance (25) ? rint_ (1, 70) : pick (v, (int) (sizeof v / sizeof v[0]));
}

static int
size_2d1 (void)
{
  static const int v[] = { 1, 2, 3, 5, 7, 11, 13, 17, 23, 31, 37 };
  return chance (25) ? rint_ (1, 40) : pick (v, (int) (sizeof v / sizeof v[0]));
}

static int
size_3d0 (void)
{
  static const int v[] = { 1, 2, 3, 5, 7, 11, 13, 17, 19, 23 };
  return chance (25) ? rint_ (1, 24) : pick (v, (int) (sizeof v / sizeof v[0]));
}

static int
size_3d1 (void)
{
  static const int v[] = { 1, 2, 3, 4, 5, 7, 9, 11, 13 };
  return pick (v, (int) (sizeof v / sizeof v[0]));
}

static void
set_arr (struct cas *c, int i, const char *name, int role)
{
  if (c->form == F_FIXED)
    snprintf (c->a[i].name, sizeof c->a[i].name, "c%d_%s", c->id, name);
  else
    snprintf (c->a[i].name, sizeof c->a[i].name, "%s", name);
  c->a[i].role = role;
  if (i + 1 > c->narr)
    c->narr = i + 1;
}

static void
make_case (struct cas *c, int id, unsigned long long seed)
{
  memset (c, 0, sizeof *c);
  rng = seed ^ (0x632be59bd9b4e019ULL * (unsigned long long) (id + 1));
  rnd64 ();
  c->id = id;
  c->R = chance (65) ? 2 : 3;
  if (c->R == 2)
    {
      c->N[0] = size_2d0 ();
      c->N[1] = size_2d1 ();
    }
  else
    {
      c->N[0] = size_3d0 ();
      c->N[1] = size_3d1 ();
      c->N[2] = size_3d1 ();
    }
  c->dbl = chance (50);
  c->pat = rint_ (0, 99) < 45 ? P_COPY
           : rint_ (0, 99) < 50 ? P_SWAP
           : chance (50) ? P_INPLACE : P_ROTATE;
  if (c->pat == P_COPY || c->pat == P_INPLACE)
    c->form = rint_ (0, F_N - 1);
  else
    {
      static const int f[] = { F_VLA, F_FLAT, F_PVLA, F_PFLAT };
      c->form = pick (f, 4);
    }
  for (int d = 0; d < c->R; d++)
    {
      c->hl[d] = rint_ (0, 2);
      c->hu[d] = rint_ (0, 2);
    }
  c->hostw = chance (30);
  c->async = chance (70);
  c->declfor = chance (25);
  c->tmp_inside = chance (50);
  c->red = chance (35) ? (chance (60) ? RED_SUM : RED_MAX) : RED_NONE;
  c->red_reset = chance (50);
  c->t0 = chance (50) ? 0 : rint_ (1, 7);
  c->T = c->t0 + rint_ (0, 12);
  if (c->T == c->t0 && chance (50))
    c->T = c->t0 - rint_ (1, 3);

  int use_a = chance (40);
  int *hl = c->hl, *hu = c->hu;
  switch (c->pat)
    {
    case P_COPY:
      {
        /* K1: q = f(p[offsets], a, q@0 if inout); K2: p = g(q[offsets],
           p@0, a).  Offsets of K1 within b1, of K2's q reads within b2,
           b1 + b2 <= halo (the chain).  */
        int q_inout = chance (35);
        int b1l[3], b1u[3], b2l[3], b2u[3], bal[3], bau[3];
        c->chain = chance (45);
        set_arr (c, 0, "p", R_INOUT);
        set_arr (c, 1, "q", q_inout ? R_INOUT : R_TEMP);
        if (use_a)
          set_arr (c, 2, "a", R_IN);
        for (int d = 0; d < c->R; d++)
          {
            if (c->chain)
              {
                b1l[d] = rint_ (0, hl[d]);
                b1u[d] = rint_ (0, hu[d]);
                b2l[d] = rint_ (0, hl[d] - b1l[d]);
                b2u[d] = rint_ (0, hu[d] - b1u[d]);
              }
            else
              {
                b1l[d] = hl[d];
                b1u[d] = hu[d];
                b2l[d] = b2u[d] = 0;
              }
            bal[d] = hl[d] - b1l[d];
            bau[d] = hu[d] - b1u[d];
          }
        c->nk = 2;
        c->k[0].warr = 1;
        add_random_terms (c, &c->k[0], 0, rint_ (1, 6), b1l, b1u);
        if (q_inout && chance (50))
          add_center (c, &c->k[0], 1);
        if (use_a)
          add_random_terms (c, &c->k[0], 2, rint_ (1, 2), b1l, b1u);
        c->k[1].warr = 0;
        if (c->chain)
          add_random_terms (c, &c->k[1], 1, rint_ (1, 4), b2l, b2u);
        else
          add_center (c, &c->k[1], 1);
        if (chance (40))
          add_center (c, &c->k[1], 0);
        if (use_a && chance (50))
          add_random_terms (c, &c->k[1], 2, 1, bal, bau);
        break;
      }
    case P_SWAP:
      {
        set_arr (c, 0, "p", R_INOUT);
        set_arr (c, 1, "q", R_INOUT);
        if (use_a)
          set_arr (c, 2, "a", R_IN);
        c->nk = chance (30) ? 2 : 1;
        c->k[0].warr = 1;
        add_random_terms (c, &c->k[0], 0, rint_ (1, 6), hl, hu);
        if (chance (30))
          add_center (c, &c->k[0], 1);
        if (use_a)
          add_random_terms (c, &c->k[0], 2, rint_ (1, 2), hl, hu);
        if (c->nk == 2)
          {
            /* Pointwise on q; may read p (not written in the step).  */
            c->k[1].warr = 1;
            add_center (c, &c->k[1], 1);
            if (chance (50))
              add_random_terms (c, &c->k[1], 0, 1, hl, hu);
            if (use_a && chance (50))
              add_random_terms (c, &c->k[1], 2, 1, hl, hu);
          }
        break;
      }
    case P_INPLACE:
      {
        set_arr (c, 0, "p", R_INOUT);
        set_arr (c, 1, "a", R_IN);
        c->nk = chance (30) ? 2 : 1;
        for (int i = 0; i < c->nk; i++)
          {
            c->k[i].warr = 0;
            add_center (c, &c->k[i], 0);
            add_random_terms (c, &c->k[i], 1, rint_ (1, 4), hl, hu);
          }
        break;
      }
    case P_ROTATE:
      {
        set_arr (c, 0, "p", R_INOUT);
        set_arr (c, 1, "q", R_INOUT);
        set_arr (c, 2, "r", R_INOUT);
        if (use_a)
          set_arr (c, 3, "a", R_IN);
        c->nk = 1;
        c->k[0].warr = 2;
        add_random_terms (c, &c->k[0], 1, rint_ (1, 5), hl, hu);
        add_random_terms (c, &c->k[0], 0, rint_ (1, 2), hl, hu);
        if (chance (30))
          add_center (c, &c->k[0], 2);
        if (use_a)
          add_random_terms (c, &c->k[0], 3, 1, hl, hu);
        break;
      }
    }
  for (int i = 0; i < c->nk; i++)
    assign_coefs (c, &c->k[i]);
  if (c->hostw)
    {
      /* Make sure some kernel reads the host scalar.  */
      int any = 0;
      for (int i = 0; i < c->nk; i++)
        for (int j = 0; j < c->k[i].nt; j++)
          any |= c->k[i].t[j].hs;
      if (!any)
        c->k[rint_ (0, c->nk - 1)].t[0].hs = 1;
    }
  choose_ranges (c);
  check_case (c);
}

/* ---------------------------------------------------------------------- */
/* Independent check of the rules above, on the finished case: aborts with a
   message if the generator ever makes an illegal case.  */

static void
bad_case (const struct cas *c, const char *why)
{
  fprintf (stderr, "pacc-gen: internal error: case %d is illegal: %s\n",
           c->id, why);
  abort ();
}

static int
nonempty (const struct cas *c, const struct kern *k)
{
  for (int d = 0; d < c->R; d++)
    if (k->lo[d] > k->hi[d])
      return 0;
  return 1;
}

static void
check_case (const struct cas *c)
{
  for (int i = 0; i < c->nk; i++)
    {
      const struct kern *k = &c->k[i];
      int ne = nonempty (c, k);
      if (c->a[k->warr].role == R_IN)
        bad_case (c, "targetin written");
      for (int j = 0; j < k->nt; j++)
        {
          const struct term *t = &k->t[j];
          const struct arrinfo *a = &c->a[t->arr];
          int zero = 1;
          for (int d = 0; d < c->R; d++)
            {
              if (t->o[d])
                zero = 0;
              if (-t->o[d] > c->hl[d] || t->o[d] > c->hu[d])
                bad_case (c, "offset outside the halo");
              if (ne && (k->lo[d] + t->o[d] < 0
                         || k->hi[d] + t->o[d] > c->N[d] - 1))
                bad_case (c, "read outside the array");
            }
          if (t->arr == k->warr && !zero)
            bad_case (c, "array read at an offset from where it is written");
          if (a->role == R_TEMP)
            {
              /* Written by an earlier kernel over a range that covers this
                 read, and never read by its writer.  */
              int ok = 0;
              if (t->arr == k->warr)
                bad_case (c, "temp read by the kernel that writes it");
              if (!ne)
                ok = 1;
              for (int w = 0; w < i && !ok; w++)
                if (c->k[w].warr == t->arr)
                  {
                    ok = 1;
                    for (int d = 0; d < c->R; d++)
                      if (k->lo[d] + t->o[d] < c->k[w].lo[d]
                          || k->hi[d] + t->o[d] > c->k[w].hi[d])
                        ok = 0;
                  }
              if (!ok)
                bad_case (c, "temp read where the step has not written it");
            }
        }
    }
  /* Chains: kernel j reads at an offset what an earlier kernel i wrote; the
     reach of i's reads plus j's offset must stay within the halo.  */
  for (int j = 0; j < c->nk; j++)
    for (int i = 0; i < j; i++)
      for (int d = 0; d < c->R; d++)
        {
          int Lj = 0, Uj = 0, Li, Ui;
          for (int m = 0; m < c->k[j].nt; m++)
            if (c->k[j].t[m].arr == c->k[i].warr)
              {
                int o = c->k[j].t[m].o[d];
                if (-o > Lj)
                  Lj = -o;
                if (o > Uj)
                  Uj = o;
              }
          margins (&c->k[i], d, -1, &Li, &Ui);
          if (Lj + Li > c->hl[d] || Uj + Ui > c->hu[d])
            bad_case (c, "chain reaches beyond the halo");
        }
}

/* ---------------------------------------------------------------------- */
/* Emission.  */

static long
nelem (const struct cas *c)
{
  long n = 1;
  for (int d = 0; d < c->R; d++)
    n *= c->N[d];
  return n;
}


/* Size of dimension D as an expression.  */
static void
size_expr (const struct cas *c, int d, char *buf, size_t n)
{
  if (c->form == F_FIXED)
    snprintf (buf, n, "%d", c->N[d]);
  else
    snprintf (buf, n, "N%d", d);
}

/* Pointer declarator for array variables: "float (*NAME)[N1][N2]" or
   "float *NAME".  */
static void
ptr_decl (struct sb *b, const struct cas *c, const char *name)
{
  if (c->form == F_FLAT || c->form == F_PFLAT)
    sb_printf (b, "%s *%s", elem (c), name);
  else
    {
      sb_printf (b, "%s (*%s)", elem (c), name);
      for (int d = 1; d < c->R; d++)
        sb_printf (b, "[N%d]", d);
    }
}

static void
idx_term (struct sb *b, int d, int o)
{
  if (o == 0)
    sb_printf (b, "%s", loopvar[d]);
  else
    sb_printf (b, "%s %c %d", loopvar[d], o < 0 ? '-' : '+', o < 0 ? -o : o);
}

static void
emit_ref (struct sb *b, const struct cas *c, int arr, const int *o)
{
  sb_printf (b, "%s[", c->a[arr].name);
  if (c->form == F_FLAT || c->form == F_PFLAT)
    {
      /* 2-D: (x+o)*N1 + y+o;  3-D: ((x+o)*N1 + y+o)*N2 + z+o.  */
      if (c->R == 3)
        sb_printf (b, "(");
      if (o[0])
        {
          sb_printf (b, "(");
          idx_term (b, 0, o[0]);
          sb_printf (b, ")");
        }
      else
        idx_term (b, 0, 0);
      sb_printf (b, " * N1 + ");
      idx_term (b, 1, o[1]);
      if (c->R == 3)
        {
          sb_printf (b, ") * N2 + ");
          idx_term (b, 2, o[2]);
        }
      sb_printf (b, "]");
      return;
    }
  for (int d = 0; d < c->R; d++)
    {
      if (d)
        sb_printf (b, "][");
      idx_term (b, d, o[d]);
    }
  sb_printf (b, "]");
}

static void
emit_coef (struct sb *b, const struct cas *c, int e)
{
  double v = 1.0;
  for (int i = 0; i < e; i++)
    v /= 2;
  char buf[40];
  snprintf (buf, sizeof buf, "%.17g", v);
  sb_printf (b, "%s%s%s", buf, strchr (buf, '.') ? "" : ".0",
             c->dbl ? "" : "f");
}

static void
indent (struct sb *b, int n)
{
  sb_printf (b, "%*s", n, "");
}

static void
emit_kernel (struct sb *b, const struct cas *c, const struct kern *k,
             int ind, int last)
{
  static const int zero[3] = { 0, 0, 0 };
  for (int d = 0; d < c->R; d++)
    {
      char sz[16];
      size_expr (c, d, sz, sizeof sz);
      indent (b, d == 0 ? ind : ind + 2 * d);
      sb_printf (b, "#pragma pacc loop dim(%d)\n", c->R - d);
      indent (b, ind + 2 * d);
      int ex = c->N[d] - 1 - k->hi[d];   /* hi exclusive = N - ex */
      sb_printf (b, "for (%s%s = %d; %s < ", c->declfor ? "int " : "",
                 loopvar[d], k->lo[d], loopvar[d]);
      if (c->form == F_FIXED)
        sb_printf (b, "%d", k->hi[d] + 1);
      else if (ex == 0)
        sb_printf (b, "%s", sz);
      else if (ex > 0)
        sb_printf (b, "%s - %d", sz, ex);
      else
        sb_printf (b, "%s + %d", sz, -ex);
      sb_printf (b, "; %s++)\n", loopvar[d]);
    }
  int bi = ind + 2 * c->R;
  int braces = last && c->red != RED_NONE;
  if (braces)
    {
      indent (b, bi - 2);
      sb_printf (b, "{\n");
    }
  indent (b, bi);
  emit_ref (b, c, k->warr, zero);
  sb_printf (b, " =");
  for (int i = 0; i < k->nt; i++)
    {
      const struct term *t = &k->t[i];
      sb_printf (b, "\n");
      indent (b, bi + 4);
      sb_printf (b, "%s ", i == 0 ? (t->sgn < 0 ? "-" : " ")
                           : (t->sgn < 0 ? "-" : "+"));
      if (t->hs)
        sb_printf (b, "hs * ");
      emit_coef (b, c, t->e);
      sb_printf (b, " * ");
      emit_ref (b, c, t->arr, t->o);
    }
  sb_printf (b, ";\n");
  if (braces)
    {
      indent (b, bi);
      if (c->red == RED_SUM)
        {
          sb_printf (b, "s += fabs ((double) ");
          emit_ref (b, c, k->warr, zero);
          sb_printf (b, ");\n");
        }
      else
        {
          sb_printf (b, "s = fmax (s, fabs ((double) ");
          emit_ref (b, c, k->warr, zero);
          sb_printf (b, "));\n");
        }
      indent (b, bi - 2);
      sb_printf (b, "}\n");
    }
}

static void
shuffle_strs (char **v, int n)
{
  for (int i = n - 1; i > 0; i--)
    {
      int j = rint_ (0, i);
      char *t = v[i];
      v[i] = v[j];
      v[j] = t;
    }
}

static void
emit_pragma (struct sb *b, const struct cas *c, int ind)
{
  char *cl[8];
  int ncl = 0;
  for (int role = R_IN; role <= R_TEMP; role++)
    {
      struct sb l = { 0 };
      static const char *const kw[] = { "targetin", "targetinout",
                                        "targettemp" };
      int any = 0;
      for (int i = 0; i < c->narr; i++)
        if (c->a[i].role == role)
          {
            sb_printf (&l, "%s%s", any ? (chance (50) ? ", " : ",") : "",
                       c->a[i].name);
            any = 1;
          }
      if (any)
        {
          struct sb x = { 0 };
          sb_printf (&x, "%s(%s)", kw[role], l.s);
          cl[ncl++] = x.s;
        }
      free (l.s);
    }
  struct sb x = { 0 };
  sb_printf (&x, "size(");
  for (int d = 0; d < c->R; d++)
    {
      char sz[16];
      size_expr (c, d, sz, sizeof sz);
      sb_printf (&x, "[0:%s]", sz);
    }
  sb_printf (&x, ")");
  cl[ncl++] = x.s;
  struct sb h = { 0 };
  sb_printf (&h, "halo(");
  for (int d = 0; d < c->R; d++)
    sb_printf (&h, "[%d:%d]", c->hl[d], c->hu[d]);
  sb_printf (&h, ")");
  cl[ncl++] = h.s;
  if (c->async)
    {
      struct sb a = { 0 };
      sb_printf (&a, "async");
      cl[ncl++] = a.s;
    }
  if (c->red != RED_NONE)
    {
      struct sb r = { 0 };
      sb_printf (&r, "reduction(%s:s)", c->red == RED_SUM ? "+" : "max");
      cl[ncl++] = r.s;
    }
  shuffle_strs (cl, ncl);
  indent (b, ind);
  sb_printf (b, "#pragma pacc pipeline");
  for (int i = 0; i < ncl; i++)
    {
      sb_printf (b, " %s", cl[i]);
      free (cl[i]);
    }
  sb_printf (b, "\n");
}

static void
describe (struct sb *b, const struct cas *c)
{
  sb_printf (b, "case %d: %s%s %s %d-D ", c->id, pat_name[c->pat],
             c->chain ? "-chain" : "", form_name[c->form], c->R);
  for (int d = 0; d < c->R; d++)
    sb_printf (b, "%s%d", d ? "x" : "", c->N[d]);
  sb_printf (b, " %s halo", elem (c));
  for (int d = 0; d < c->R; d++)
    sb_printf (b, "[%d:%d]", c->hl[d], c->hu[d]);
  sb_printf (b, " t=%d..%d%s%s%s%s", c->t0, c->T, c->async ? " async" : "",
             c->red == RED_SUM ? " sum" : c->red == RED_MAX ? " max" : "",
             c->red != RED_NONE ? (c->red_reset ? "-reset" : "-accum") : "",
             c->hostw ? " hostscalar" : "");
  if (c->narr > 1 && c->a[1].role == R_TEMP)
    sb_printf (b, " temp");
}

/* The region itself (declarations of t, x, y, z, s, hs and tmp are emitted
   by the caller).  */
static void
emit_region (struct sb *b, const struct cas *c, int ind)
{
  emit_pragma (b, c, ind);
  indent (b, ind);
  sb_printf (b, "for (%st = %d; t < T; t++)\n", c->declfor ? "int " : "",
             c->t0);
  indent (b, ind + 2);
  sb_printf (b, "{\n");
  int bi = ind + 4;
  for (int i = 0; i < c->narr; i++)
    if (c->a[i].role == R_TEMP)
      sb_printf (b, "#ifdef PG_CHECK_TEMP\n"
                 "      pg_poison_%s ((%s *) %s, %ld);\n"
                 "#endif\n", elem (c), elem (c), c->a[i].name, nelem (c));
  if (c->red != RED_NONE && c->red_reset)
    {
      indent (b, bi);
      sb_printf (b, "s = 0.0;\n");
    }
  if (c->hostw)
    {
      indent (b, bi);
      sb_printf (b, "hs = %s * (%s) (t %% 4);\n", c->dbl ? "0.25" : "0.25f",
                 elem (c));
    }
  for (int i = 0; i < c->nk; i++)
    emit_kernel (b, c, &c->k[i], bi, i == c->nk - 1);
  if (c->pat == P_SWAP || c->pat == P_ROTATE)
    {
      indent (b, bi);
      if (c->tmp_inside)
        {
          ptr_decl (b, c, "tmp");
          sb_printf (b, " = p;\n");
        }
      else
        sb_printf (b, "tmp = p;\n");
      indent (b, bi);
      if (c->pat == P_SWAP)
        sb_printf (b, "p = q;\n");
      else
        {
          sb_printf (b, "p = q;\n");
          indent (b, bi);
          sb_printf (b, "q = r;\n");
        }
      indent (b, bi);
      sb_printf (b, "%s = tmp;\n", c->pat == P_SWAP ? "q" : "r");
    }
  indent (b, ind + 2);
  sb_printf (b, "}\n");
}

/* Local declarations the region needs.  */
static void
emit_locals (struct sb *b, const struct cas *c, int ind)
{
  if (!c->declfor)
    {
      indent (b, ind);
      sb_printf (b, "int t");
      for (int d = 0; d < c->R; d++)
        sb_printf (b, ", %s", loopvar[d]);
      sb_printf (b, ";\n");
    }
  indent (b, ind);
  sb_printf (b, "int T = %d;\n", c->T);
  if (c->red != RED_NONE)
    {
      indent (b, ind);
      sb_printf (b, "double s = 0.5;\n");
    }
  if (c->hostw)
    {
      indent (b, ind);
      sb_printf (b, "%s hs = 0;\n", elem (c));
    }
  if ((c->pat == P_SWAP || c->pat == P_ROTATE) && !c->tmp_inside)
    {
      indent (b, ind);
      ptr_decl (b, c, "tmp");
      sb_printf (b, ";\n");
    }
}

/* Print which original buffer each pipelined pointer names, and the
   reduction.  ORIG0.. are the pointers before the region.  */
static void
emit_after (struct sb *b, const struct cas *c, int ind)
{
  if (c->pat == P_SWAP || c->pat == P_ROTATE)
    {
      int n = c->pat == P_SWAP ? 2 : 3;
      indent (b, ind);
      sb_printf (b, "printf (\"case %d: names", c->id);
      for (int i = 0; i < n; i++)
        sb_printf (b, " %%d");
      sb_printf (b, "\\n\"");
      for (int i = 0; i < n; i++)
        sb_printf (b, ", pg_which ((void *) %s, orig, %d)", c->a[i].name, n);
      sb_printf (b, ");\n");
    }
  if (c->red != RED_NONE)
    {
      indent (b, ind);
      sb_printf (b, "printf (\"reduction: case %d s %%.17g\\n\", s);\n", c->id);
    }
}

static void
emit_save_orig (struct sb *b, const struct cas *c, int ind)
{
  if (c->pat == P_SWAP || c->pat == P_ROTATE)
    {
      int n = c->pat == P_SWAP ? 2 : 3;
      indent (b, ind);
      sb_printf (b, "void *orig[%d] = {", n);
      for (int i = 0; i < n; i++)
        sb_printf (b, "%s(void *) %s", i ? ", " : " ", c->a[i].name);
      sb_printf (b, " };\n");
    }
}

static void
emit_case (struct sb *b, const struct cas *c)
{
  struct sb d = { 0 };
  describe (&d, c);
  sb_printf (b, "\n/* %s */\n", d.s);
  free (d.s);

  const char *E = elem (c);
  long n = nelem (c);
  int param = c->form == F_PVLA || c->form == F_PFLAT;

  if (c->form == F_FIXED)
    for (int i = 0; i < c->narr; i++)
      {
        sb_printf (b, "static %s %s", E, c->a[i].name);
        for (int k = 0; k < c->R; k++)
          sb_printf (b, "[%d]", c->N[k]);
        sb_printf (b, ";\n");
      }

  if (param)
    {
      sb_printf (b, "static void\ncase%d_run (", c->id);
      for (int k = 0; k < c->R; k++)
        sb_printf (b, "int N%d, ", k);
      for (int i = 0; i < c->narr; i++)
        {
          ptr_decl (b, c, c->a[i].name);
          sb_printf (b, "%s", i + 1 < c->narr ? ", " : ")\n{\n");
        }
      emit_locals (b, c, 2);
      emit_save_orig (b, c, 2);
      emit_region (b, c, 2);
      emit_after (b, c, 2);
      sb_printf (b, "}\n");
    }

  sb_printf (b, "\nstatic void\ncase%d (void)\n{\n", c->id);
  if (c->form != F_FIXED)
    {
      sb_printf (b, "  int N0 = %d", c->N[0]);
      for (int k = 1; k < c->R; k++)
        sb_printf (b, ", N%d = %d", k, c->N[k]);
      sb_printf (b, ";\n");
    }
  /* Buffers B0.. (element pointers), initialised.  */
  for (int i = 0; i < c->narr; i++)
    {
      if (c->form == F_FIXED)
        sb_printf (b, "  %s *B%d = &%s%s;\n", E, i, c->a[i].name,
                   c->R == 2 ? "[0][0]" : "[0][0][0]");
      else
        sb_printf (b, "  %s *B%d = pg_alloc (sizeof (%s) * %ld);\n", E, i, E,
                   n);
      sb_printf (b, "  pg_init_%s (B%d, %ld, %uU, %d);\n", E, i, n,
                 (unsigned) (c->id * 16 + i + 1), c->a[i].role == R_IN);
    }
  if (param)
    {
      sb_printf (b, "  case%d_run (", c->id);
      for (int k = 0; k < c->R; k++)
        sb_printf (b, "N%d, ", k);
      for (int i = 0; i < c->narr; i++)
        {
          if (c->form == F_PVLA)
            {
              sb_printf (b, "(%s (*)", E);
              for (int k = 1; k < c->R; k++)
                sb_printf (b, "[N%d]", k);
              sb_printf (b, ") B%d", i);
            }
          else
            sb_printf (b, "B%d", i);
          sb_printf (b, "%s", i + 1 < c->narr ? ", " : ");\n");
        }
    }
  else
    {
      if (c->form != F_FIXED)
        for (int i = 0; i < c->narr; i++)
          {
            sb_printf (b, "  ");
            ptr_decl (b, c, c->a[i].name);
            if (c->form == F_FLAT)
              sb_printf (b, " = B%d;\n", i);
            else
              {
                sb_printf (b, " = (%s (*)", E);
                for (int k = 1; k < c->R; k++)
                  sb_printf (b, "[N%d]", k);
                sb_printf (b, ") B%d;\n", i);
              }
          }
      emit_locals (b, c, 2);
      emit_save_orig (b, c, 2);
      sb_printf (b, "\n");
      emit_region (b, c, 2);
      sb_printf (b, "\n");
      emit_after (b, c, 2);
    }
  for (int i = 0; i < c->narr; i++)
    if (c->a[i].role != R_TEMP)
      sb_printf (b, "  pg_dump_%s (%d, \"%s\", B%d, %ld);\n", E, c->id,
                 c->a[i].name, i, n);
  if (c->form != F_FIXED)
    for (int i = 0; i < c->narr; i++)
      sb_printf (b, "  free (B%d);\n", i);
  sb_printf (b, "}\n");
}

static const char prologue[] =
  "#include <math.h>\n"
  "#include <stdio.h>\n"
  "#include <stdlib.h>\n"
  "\n"
  "static inline unsigned long long\n"
  "pg_fnv (const void *p, size_t n)\n"
  "{\n"
  "  const unsigned char *b = (const unsigned char *) p;\n"
  "  unsigned long long h = 0xcbf29ce484222325ULL;\n"
  "  for (size_t i = 0; i < n; i++)\n"
  "    {\n"
  "      h ^= b[i];\n"
  "      h *= 0x100000001b3ULL;\n"
  "    }\n"
  "  return h;\n"
  "}\n"
  "\n"
  "static inline void *\n"
  "pg_alloc (size_t bytes)\n"
  "{\n"
  "  void *p = malloc (bytes ? bytes : 1);\n"
  "  if (!p)\n"
  "    abort ();\n"
  "  return p;\n"
  "}\n"
  "\n"
  "/* Multiples of 1/1024 in [-2, 2), or in [0, 1/4) for coefficients.  */\n"
  "static inline double\n"
  "pg_value (unsigned seed, long i, int coef)\n"
  "{\n"
  "  unsigned long long h = (unsigned long long) seed * 0x9e3779b97f4a7c15ULL\n"
  "                         + (unsigned long long) i * 0xbf58476d1ce4e5b9ULL;\n"
  "  h ^= h >> 31;\n"
  "  h *= 0x94d049bb133111ebULL;\n"
  "  h ^= h >> 29;\n"
  "  double v = ((long) (h % 4096) - 2048) / 1024.0;\n"
  "  return coef ? (v + 2.0) / 16.0 : v;\n"
  "}\n"
  "\n"
  "static inline void\n"
  "pg_init_float (float *a, long n, unsigned seed, int coef)\n"
  "{\n"
  "  for (long i = 0; i < n; i++)\n"
  "    a[i] = (float) pg_value (seed, i, coef);\n"
  "}\n"
  "\n"
  "static inline void\n"
  "pg_init_double (double *a, long n, unsigned seed, int coef)\n"
  "{\n"
  "  for (long i = 0; i < n; i++)\n"
  "    a[i] = pg_value (seed, i, coef);\n"
  "}\n"
  "\n"
  "static inline void\n"
  "pg_dump_float (int id, const char *name, const float *a, long n)\n"
  "{\n"
  "  printf (\"case %d: %s fnv=%016llx\", id, name,\n"
  "          pg_fnv (a, (size_t) n * sizeof *a));\n"
  "  long idx[4] = { 0, n / 3, n / 2, n - 1 };\n"
  "  for (int i = 0; i < 4; i++)\n"
  "    printf (\" %a\", (double) a[idx[i]]);\n"
  "#ifdef PG_CHECK_TEMP\n"
  "  for (long i = 0; i < n; i++)\n"
  "    if (isnan (a[i]))\n"
  "      {\n"
  "        printf (\" HAS-NAN\");\n"
  "        break;\n"
  "      }\n"
  "#endif\n"
  "  printf (\"\\n\");\n"
  "}\n"
  "\n"
  "static inline void\n"
  "pg_dump_double (int id, const char *name, const double *a, long n)\n"
  "{\n"
  "  printf (\"case %d: %s fnv=%016llx\", id, name,\n"
  "          pg_fnv (a, (size_t) n * sizeof *a));\n"
  "  long idx[4] = { 0, n / 3, n / 2, n - 1 };\n"
  "  for (int i = 0; i < 4; i++)\n"
  "    printf (\" %a\", a[idx[i]]);\n"
  "#ifdef PG_CHECK_TEMP\n"
  "  for (long i = 0; i < n; i++)\n"
  "    if (isnan (a[i]))\n"
  "      {\n"
  "        printf (\" HAS-NAN\");\n"
  "        break;\n"
  "      }\n"
  "#endif\n"
  "  printf (\"\\n\");\n"
  "}\n"
  "\n"
  "#ifdef PG_CHECK_TEMP\n"
  "/* Generator self-check only: a temp read the step did not write turns\n"
  "   the output into NaNs.  */\n"
  "static inline void\n"
  "pg_poison_float (float *a, long n)\n"
  "{\n"
  "  for (long i = 0; i < n; i++)\n"
  "    a[i] = nanf (\"\");\n"
  "}\n"
  "\n"
  "static inline void\n"
  "pg_poison_double (double *a, long n)\n"
  "{\n"
  "  for (long i = 0; i < n; i++)\n"
  "    a[i] = nan (\"\");\n"
  "}\n"
  "#endif\n"
  "\n"
  "static inline int\n"
  "pg_which (void *p, void *const *orig, int n)\n"
  "{\n"
  "  for (int i = 0; i < n; i++)\n"
  "    if (p == orig[i])\n"
  "      return i;\n"
  "  return -1;\n"
  "}\n";

int
main (int argc, char **argv)
{
  if (argc < 3 || argc > 4)
    {
      fprintf (stderr, "usage: %s SEED NCASES [CASES]\n", argv[0]);
      return 2;
    }
  unsigned long long seed = strtoull (argv[1], NULL, 0);
  int ncases = atoi (argv[2]);
  if (ncases < 1 || ncases > 100000)
    {
      fprintf (stderr, "%s: bad NCASES\n", argv[0]);
      return 2;
    }
  /* CASES: a list of case numbers and ranges, "7", "3,7", "0-5,9".  */
  char *want = calloc ((size_t) ncases, 1);
  int only = argc == 4;
  if (!want)
    abort ();
  if (only)
    {
      const char *s = argv[3];
      int bad = !*s;
      while (*s && !bad)
        {
          bad = 1;
          char *end;
          long a = strtol (s, &end, 10), b = a;
          if (end == s)
            break;
          s = end;
          if (*s == '-')
            {
              b = strtol (s + 1, &end, 10);
              if (end == s + 1)
                break;
              s = end;
            }
          if (a < 0 || b >= ncases || a > b)
            break;
          for (long i = a; i <= b; i++)
            want[i] = 1;
          if (*s == ',' && s[1])
            s++;
          else if (*s)
            break;
          bad = 0;
        }
      if (bad)
        {
          fprintf (stderr, "%s: bad CASES `%s'\n", argv[0], argv[3]);
          return 2;
        }
    }
  else
    memset (want, 1, (size_t) ncases);

  struct sb b = { 0 };
  struct cas c;
  sb_printf (&b, "/* Generated by pacc-gen %s %d%s%s: do not edit.\n",
             argv[1], ncases, only ? " " : "", only ? argv[3] : "");
  for (int i = 0; i < ncases; i++)
    {
      if (!want[i])
        continue;
      make_case (&c, i, seed);
      struct sb d = { 0 };
      describe (&d, &c);
      sb_printf (&b, "   %s\n", d.s);
      free (d.s);
    }
  sb_printf (&b, "*/\n\n%s", prologue);
  for (int i = 0; i < ncases; i++)
    {
      if (!want[i])
        continue;
      make_case (&c, i, seed);
      emit_case (&b, &c);
    }
  rng = seed ^ 0x5851f42d4c957f2dULL;
  sb_printf (&b, "\nint\nmain (void)\n{\n");
  if (chance (50))
    sb_printf (&b, "#pragma pacc init\n");
  for (int i = 0; i < ncases; i++)
    if (want[i])
      sb_printf (&b, "  case%d ();\n  fflush (stdout);\n", i);
  sb_printf (&b, "  return 0;\n}\n");
  fwrite (b.s, 1, b.len, stdout);
  free (b.s);
  free (want);
  return 0;
}
