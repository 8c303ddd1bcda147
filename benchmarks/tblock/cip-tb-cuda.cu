/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* cip-tb-cuda.cu -- CIP (benchmarks/cip) one step per launch against D
   steps per launch, in hand CUDA (issue 46, item 2: in core >= 1.5x the
   hand CUDA kernels).  Variants:

     1step      benchmarks/cip/cip-cuda.cu's own kernels (included from
                there, the code PACC is compared with): the step into fn,
                gxn, gyn, then the copy-back of the three arrays; two
                launches per step
     regstream  D steps per launch in the register-streaming form of
                jacobi-tb-cuda's regstream: a warp per (strip of 32 C
                columns, segment of TX rows), each lane C adjacent
                columns, walking down the rows with, for each time level,
                the last three rows of f, gx and gy in registers; the
                upwind neighbours in j (and the corners) of the lanes at
                its ends by warp shuffles; u and v (read-only) read per
                level from L1.  The three arrays go from one set to the
                other (no fn, gxn, gyn, no copy-back).

   The arithmetic of a point is cip_point below, the expressions of cip.c
   in its order (-fmad=false), so f, gx and gy are bit for bit cip.c's.
   The check: against a sequential loop (cip.c's, choosing the upwind
   neighbours by their indices, computing the point with cip_point) on
   small grids, else against 1step (cip-cuda.cu's kernel, its own copy of
   the expressions).  Without a GPU, regstream runs on the host through
   tb-emu.h.

   Usage: cip-tb-cuda 1step|regstream|all X Y T D TX TY W
   (D 2, 4 or 6; TY 32 or 64: C = TY / 32 columns per lane; W warps per
   block).  Prints one line per variant: kernel seconds, GCells/s =
   (X-2)(Y-2) T / s, GFLOPS (87 per point), the check.

   Build: nvcc -O3 -arch=sm_90 -fmad=false cip-tb-cuda.cu  */

/* The baseline's kernels and helpers, its main renamed away.  */
#define main cip_cuda_main
#include "../cip/cip-cuda.cu"
#undef main

#define REAL float
#define TB_MIN(a, b) ((a) < (b) ? (a) : (b))
#define TB_MAX(a, b) ((a) > (b) ? (a) : (b))
#include "tb-emu.h"
#include "tb-arrays.h"

/* The constants of a step.  */
struct cip_k
{
  float DX, DY, mdt;
};

/* One point of cip.c's step: the centre (FC, GXC, GYC), the upwind
   neighbours chosen by the sign of UU and VV, the new values.  */
static __host__ __device__ __forceinline__ void
cip_point (float uu, float vv, const cip_k &k, float fc, float gxc, float gyc,
           float fi, float fj, float fij, float gxi, float gxj, float gyi,
           float gyj, float *fn, float *gxn, float *gyn)
{
  int upx = uu >= 0.0f, upy = vv >= 0.0f;
  float xx = uu * k.mdt, yy = vv * k.mdt;
  float Dx = upx ? -k.DX : k.DX, Dy = upy ? -k.DY : k.DY;
  float dx2 = Dx * Dx, dy2 = Dy * Dy;
  float dfx = fi - fc, dfy = fj - fc;
  float a1 = ((gxi + gxc) * Dx - 2.0f * dfx) / (dx2 * Dx);
  float e1 = (3.0f * dfx - (gxi + 2.0f * gxc) * Dx) / dx2;
  float b1 = ((gyj + gyc) * Dy - 2.0f * dfy) / (dy2 * Dy);
  float f1 = (3.0f * dfy - (gyj + 2.0f * gyc) * Dy) / dy2;
  float tmp = fij - fi - dfy;
  float tmq = gyi - gyc;
  float c1 = (tmp - (gxj - gxc) * Dx) / (dx2 * Dy);
  float d1 = (tmp - tmq * Dy) / (Dx * dy2);
  float g1 = (tmq - c1 * dx2) / Dx;
  *fn = ((a1 * xx + c1 * yy + e1) * xx + g1 * yy + gxc) * xx
        + ((b1 * yy + d1 * xx + f1) * yy + gyc) * yy + fc;
  *gxn = (3.0f * a1 * xx + 2.0f * (c1 * yy + e1)) * xx
         + (d1 * yy + g1) * yy + gxc;
  *gyn = (3.0f * b1 * yy + 2.0f * (d1 * xx + f1)) * yy
         + (c1 * xx + g1) * xx + gyc;
}

/* The sequential reference: cip.c's time loop on the host (F, GX, GY in
   place; the new values through N3, 3 arrays).  */
