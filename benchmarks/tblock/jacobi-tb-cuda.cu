/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* jacobi-tb-cuda.cu -- the algorithms of jacobi-tb-acc.c written by hand in
   CUDA: the ceiling of the approach, to tell GCC 12's code generation from
   the algorithm (issue 46, item 2).  Same variants, same arithmetic
   (jacobi.c's per-point expression, -fmad=false), same arguments:

     1step   one step per launch (one thread per point)
     tile    TX x TY tiles with a D-point halo in dynamic shared memory, D
             steps with __syncthreads between them, written back once
     stream  column strips of TY points and segments of TX rows, a ring of
             R rows per time level in shared memory (AN5D / EBISU style)
     regstream  register streaming (EBISU's form): a warp per (strip of TY
             columns, segment of TX rows); each lane owns TY/32 adjacent
             columns and walks down the rows, keeping for every time level
             its last three rows in registers; the horizontal neighbours at
             its ends come from lanes -1 and +1 by warp shuffles; no shared
             memory, no barrier.  D is a template parameter (4, 6, 8, 10,
             12), TY 64 or 128, R 4 or 8 (3 or 6 rows loaded ahead)

   Usage: jacobi-tb-cuda VARIANT[,VARIANT...]|all X Y T D TX TY [W [R]]
   (W: warps per block, default 8; R: ring rows, a power of two, default 8).
   Prints the same lines as jacobi-tb-acc (cuda- instead of acc-); the
   check is against the sequential loop (small grids) or 1step.

   Without a GPU, regstream runs on the host through tb-emu.h (checked
   bit for bit against the sequential loop); the others are skipped.

   Build: nvcc -O3 -arch=sm_90 -fmad=false jacobi-tb-cuda.cu  */

#include <cuda_runtime.h>

#include "tb-common.h"
#include "tb-run.h"
#include "tb-emu.h"

__global__ void
step1 (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y)
{
  int y = blockIdx.x * 32 + threadIdx.x + 1;
  int x = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x < X - 1 && y < Y - 1)
    {
      long i = (long) x * Y + y;
      dst[i] = (src[i - Y] + src[i + Y] + src[i - 1] + src[i + 1]) * (REAL) 0.25f;
    }
}

/* As jacobi-tb-acc.c's TILE_BODY: block = tile, threadIdx.y the worker,
   threadIdx.x the vector lane.  */
__global__ void
tb_tile (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
         int D, int TX, int TY)
{
  extern __shared__ REAL B[];
  int RX = TX + 2 * D, RY = TY + 2 * D, RXY = RX * RY;
  int nty = (Y - 2 + TY - 1) / TY;
  int t = blockIdx.x;
  int x0 = 1 + t / nty * TX - D, y0 = 1 + t % nty * TY - D;
  for (int i = threadIdx.y; i < RX; i += blockDim.y)
    for (int j = threadIdx.x; j < RY; j += 32)
      {
        int x = x0 + i, y = y0 + j;
        if (x >= 0 && x < X && y >= 0 && y < Y)
          {
            REAL v = src[(long) x * Y + y];
            B[i * RY + j] = v;
            B[RXY + i * RY + j] = v;
          }
      }
  __syncthreads ();
  for (int s = 1; s <= D; s++)
    {
      int a = (s - 1) & 1 ? RXY : 0, b = RXY - a;
      for (int i = s + threadIdx.y; i < RX - s; i += blockDim.y)
        for (int j = s + threadIdx.x; j < RY - s; j += 32)
          {
            int x = x0 + i, y = y0 + j;
            if (x >= 1 && x < X - 1 && y >= 1 && y < Y - 1)
              B[b + i * RY + j]
                = (B[a + (i - 1) * RY + j] + B[a + (i + 1) * RY + j]
                   + B[a + i * RY + j - 1] + B[a + i * RY + j + 1]) * (REAL) 0.25f;
          }
      __syncthreads ();
    }
  int c = D & 1 ? RXY : 0;
  for (int i = D + threadIdx.y; i < D + TX; i += blockDim.y)
    for (int j = D + threadIdx.x; j < D + TY; j += 32)
      {
        int x = x0 + i, y = y0 + j;
        if (x < X - 1 && y < Y - 1)
          dst[(long) x * Y + y] = B[c + i * RY + j];
      }
}

