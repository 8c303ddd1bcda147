/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* lower-ptx.cc - the PTX of a step in the class of lower-tblock.cc: one
   kernel per depth D that advances a chunk D steps per launch, in the
   register-streaming form of benchmarks/tblock/jacobi-tb-cuda.cu
   (regstream; its README says why GCC's OpenACC cannot express it).

   A warp per (strip of 32 C columns, segment of SX rows), four warps per
   block; each lane owns C adjacent columns and walks down the rows,
   keeping for each time level 0..D-1 the last three rows of its columns
   in registers (the ring index a constant: the walk unrolled by three).
   At input row r, level s computes row r - s from level s - 1's rows
   r - s - 1, r - s, r - s + 1; the neighbours across the lane's ends come
   from lanes -1 and +1 (shfl.sync.up/down), wrong at the warp's ends,
   an error that moves in one column per level: hence D halo columns per
   side (a strip writes 32 C - 2 D columns).  Rows outside the nest's
   rows [A, B), columns outside [CA, CB) and levels after the launch's d
   copy the level before.  Level D goes to DST for the rows [WLO, WHI)
   of the segment; SRC's rows are read clamped to [RLO, RHI).  Every
   operation is the source's, in its order and type, rounded (.rn: no
   contraction), so that the result is the sequential one bit for bit.

   The parameters (libpacc/cuda-tblock.c passes them in this order): src,
   dst (the chunk's buffers, rebased: row r at + r * rowlen elements),
   rowlen, a, b, ca, cb, rlo, rhi, wlo, whi (.u64, signed values), d,
   sx, nstrips, nwarps (.u32), then each scalar as .f64.  */

#include "pacc-plugin.h"
#include "lower.h"

#include <stdarg.h>

/* Warps per block: the launch's block is 32 * TB_WARPS threads (libpacc
   uses the same number: cuda-tblock.c).  */
#define TB_WARPS 4

namespace
{

struct ptx_out
{
  std::string s;
  void line (const char *fmt, ...) ATTRIBUTE_PRINTF_2
  {
    char buf[256];
    va_list ap;
    va_start (ap, fmt);
    vsnprintf (buf, sizeof buf, fmt, ap);
    va_end (ap);
    s += "\t";
    s += buf;
    s += "\n";
  }
};

/* One kernel's generator.  */
struct gen
{
  const pacc_tblock &tb;
  ptx_out &o;
  int D, C;
  const char *ft; /* Element type: "f32" or "f64".  */
  int lg;         /* log2 of its size.  */

  gen (const pacc_tblock &t, ptx_out &out, int d)
      : tb (t), o (out), D (d), C (t.dbl ? 2 : 4), ft (t.dbl ? "f64" : "f32"),
        lg (t.dbl ? 3 : 2)
  {
  }

  /* Window register of level S (0..D-1), ring slot I, column CC.  */
  std::string w (int s, int i, int cc)
  {
    char b[32];
    snprintf (b, sizeof b, "%%w%d", (s * 3 + i) * C + cc);
    return b;
  }
  std::string q (int p, int cc)
  {
    char b[32];
    snprintf (b, sizeof b, "%%q%d", p * C + cc);
    return b;
  }

  void emit ();
  void queue_row (int ahead, int p);
  void level (int ph, int s);
  std::string node (int s, int slots[3], int cc, size_t i);
  void shuffles (int s, int slots[3]);
};

/* The register holding node I of the expression for column CC at level
   S (SLOTS: the ring slots of rows x - 1, x, x + 1).  */
std::string
gen::node (int s, int slots[3], int cc, size_t i)
{
  const pacc_tb_node &n = tb.nodes[i];
  const char *t = n.dbl ? "f64" : "f32";
  char r[32], b[32];
  snprintf (r, sizeof r, "%%e%s%d", n.dbl ? "d" : "f", (int) i);
  switch (n.op)
    {
    case 'r':
      {
        int slot = slots[n.dx + 1], y = cc + n.dy;
        if (y >= 0 && y < C)
          return w (s - 1, slot, y);
        snprintf (b, sizeof b, "%%sh%c%d", y < 0 ? 'l' : 'r', slot);
        return b;
      }
    case 's':
      snprintf (b, sizeof b, "%%sc%s%d", n.dbl ? "d" : "f", n.scalar);
      return b;
    case 'c':
      if (n.dbl)
        o.line ("mov.f64 %s, 0d%016llX;", r, n.bits);
      else
        o.line ("mov.f32 %s, 0f%08llX;", r, n.bits);
      return r;
    case 'n':
      o.line ("neg.%s %s, %s;", t, r, node (s, slots, cc, n.a).c_str ());
      return r;
    case 'v':
      o.line (n.dbl ? "cvt.f64.f32 %s, %s;" : "cvt.rn.f32.f64 %s, %s;", r,
              node (s, slots, cc, n.a).c_str ());
      return r;
    default:
      {
        std::string x = node (s, slots, cc, n.a);
        std::string y = node (s, slots, cc, n.b);
        const char *op = n.op == '+'   ? "add"
                         : n.op == '-' ? "sub"
                         : n.op == '*' ? "mul"
                                       : "div";
        o.line ("%s.rn.%s %s, %s, %s;", op, t, r, x.c_str (), y.c_str ());
        return r;
      }
    }
}

/* The neighbours across the lane's ends of the ring slots the
   expression reads there: %shlI from lane - 1's last column, %shrI from
   lane + 1's first.  */
void
gen::shuffles (int s, int slots[3])
{
  bool need[3][2] = {};
  for (auto &n : tb.nodes)
    if (n.op == 'r' && n.dy)
      need[n.dx + 1][n.dy > 0] = true;
  for (int row = 0; row < 3; row++)
    for (int right = 0; right < 2; right++)
      {
        if (!need[row][right])
          continue;
        int slot = slots[row];
        std::string from = w (s - 1, slot, right ? 0 : C - 1);
        char to[32];
        snprintf (to, sizeof to, "%%sh%c%d", right ? 'r' : 'l', slot);
        const char *how
          = right ? "down.b32 %s, %s, 1, 31, -1;" : "up.b32 %s, %s, 1, 0, -1;";
        std::string f = std::string ("shfl.sync.") + how;
        if (!tb.dbl)
          o.line (f.c_str (), to, from.c_str ());
        else
          {
            o.line ("mov.b64 {%%h0, %%h1}, %s;", from.c_str ());
            o.line (f.c_str (), "%h0", "%h0");
            o.line (f.c_str (), "%h1", "%h1");
            o.line ("mov.b64 %s, {%%h0, %%h1};", to);
          }
      }
}

/* Level S at phase PH of the unrolled walk (the input row in %rd14).  */
void
gen::level (int ph, int s)
{
  int cur = ph, prev = (ph + 2) % 3, old = (ph + 1) % 3;
  int slots[3] = { old, prev, cur };
  char lab[32];
  snprintf (lab, sizeof lab, "%d_%d", ph, s);
  /* x = r - s; computed when A <= x < B and s <= d (the whole warp).  */
  o.line ("sub.s64 %%rd24, %%rd14, %d;", s);
  o.line ("setp.ge.s64 %%p1, %%rd24, %%rd3;");
  o.line ("setp.lt.s64 %%p2, %%rd24, %%rd4;");
  o.line ("and.pred %%p1, %%p1, %%p2;");
  o.line ("setp.ge.u32 %%p2, %%r0, %d;", s);
  if (tb.swap)
    {
      /* The swap form: the boundary of level s is the one of the array
	 that step holds, DST for odd levels, SRC for even ones (never
	 written: read from memory), not the level before's.  */
      o.line ("@!%%p2 bra $Lcopy%s;", lab);
      o.line ("max.s64 %%rd27, %%rd24, %%rd7;");
      o.line ("min.s64 %%rd27, %%rd27, %%rd16;");
      o.line ("mul.lo.s64 %%rd27, %%rd27, %%rd2;");
      o.line ("add.s64 %%rd27, %%rd27, %%rd%d;", s % 2 ? 1 : 0);
      o.line ("@%%p1 bra $Lrow%s;", lab);
      for (int cc = 0; cc < C; cc++)
        {
          std::string dst
            = s < D ? w (s, cur, cc) : "%v" + std::to_string (cc);
          o.line ("add.s64 %%rd28, %%rd27, %%coff%d;", cc);
          o.line ("ld.global.%s %s, [%%rd28];", ft, dst.c_str ());
        }
      o.line ("bra.uni $Ljoin%s;", lab);
      o.s += "$Lrow" + std::string (lab) + ":\n";
    }
  else
    {
      o.line ("and.pred %%p1, %%p1, %%p2;");
      o.line ("@!%%p1 bra $Lcopy%s;", lab);
    }
  shuffles (s, slots);
  for (int cc = 0; cc < C; cc++)
    {
      std::string v = node (s, slots, cc, tb.nodes.size () - 1);
      std::string dst = s < D ? w (s, cur, cc) : "%v" + std::to_string (cc);
      std::string bnd = w (s - 1, prev, cc);
      if (tb.swap)
        {
          /* Only the lanes of columns outside [CA, CB) load.  */
          o.line ("add.s64 %%rd28, %%rd27, %%coff%d;", cc);
          o.line ("@!%%pin%d ld.global.%s %%b%d, [%%rd28];", cc, ft, cc);
          bnd = "%b" + std::to_string (cc);
        }
      o.line ("selp.%s %s, %s, %s, %%pin%d;", ft, dst.c_str (), v.c_str (),
              bnd.c_str (), cc);
    }
  o.line ("bra.uni $Ljoin%s;", lab);
  o.s += "$Lcopy" + std::string (lab) + ":\n";
  for (int cc = 0; cc < C; cc++)
    {
      std::string dst = s < D ? w (s, cur, cc) : "%v" + std::to_string (cc);
      o.line ("mov.%s %s, %s;", ft, dst.c_str (),
              w (s - 1, prev, cc).c_str ());
    }
  o.s += "$Ljoin" + std::string (lab) + ":\n";
  if (s < D)
    return;
  /* Level D to memory: rows [xl, xh) of the segment.  */
  o.line ("setp.ge.s64 %%p1, %%rd24, %%rd12;");
  o.line ("setp.lt.s64 %%p2, %%rd24, %%rd13;");
  o.line ("and.pred %%p1, %%p1, %%p2;");
  o.line ("@!%%p1 bra $Lstored%d;", ph);
  o.line ("mul.lo.s64 %%rd25, %%rd24, %%rd2;");
  o.line ("add.s64 %%rd25, %%rd25, %%rd1;");
  for (int cc = 0; cc < C; cc++)
    {
      o.line ("add.s64 %%rd26, %%rd25, %%coff%d;", cc);
      o.line ("@%%pout%d st.global.%s [%%rd26], %%v%d;", cc, ft, cc);
    }
  o.s += "$Lstored" + std::to_string (ph) + ":\n";
}

/* Row r + AHEAD of SRC (clamped to the rows it may read) into queue
   slot P.  */
void
gen::queue_row (int ahead, int p)
{
  o.line ("add.s64 %%rd22, %%rd14, %d;", ahead);
  o.line ("max.s64 %%rd22, %%rd22, %%rd7;");
  o.line ("min.s64 %%rd22, %%rd22, %%rd16;");
  o.line ("mul.lo.s64 %%rd22, %%rd22, %%rd2;");
  o.line ("add.s64 %%rd22, %%rd22, %%rd0;");
  for (int cc = 0; cc < C; cc++)
    {
      o.line ("add.s64 %%rd23, %%rd22, %%coff%d;", cc);
      o.line ("ld.global.nc.%s %s, [%%rd23];", ft, q (p, cc).c_str ());
    }
}

void
gen::emit ()
{
  int V = 32 * C - 2 * D;
  size_t nn = tb.nodes.size ();
  int ns = tb.scalars.size ();
  o.s += "// pacc-tblock D=" + std::to_string (D) + "\n";
  o.s += ".visible .entry __pacc_tb_d" + std::to_string (D) + " (";
  static const char *const p64[] = { "src", "dst", "rowlen", "a",   "b",  "ca",
                                     "cb",  "rlo", "rhi",    "wlo", "whi" };
  static const char *const p32[] = { "d", "sx", "nstrips", "nwarps" };
  for (const char *p : p64)
    o.s += std::string ("\n\t.param .u64 P_") + p + ",";
  for (size_t i = 0; i < 4; i++)
    o.s += std::string ("\n\t.param .u32 P_") + p32[i]
           + (i < 3 || ns ? "," : "");
  for (int i = 0; i < ns; i++)
    o.s
      += "\n\t.param .f64 P_s" + std::to_string (i) + (i + 1 < ns ? "," : "");
  o.s += ")\n.maxntid " + std::to_string (32 * TB_WARPS) + ", 1, 1\n{\n";
  o.line (".reg .pred %%p<4>;");
  o.line (".reg .pred %%pin<%d>;", C);
  o.line (".reg .pred %%pout<%d>;", C);
  o.line (".reg .b32 %%r<16>;");
  o.line (".reg .b32 %%h<2>;");
  o.line (".reg .b64 %%rd<32>;");
  o.line (".reg .b64 %%coff<%d>;", C);
  o.line (".reg .%s %%w<%d>;", ft, D * 3 * C);
  o.line (".reg .%s %%q<%d>;", ft, 3 * C);
  o.line (".reg .%s %%v<%d>;", ft, C);
  o.line (".reg .%s %%b<%d>;", ft, C);
  o.line (".reg .%s %%shl<3>;", ft);
  o.line (".reg .%s %%shr<3>;", ft);
  o.line (".reg .f32 %%ef<%d>;", (int) nn);
  o.line (".reg .f64 %%ed<%d>;", (int) nn);
  o.line (".reg .f32 %%scf<%d>;", ns ? ns : 1);
  o.line (".reg .f64 %%scd<%d>;", ns ? ns : 1);
  /* Parameters.  */
  for (int i = 0; i < 11; i++)
    o.line ("ld.param.u64 %%rd%d, [P_%s];", i, p64[i]);
  o.line ("cvta.to.global.u64 %%rd0, %%rd0;");
  o.line ("cvta.to.global.u64 %%rd1, %%rd1;");
  o.line ("sub.s64 %%rd19, %%rd2, 1;");     /* last column */
  o.line ("shl.b64 %%rd2, %%rd2, %d;", lg); /* row bytes */
  for (int i = 0; i < 4; i++)
    o.line ("ld.param.u32 %%r%d, [P_%s];", i, p32[i]);
  for (int i = 0; i < ns; i++)
    {
      bool dbl
        = TYPE_MAIN_VARIANT (TREE_TYPE (tb.scalars[i])) == double_type_node;
      o.line ("ld.param.f64 %%scd%d, [P_s%d];", i, i);
      if (!dbl)
        o.line ("cvt.rn.f32.f64 %%scf%d, %%scd%d;", i, i);
    }
  /* The warp's strip and segment.  */
  o.line ("mov.u32 %%r4, %%tid.x;");
  o.line ("mov.u32 %%r5, %%ctaid.x;");
  o.line ("shr.u32 %%r6, %%r4, 5;");
  o.line ("and.b32 %%r7, %%r4, 31;");
  o.line ("mad.lo.u32 %%r6, %%r5, %d, %%r6;", TB_WARPS);
  o.line ("setp.ge.u32 %%p0, %%r6, %%r3;");
  o.line ("@%%p0 bra $Ldone;");
  o.line ("rem.u32 %%r8, %%r6, %%r2;");
  o.line ("div.u32 %%r9, %%r6, %%r2;");
  /* y0 = ca + strip V - D: the strip's first column.  */
  o.line ("cvt.u64.u32 %%rd11, %%r8;");
  o.line ("mul.lo.s64 %%rd11, %%rd11, %d;", V);
  o.line ("add.s64 %%rd11, %%rd11, %%rd5;");
  o.line ("sub.s64 %%rd11, %%rd11, %d;", D);
  /* xl = wlo + seg sx, xh = min (xl + sx, whi).  */
  o.line ("cvt.u64.u32 %%rd12, %%r9;");
  o.line ("cvt.u64.u32 %%rd13, %%r1;");
  o.line ("mul.lo.s64 %%rd12, %%rd12, %%rd13;");
  o.line ("add.s64 %%rd12, %%rd12, %%rd9;");
  o.line ("add.s64 %%rd13, %%rd12, %%rd13;");
  o.line ("min.s64 %%rd13, %%rd13, %%rd10;");
  /* r = xl - D (the input row), to xh + D; rhi - 1 the last row read.  */
  o.line ("sub.s64 %%rd14, %%rd12, %d;", D);
  o.line ("add.s64 %%rd15, %%rd13, %d;", D);
  o.line ("sub.s64 %%rd16, %%rd8, 1;");
  /* The lane's columns: computed (pin), written (pout), offsets.  */
  o.line ("cvt.u64.u32 %%rd17, %%r7;");
  o.line ("mul.lo.s64 %%rd17, %%rd17, %d;", C);
  for (int cc = 0; cc < C; cc++)
    {
      o.line ("add.s64 %%rd20, %%rd17, %d;", cc);
      o.line ("add.s64 %%rd21, %%rd11, %%rd20;");
      o.line ("setp.ge.s64 %%p1, %%rd21, %%rd5;");
      o.line ("setp.lt.s64 %%p2, %%rd21, %%rd6;");
      o.line ("and.pred %%pin%d, %%p1, %%p2;", cc);
      o.line ("setp.ge.s64 %%p1, %%rd20, %d;", D);
      o.line ("setp.lt.s64 %%p2, %%rd20, %d;", D + V);
      o.line ("and.pred %%p1, %%p1, %%p2;");
      o.line ("and.pred %%pout%d, %%p1, %%pin%d;", cc, cc);
      o.line ("max.s64 %%rd21, %%rd21, 0;");
      o.line ("min.s64 %%rd21, %%rd21, %%rd19;");
      o.line ("shl.b64 %%coff%d, %%rd21, %d;", cc, lg);
    }
  for (int i = 0; i < D * 3 * C; i++)
    o.line (tb.dbl ? "mov.f64 %%w%d, 0d0000000000000000;"
                   : "mov.f32 %%w%d, 0f00000000;",
            i);
  /* Rows r, r + 1, r + 2 into the queue.  */
  for (int p = 0; p < 3; p++)
    queue_row (p, p);
  o.s += "$Lloop:\n";
  o.line ("setp.ge.s64 %%p0, %%rd14, %%rd15;");
  o.line ("@%%p0 bra $Ldone;");
  for (int ph = 0; ph < 3; ph++)
    {
      /* Row r into level 0; row r + 3 into the queue.  */
      for (int cc = 0; cc < C; cc++)
        o.line ("mov.%s %s, %s;", ft, w (0, ph, cc).c_str (),
                q (ph, cc).c_str ());
      queue_row (3, ph);
      for (int s = 1; s <= D; s++)
        level (ph, s);
      o.line ("add.s64 %%rd14, %%rd14, 1;");
    }
  o.line ("bra.uni $Lloop;");
  o.s += "$Ldone:\n";
  o.line ("ret;");
  o.s += "}\n";
}

} // namespace

std::string
pacc_ptx_tblock (const pacc_tblock &tb)
{
  ptx_out o;
  o.s = "// PACC in-kernel temporal blocking (plugin/lower-ptx.cc)\n"
        ".version 7.0\n.target sm_70\n.address_size 64\n";
  for (int d = PACC_TB_DMIN; d <= PACC_TB_DMAX; d++)
    {
      gen g (tb, o, d);
      g.emit ();
    }
  o.s += "// end of PACC PTX\n";
  return o.s;
}