static void
cip_seq (float *f, float *gx, float *gy, const float *u, const float *v,
         float *n3, const cip_k &k, long X, long Y, int T)
{
  long N = X * Y;
  float *fn = n3, *gxn = n3 + N, *gyn = n3 + 2 * N;
  for (int t = 0; t < T; t++)
    {
      for (long i = 1; i < X - 1; i++)
        for (long j = 1; j < Y - 1; j++)
          {
            long n = i * Y + j;
            int upx = u[n] >= 0.0f, upy = v[n] >= 0.0f;
            long ni = upx ? n - Y : n + Y, nj = upy ? n - 1 : n + 1;
            long nij = upy ? ni - 1 : ni + 1;
            cip_point (u[n], v[n], k, f[n], gx[n], gy[n], f[ni], f[nj],
                       f[nij], gx[ni], gx[nj], gy[ni], gy[nj], &fn[n],
                       &gxn[n], &gyn[n]);
          }
      for (long i = 1; i < X - 1; i++)
        for (long j = 1; j < Y - 1; j++)
          {
            long n = i * Y + j;
            f[n] = fn[n];
            gx[n] = gxn[n];
            gy[n] = gyn[n];
          }
    }
}

/* The three arrays of a state.  */
struct cip_set
{
  float *a[3];                  /* f, gx, gy */
};

/* What a lane of regstream holds: W[S][A][I % 3] is array A (f, gx, gy)
   at time level S (0: the input) in the row computed in iteration I; Q
   the rows loaded ahead (3).  */
template <int D, int C>
struct cip_lane
{
  float w[D][3][3][C];
  float q[3][3][C];
  int col[C];                   /* its columns, clamped to the grid */
  bool in[C];                   /* interior columns */
  bool out[C];                  /* columns it writes */
};

/* Iteration I (PH = I % 3) of regstream: row R from the queue into level
   0 (row R + 3 loaded), level S = 1..D computes row R - S from level
   S - 1's rows R - S - 1 .. R - S + 1 (registers; the columns beyond the
   lane's ends by shuffles).  As jacobi-tb-cuda's rs_row.  */
template <int D, int C, bool EDGE, int PH>
static __host__ __device__ __forceinline__ void
cip_row (cip_lane<D, C> &L, cip_set src, cip_set dst, const float *__restrict__ u,
         const float *__restrict__ v, const cip_k &k, int X, int Y, int r,
         int d, int xl, int xh)
{
  const int cur = PH % 3, prev = (PH + 2) % 3, old = (PH + 1) % 3;
#pragma unroll
  for (int A = 0; A < 3; A++)
#pragma unroll
    for (int c = 0; c < C; c++)
      {
        L.w[0][A][cur][c] = L.q[PH][A][c];
        L.q[PH][A][c] = src.a[A][(long) TB_MIN (r + 3, X - 1) * Y + L.col[c]];
      }
#pragma unroll
  for (int s = 1; s <= D; s++)
    {
      int x = r - s;
      float (&p)[3][3][C] = L.w[s - 1];
      float nv[3][C];
      if (x >= 1 && x < X - 1 && s <= d)
        {
          /* Left and right of the lane's ends: f in the three rows, gx
             and gy in the centre row.  */
          float fl[3], fr[3];
#pragma unroll
          for (int row = 0; row < 3; row++)
            {
              fl[row] = TB_SHFL_UP (p[0][row][C - 1]);
              fr[row] = TB_SHFL_DOWN (p[0][row][0]);
            }
          float gxl = TB_SHFL_UP (p[1][prev][C - 1]);
          float gxr = TB_SHFL_DOWN (p[1][prev][0]);
          float gyl = TB_SHFL_UP (p[2][prev][C - 1]);
          float gyr = TB_SHFL_DOWN (p[2][prev][0]);
#pragma unroll
          for (int c = 0; c < C; c++)
            {
#define LEFT(A, row, side) (c > 0 ? p[A][row][c - 1] : side)
#define RIGHT(A, row, side) (c < C - 1 ? p[A][row][c + 1] : side)
              long n = (long) x * Y + L.col[c];
              float uu = u[n], vv = v[n];
              int upx = uu >= 0.0f, upy = vv >= 0.0f;
              /* Selections, not an index: a register array indexed at
                 run time goes to local memory.  */
              float fi = upx ? p[0][old][c] : p[0][cur][c];
              float fj = upy ? LEFT (0, prev, fl[prev]) : RIGHT (0, prev, fr[prev]);
              float fij = upx ? (upy ? LEFT (0, old, fl[old]) : RIGHT (0, old, fr[old]))
                              : (upy ? LEFT (0, cur, fl[cur]) : RIGHT (0, cur, fr[cur]));
              float gxi = upx ? p[1][old][c] : p[1][cur][c];
              float gxj = upy ? LEFT (1, prev, gxl) : RIGHT (1, prev, gxr);
              float gyi = upx ? p[2][old][c] : p[2][cur][c];
              float gyj = upy ? LEFT (2, prev, gyl) : RIGHT (2, prev, gyr);
#undef LEFT
#undef RIGHT
              if (!EDGE || L.in[c])
                cip_point (uu, vv, k, p[0][prev][c], p[1][prev][c],
                           p[2][prev][c], fi, fj, fij, gxi, gxj, gyi, gyj,
                           &nv[0][c], &nv[1][c], &nv[2][c]);
              else
                for (int A = 0; A < 3; A++)
                  nv[A][c] = p[A][prev][c];
            }
        }
      else
        {
#pragma unroll
          for (int A = 0; A < 3; A++)
#pragma unroll
            for (int c = 0; c < C; c++)
              nv[A][c] = p[A][prev][c];
        }
      if (s < D)
        {
#pragma unroll
          for (int A = 0; A < 3; A++)
#pragma unroll
            for (int c = 0; c < C; c++)
              L.w[s][A][cur][c] = nv[A][c];
        }
      else if (x >= xl && x < xh)
        {
#pragma unroll
          for (int c = 0; c < C; c++)
            if (L.out[c])
#pragma unroll
              for (int A = 0; A < 3; A++)
                dst.a[A][(long) x * Y + L.col[c]] = nv[A][c];
        }
    }
}