/* As jacobi-tb-acc.c's STREAM_BODY (see there for the ring).  */
__global__ void
tb_stream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
           int D, int SX, int TY, int R)
{
  extern __shared__ REAL B[];
  int WY = TY + 2 * D, NB = R - 2, m = R - 1;
  int nstrips = (Y - 2 + TY - 1) / TY;
  int g = blockIdx.x;
  int y0 = 1 + g % nstrips * TY - D;
  int xl = 1 + g / nstrips * SX;
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;
  int rb = xl - D > 0 ? xl - D : 0;
  int nblk = (xh - rb + D + NB - 1) / NB;
  for (int k = 0; k < nblk; k++)
    {
      for (int b = threadIdx.y; b < NB; b += blockDim.y)
        for (int j = threadIdx.x; j < WY; j += 32)
          {
            int r = rb + k * NB + b, y = y0 + j;
            if (r < X && y >= 0 && y < Y)
              B[(r & m) * WY + j] = src[(long) r * Y + y];
          }
      __syncthreads ();
      for (int s = 1; s < D; s++)
        {
          int lo = (s - 1) * R, hi = s * R;
          for (int b = threadIdx.y; b < NB; b += blockDim.y)
            for (int j = s + threadIdx.x; j < WY - s; j += 32)
              {
                int r = rb + k * NB + b - s, y = y0 + j;
                if (r < 0 || r >= X || y < 0 || y >= Y)
                  continue;
                REAL v;
                if (r >= 1 && r < X - 1 && y >= 1 && y < Y - 1)
                  v = (B[(lo + ((r - 1) & m)) * WY + j]
                       + B[(lo + ((r + 1) & m)) * WY + j]
                       + B[(lo + (r & m)) * WY + j - 1]
                       + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f;
                else
                  v = B[(lo + (r & m)) * WY + j];
                B[(hi + (r & m)) * WY + j] = v;
              }
          __syncthreads ();
        }
      int lo = (D - 1) * R;
      for (int b = threadIdx.y; b < NB; b += blockDim.y)
        for (int j = D + threadIdx.x; j < D + TY; j += 32)
          {
            int r = rb + k * NB + b - D, y = y0 + j;
            if (r >= xl && r < xh && y < Y - 1)
              dst[(long) r * Y + y]
                = (B[(lo + ((r - 1) & m)) * WY + j]
                   + B[(lo + ((r + 1) & m)) * WY + j]
                   + B[(lo + (r & m)) * WY + j - 1]
                   + B[(lo + (r & m)) * WY + j + 1]) * (REAL) 0.25f;
          }
      /* The next block's loads overwrite ring slots level 1 has read.  */
      __syncthreads ();
    }
}

/* regstream: what one lane holds.  W[S][I % 3] is time level S (0: the
   input) at the row it computed in iteration I, for its C columns; Q the
   rows loaded ahead.  */
template <int D, int C, int PF>
struct rs_lane
{
  REAL w[D][3][C];
  REAL q[PF][C];
  long col[C];                  /* its columns, clamped to the grid */
  bool in[C];                   /* interior columns (else constant) */
  bool out[C];                  /* columns it writes */
};

/* Iteration I of the walk (PH = I % PF, PF 3 or 6: the indices of the
   ring of three rows and of the queue are constants): row R = RSTART + I
   is taken from the queue into level 0, its successor PF rows
   on is loaded, and level S = 1..D computes row R - S from level S - 1's
   rows R - S - 1, R - S (left and right: the neighbouring elements, at
   the ends lanes -1 and +1) and R - S + 1, all three computed at most two
   iterations ago.  Levels after d copy (the launch's last steps); rows
   and columns of the boundary copy.  Level D goes to memory for the rows
   of the segment [XL, XH).  */
template <int D, int C, int PF, bool EDGE, int PH>
static __host__ __device__ __forceinline__ void
rs_row (rs_lane<D, C, PF> &L, const REAL *__restrict__ src,
        REAL *__restrict__ dst, int X, int Y, int r, int d, int xl, int xh)
{
  const int cur = PH % 3, prev = (PH + 2) % 3, old = (PH + 1) % 3;
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      L.w[0][cur][c] = L.q[PH % PF][c];
      L.q[PH % PF][c] = src[(long) TB_MIN (r + PF, X - 1) * Y + L.col[c]];
    }
#pragma unroll
  for (int s = 1; s <= D; s++)
    {
      int x = r - s;
      bool rowin = x >= 1 && x < X - 1 && s <= d;
      REAL (&a)[3][C] = L.w[s - 1];
      REAL left = TB_SHFL_UP (a[prev][C - 1]);
      REAL right = TB_SHFL_DOWN (a[prev][0]);
      REAL v[C];
      /* A branch of the whole warp (the row); the test per column only in
         strips that reach a side of the grid.  */
      if (rowin)
        {
#pragma unroll
          for (int c = 0; c < C; c++)
            {
              REAL l = c > 0 ? a[prev][c - 1] : left;
              REAL rt = c < C - 1 ? a[prev][c + 1] : right;
              REAL nv = (a[old][c] + a[cur][c] + l + rt) * (REAL) 0.25f;
              v[c] = !EDGE || L.in[c] ? nv : a[prev][c];
            }
        }
      else
        {
#pragma unroll
          for (int c = 0; c < C; c++)
            v[c] = a[prev][c];
        }
      if (s < D)
        {
#pragma unroll
          for (int c = 0; c < C; c++)
            L.w[s][cur][c] = v[c];
        }
      else if (x >= xl && x < xh)
        {
#pragma unroll
          for (int c = 0; c < C; c++)
            if (L.out[c])
              dst[(long) x * Y + L.col[c]] = v[c];
        }
    }
}