template <int D, int C, bool EDGE>
static __host__ __device__ void
cip_walk (cip_set src, cip_set dst, const float *__restrict__ u,
          const float *__restrict__ v, cip_k k, int X, int Y, int d, int SX,
          int W)
{
  const int V = 32 * C - 2 * D;
  int nstrips = (Y - 2 + V - 1) / V, nsegs = (X - 2 + SX - 1) / SX;
  int gw = TB_BID * W + TB_TID / 32, lane = TB_TID & 31;
  if (gw >= nstrips * nsegs)
    return;                           /* the whole warp */
  int strip = gw % nstrips, seg = gw / nstrips;
  int y0 = 1 + strip * V - D;
  int xl = 1 + seg * SX, xh = TB_MIN (xl + SX, X - 1);
  int rstart = TB_MAX (xl - D, 0), niter = xh + D - rstart;
  cip_lane<D, C> L;
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      int kk = lane * C + c, y = y0 + kk;
      L.col[c] = TB_MIN (TB_MAX (y, 0), Y - 1);
      L.in[c] = y >= 1 && y < Y - 1;
      L.out[c] = kk >= D && kk < D + V && y < Y - 1;
#pragma unroll
      for (int A = 0; A < 3; A++)
        {
#pragma unroll
          for (int s = 0; s < D; s++)
#pragma unroll
            for (int i = 0; i < 3; i++)
              L.w[s][A][i][c] = 0;
#pragma unroll
          for (int i = 0; i < 3; i++)
            L.q[i][A][c] = src.a[A][(long) TB_MIN (rstart + i, X - 1) * Y + L.col[c]];
        }
    }
  for (int i = 0; i < niter; i += 3)
    {
      int r = rstart + i;
      cip_row<D, C, EDGE, 0> (L, src, dst, u, v, k, X, Y, r, d, xl, xh);
      cip_row<D, C, EDGE, 1> (L, src, dst, u, v, k, X, Y, r + 1, d, xl, xh);
      cip_row<D, C, EDGE, 2> (L, src, dst, u, v, k, X, Y, r + 2, d, xl, xh);
    }
}

template <int D, int C>
static __host__ __device__ void
cip_body (cip_set src, cip_set dst, const float *__restrict__ u,
          const float *__restrict__ v, cip_k k, int X, int Y, int d, int SX,
          int W)
{
  const int V = 32 * C - 2 * D;
  int nstrips = (Y - 2 + V - 1) / V;
  int y0 = 1 + (TB_BID * W + TB_TID / 32) % nstrips * V - D;
  if (y0 < 1 || y0 + 32 * C > Y - 1)
    cip_walk<D, C, true> (src, dst, u, v, k, X, Y, d, SX, W);
  else
    cip_walk<D, C, false> (src, dst, u, v, k, X, Y, d, SX, W);
}

template <int D, int C>
__global__ void
cip_regstream (cip_set src, cip_set dst, const float *__restrict__ u,
               const float *__restrict__ v, cip_k k, int X, int Y, int d,
               int SX, int W)
{
  cip_body<D, C> (src, dst, u, v, k, X, Y, d, SX, W);
}

/* A run's settings and, during a launch, its arrays.  */
struct cip_run
{
  int X, Y, T, D, SX, TY, W;
  int d;                        /* steps of the launch */
  cip_k k;
  cip_set src, dst;
  const float *u, *v;
};

template <int D, int C>
static void
cip_emu_body (void *p)
{
  cip_run *e = (cip_run *) p;
  cip_body<D, C> (e->src, e->dst, e->u, e->v, e->k, e->X, e->Y, e->d, e->SX,
                  e->W);
}

template <int D, int C>
static void
cip_launch (cip_run *h)
{
  const int V = 32 * C - 2 * D;
  long warps = (long) ((h->Y - 2 + V - 1) / V) * ((h->X - 2 + h->SX - 1) / h->SX);
  int blocks = (int) ((warps + h->W - 1) / h->W);
  if (tb_emulating)
    tb_emu_launch (blocks, 32 * h->W, 0, cip_emu_body<D, C>, h);
  else
    cip_regstream<D, C><<<blocks, 32 * h->W>>> (h->src, h->dst, h->u, h->v,
                                                h->k, h->X, h->Y, h->d, h->SX,
                                                h->W);
}

template <int D>
static void
cip_launch_c (cip_run *h)
{
  if (h->TY == 32)
    cip_launch<D, 1> (h);
  else
    cip_launch<D, 2> (h);
}

static void
cip_launch_any (cip_run *h)
{
  switch (h->D)
    {
    case 2: cip_launch_c<2> (h); break;
    case 4: cip_launch_c<4> (h); break;
    default: cip_launch_c<6> (h); break;
    }
}

enum { CV_1STEP, CV_REGSTREAM, CV_N };
static const char *const cv_name[CV_N] = { "1step", "regstream" };

/* T steps of variant V from the initial HOST arrays (f, gx, gy, u, v), on
   the device or, without one, emulated on the host (regstream only); the
   result f, gx, gy into OUT (3 arrays); returns the seconds of the
   launches.  */
static double
cip_time (int v, const cip_run *cfg, float *const host[5], float *out)
{
  cip_run h = *cfg;
  size_t N = (size_t) h.X * h.Y, bytes = sizeof (float) * N;
  /* d[0..2] f, gx, gy; d[3], d[4] u, v; d[5..7] the other set (regstream)
     or fn, gxn, gyn (1step).  */
  float *d[8];
  for (int a = 0; a < 8; a++)
    d[a] = (float *) tb_arr_alloc (bytes, "cip-tb-cuda");
  for (int a = 0; a < 5; a++)
    tb_arr_copy (d[a], host[a], bytes);
  cip_set sa = { { d[0], d[1], d[2] } }, sb = { { d[5], d[6], d[7] } };
  h.u = d[3], h.v = d[4];
  dim3 block (BX, BY);
  dim3 grid ((h.Y - 2 + BX - 1) / BX, (h.X - 2 + BY - 1) / BY);
  /* Warm-up (module load), then the initial state again.  */
  if (v == CV_1STEP)
    cip_step<<<grid, block>>> (d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                               d[7], h.k.DX, h.k.DY, h.k.mdt, h.X, h.Y);
  else if (!tb_emulating)
    {
      h.d = 1, h.src = sa, h.dst = sb;
      cip_launch_any (&h);
    }
  tb_arr_sync ();
  for (int a = 0; a < 3; a++)
    tb_arr_copy (d[5 + a], host[a], bytes);
  struct tb_timer tm;
  tb_timer_start (&tm);
  for (int t = 0; t < h.T;)
    if (v == CV_1STEP)
      {
        cip_step<<<grid, block>>> (d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                                   d[7], h.k.DX, h.k.DY, h.k.mdt, h.X, h.Y);
        copy_back<<<grid, block>>> (d[0], d[1], d[2], d[5], d[6], d[7], h.X,
                                    h.Y);
        t++;
      }
    else
      {
        h.d = TB_MIN (h.D, h.T - t);
        h.src = sa, h.dst = sb;
        cip_launch_any (&h);
        cip_set tmp = sa;
        sa = sb;
        sb = tmp;
        t += h.d;
      }
  double secs = tb_timer_stop (&tm);
  for (int a = 0; a < 3; a++)
    tb_arr_copy (out + a * N, sa.a[a], bytes);
  for (int a = 0; a < 8; a++)
    tb_arr_free (d[a]);
  return secs;
}