/* regstream: a warp per (strip, segment), W warps per block.  EDGE: the
   strip has columns outside the grid's interior.  */
template <int D, int C, int PF, bool EDGE>
static __host__ __device__ void
rs_walk (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
         int d, int SX, int W)
{
  const int V = 32 * C - 2 * D;       /* columns a strip writes */
  int nstrips = (Y - 2 + V - 1) / V, nsegs = (X - 2 + SX - 1) / SX;
  int gw = TB_BID * W + TB_TID / 32, lane = TB_TID & 31;
  if (gw >= nstrips * nsegs)
    return;                           /* the whole warp */
  int strip = gw % nstrips, seg = gw / nstrips;
  int y0 = 1 + strip * V - D;         /* the strip's first column */
  int xl = 1 + seg * SX, xh = TB_MIN (xl + SX, X - 1);
  int rstart = TB_MAX (xl - D, 0), niter = xh + D - rstart;
  rs_lane<D, C, PF> L;
#pragma unroll
  for (int c = 0; c < C; c++)
    {
      int k = lane * C + c, y = y0 + k;
      L.col[c] = TB_MIN (TB_MAX (y, 0), Y - 1);
      L.in[c] = y >= 1 && y < Y - 1;
      L.out[c] = k >= D && k < D + V && y < Y - 1;
#pragma unroll
      for (int s = 0; s < D; s++)
#pragma unroll
        for (int i = 0; i < 3; i++)
          L.w[s][i][c] = 0;
#pragma unroll
      for (int p = 0; p < PF; p++)
        L.q[p][c] = src[(long) TB_MIN (rstart + p, X - 1) * Y + L.col[c]];
    }
  /* Unrolled by 3 PF / gcd: the ring indices are constants; the extra
     iterations of the last round write nothing (rows past the segment).  */
  for (int i = 0; i < niter; i += PF == 3 ? 3 : 6)
    {
      int r = rstart + i;
      rs_row<D, C, PF, EDGE, 0> (L, src, dst, X, Y, r, d, xl, xh);
      rs_row<D, C, PF, EDGE, 1> (L, src, dst, X, Y, r + 1, d, xl, xh);
      rs_row<D, C, PF, EDGE, 2> (L, src, dst, X, Y, r + 2, d, xl, xh);
      if (PF == 6)
        {
          rs_row<D, C, PF, EDGE, 3> (L, src, dst, X, Y, r + 3, d, xl, xh);
          rs_row<D, C, PF, EDGE, 4> (L, src, dst, X, Y, r + 4, d, xl, xh);
          rs_row<D, C, PF, EDGE, 5> (L, src, dst, X, Y, r + 5, d, xl, xh);
        }
    }
}

template <int D, int C, int PF>
static __host__ __device__ void
rs_body (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
         int d, int SX, int W)
{
  const int V = 32 * C - 2 * D;
  int nstrips = (Y - 2 + V - 1) / V;
  int y0 = 1 + (TB_BID * W + TB_TID / 32) % nstrips * V - D;
  if (y0 < 1 || y0 + 32 * C > Y - 1)
    rs_walk<D, C, PF, true> (src, dst, X, Y, d, SX, W);
  else
    rs_walk<D, C, PF, false> (src, dst, X, Y, d, SX, W);
}

template <int D, int C, int PF>
__global__ void
tb_regstream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X,
              int Y, int d, int SX, int W)
{
  rs_body<D, C, PF> (src, dst, X, Y, d, SX, W);
}

/* The arguments of an emulated regstream launch.  */
struct rs_emu_args
{
  const REAL *src;
  REAL *dst;
  int X, Y, d, SX, W;
};