int
main (int argc, char **argv)
{
  if (argc < 9)
    {
      fprintf (stderr, "usage: %s 1step|regstream|all X Y T D TX TY W\n",
               argv[0]);
      return 2;
    }
  cip_run h;
  h.X = atoi (argv[2]), h.Y = atoi (argv[3]), h.T = atoi (argv[4]);
  h.D = atoi (argv[5]), h.SX = atoi (argv[6]), h.TY = atoi (argv[7]);
  h.W = atoi (argv[8]);
  int want[CV_N];
  int any = tb_wanted (argv[1], cv_name, CV_N, want);
  if (h.X < 3 || h.Y < 3 || h.T < 1 || h.SX < 1
      || (h.D != 2 && h.D != 4 && h.D != 6) || (h.TY != 32 && h.TY != 64)
      || h.W < 1 || h.W > 32 || !any)
    {
      fprintf (stderr, "cip-tb-cuda: bad arguments (X, Y >= 3; T >= 1;"
               " D 2, 4 or 6; TY 32 or 64; W <= 32; variants 1step,"
               " regstream, all)\n");
      return 2;
    }
  printf ("# cip-tb-cuda X=%d Y=%d T=%d\n", h.X, h.Y, h.T);
  tb_arr_detect ("cip-tb-cuda", "regstream");
  size_t N = (size_t) h.X * h.Y, bytes = sizeof (float) * N;
  float *host[5];
  for (int a = 0; a < 5; a++)
    host[a] = (float *) bench_alloc (bytes, "cip-tb-cuda", "an array");
  struct cip_arrays ca = { host[0], host[1], host[2], NULL, NULL, NULL,
                           host[3], host[4], h.X, h.Y, NULL, NULL, NULL, NULL };
  cip_init (&ca);
  struct cip_consts cc = cip_constants (h.X, h.Y);
  h.k.DX = cc.dx, h.k.DY = cc.dy, h.k.mdt = -cc.dt;

  float *ref = (float *) bench_alloc (3 * bytes, "cip-tb-cuda", "ref");
  float *res = (float *) bench_alloc (3 * bytes, "cip-tb-cuda", "res");
  int seqref = (double) (h.X - 2) * (h.Y - 2) * h.T < 1e9;
  if (seqref)
    {
      float *n3 = (float *) bench_alloc (3 * bytes, "cip-tb-cuda", "new");
      for (int a = 0; a < 3; a++)
        memcpy (ref + a * N, host[a], bytes);
      cip_seq (ref, ref + N, ref + 2 * N, host[3], host[4], n3, h.k, h.X, h.Y,
               h.T);
      free (n3);
    }
  else if (tb_emulating)
    {
      fprintf (stderr, "cip-tb-cuda: no GPU: emulation only on grids with"
               " (X-2)(Y-2)T < 1e9\n");
      return 2;
    }
  int fails = 0;
  double cells = (double) (h.X - 2) * (h.Y - 2) * h.T;
  for (int v = 0; v < CV_N; v++)
    {
      int isref = v == CV_1STEP && !seqref;
      if (!want[v] && !isref)
        continue;
      if (tb_emulating && v == CV_1STEP)
        {
          printf ("cuda-1step: no GPU and no host emulation, skipped\n");
          continue;
        }
      double secs = cip_time (v, &h, host, res);
      const char *ck = "ref";
      if (isref)
        memcpy (ref, res, 3 * bytes);
      else
        {
          size_t i;
          int same = tb_arr_same (res, ref, 3 * N, &i);
          if (!same)
            {
              fprintf (stderr, "cip-tb-cuda: %s: %s differs first at i=%zu"
                       " j=%zu: %.9g instead of %.9g\n", cv_name[v],
                       i / N == 0 ? "f" : i / N == 1 ? "gx" : "gy",
                       i % N / h.Y, i % h.Y, (double) res[i], (double) ref[i]);
            }
          ck = same ? "PASS" : "FAIL";
          fails += !same;
        }
      if (!want[v])
        continue;
      char tile[48];
      if (v == CV_1STEP)
        snprintf (tile, sizeof tile, "%dx%d", BX, BY);
      else
        snprintf (tile, sizeof tile, "%dx%d/W%d", h.SX, h.TY, h.W);
      printf ("cuda-%-9s f32  D=%-2d %-16s %10.6f s %9.2f GCells/s %8.1f GFLOPS %s\n",
              cv_name[v], v == CV_1STEP ? 1 : h.D, tile, secs,
              secs > 0 ? cells / secs * 1e-9 : 0.0,
              secs > 0 ? 87.0 * cells / secs * 1e-9 : 0.0, ck);
      fflush (stdout);
    }
  for (int a = 0; a < 5; a++)
    free (host[a]);
  free (ref);
  free (res);
  return fails ? 1 : 0;
}