template <int D, int C, int PF>
static void
rs_emu_body (void *p)
{
  rs_emu_args *e = (rs_emu_args *) p;
  rs_body<D, C, PF> (e->src, e->dst, e->X, e->Y, e->d, e->SX, e->W);
}

/* Launches (or, without a GPU, runs on the host) regstream<D, C, PF>.  */
template <int D, int C, int PF>
static void
rs_launch (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  const int V = 32 * C - 2 * D;
  long warps = (long) ((a->Y - 2 + V - 1) / V) * ((a->X - 2 + a->TX - 1) / a->TX);
  int blocks = (int) ((warps + a->W - 1) / a->W);
  if (tb_emulating)
    {
      rs_emu_args e = { src, dst, a->X, a->Y, d, a->TX, a->W };
      tb_emu_launch (blocks, 32 * a->W, 0, rs_emu_body<D, C, PF>, &e);
    }
  else
    tb_regstream<D, C, PF><<<blocks, 32 * a->W>>> (src, dst, a->X, a->Y, d,
                                                  a->TX, a->W);
}

template <int D, int C>
static void
rs_launch_pf (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  if (a->R <= 4)
    rs_launch<D, C, 3> (src, dst, a, d);
  else
    rs_launch<D, C, 6> (src, dst, a, d);
}

template <int D>
static void
rs_launch_c (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  if (a->TY == 64)
    rs_launch_pf<D, 2> (src, dst, a, d);
  else
    rs_launch_pf<D, 4> (src, dst, a, d);
}

/* Whether regstream has a kernel for A: D 4, 6, 8, 10, 12; TY 64, 128.  */
static bool
rs_built (const struct tb_args *a)
{
  return (a->D == 4 || a->D == 6 || a->D == 8 || a->D == 10 || a->D == 12)
         && (a->TY == 64 || a->TY == 128);
}

/* The template for A->D (the launch's d <= D steps: a last, shorter
   launch runs the same kernel, its levels after d copying).  */
static void
rs_launch_any (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  switch (a->D)
    {
    case 4: rs_launch_c<4> (src, dst, a, d); break;
    case 6: rs_launch_c<6> (src, dst, a, d); break;
    case 8: rs_launch_c<8> (src, dst, a, d); break;
    case 10: rs_launch_c<10> (src, dst, a, d); break;
    default: rs_launch_c<12> (src, dst, a, d); break;
    }
}

enum variant { V_1STEP, V_TILE, V_STREAM, V_REGSTREAM, NV };
static const char *const vname[NV] = { "1step", "tile", "stream", "regstream" };

static long
smem_bytes (int v, const struct tb_args *a, int D)
{
  if (v == V_REGSTREAM)
    return rs_built (a) ? 0 : -1;
  if (v == V_TILE)
    return sizeof (REAL) * 2 * (size_t) (a->TX + 2 * D) * (a->TY + 2 * D);
  if (v == V_STREAM)
    return sizeof (REAL) * (size_t) D * a->R * (a->TY + 2 * D);
  return 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *, int G,
        const struct tb_args *a, int d)
{
  int X = a->X, Y = a->Y, W = a->W;
  size_t sm = smem_bytes (v, a, d);
  if (v == V_1STEP)
    step1<<<dim3 ((Y - 2 + 31) / 32, (X - 2 + W - 1) / W), dim3 (32, W)>>> (src, dst, X, Y);
  else if (v == V_TILE)
    tb_tile<<<G, dim3 (32, W), sm>>> (src, dst, X, Y, d, a->TX, a->TY);
  else if (v == V_REGSTREAM)
    rs_launch_any (src, dst, a, d);
  else
    tb_stream<<<G, dim3 (32, W), sm>>> (src, dst, X, Y, d, a->TX, a->TY, a->R);
}

int
main (int argc, char **argv)
{
  static struct tb_prog pg
    = { "jacobi-tb-cuda", "cuda", 2, NV, vname, 1 << V_STREAM | 1 << V_REGSTREAM,
        smem_bytes, 0, launch, NULL, launch, 1 << V_REGSTREAM };
  if (argc >= 8)
    printf ("# jacobi-tb-cuda X=%s Y=%s T=%s\n", argv[2], argv[3], argv[4]);
  if (!tb_have_gpu (&pg))
    {
      pg.shared_max = TB_EMU_SHARED_MAX;
      return tb_main (&pg, argc, argv);
    }
  int maxsm;
  CK (cudaDeviceGetAttribute (&maxsm, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  pg.shared_max = maxsm;
  CK (cudaFuncSetAttribute (tb_tile, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  CK (cudaFuncSetAttribute (tb_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  return tb_main (&pg, argc, argv);
}
