/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* heat3d-tb-cuda.cu -- heat3d-tb-acc.c's algorithms written by hand in
   CUDA (the ceiling of the approach): `1step' (one step per launch, one
   thread per point) and `stream' (a block per segment of TX planes and
   TY x TZ tile, a ring of R planes per time level in dynamic shared
   memory, __syncthreads between the levels), and `regstream' (below: the
   register-streaming form of EBISU's 3d7pt, written for this prototype:
   the planes' time levels in registers per (y,z) point, the in-plane
   neighbours by warp shuffles along z and through shared memory across
   warps along y, one __syncthreads per plane).  Same arithmetic
   (TB_HEAT3D, -fmad=false), arguments and result lines as heat3d-tb-acc.

   Usage: heat3d-tb-cuda VARIANT[,VARIANT...]|all X Y Z T D TX TY TZ [W [R]]
   (regstream: TY x TZ the block's tile with its halo, W warps; D 4, 6 or
   8, TZ 32 or 64, TY / W 4 or 8, not 8 rows with TZ 64; R 4: the next plane loaded one plane
   ahead, 8: three).  Without a GPU, regstream runs on the host through
   tb-emu.h, checked bit for bit; the others are skipped.
   Build: nvcc -O3 -arch=sm_90 -fmad=false heat3d-tb-cuda.cu  */

#include <cuda_runtime.h>

#include "tb-common.h"
#include "tb-run.h"
#include "tb-emu.h"

__global__ void
step1 (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
       int Z)
{
  int z = blockIdx.x * 32 + threadIdx.x + 1;
  int y = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int x = blockIdx.z + 1;
  long sy = Z, sx = (long) Y * Z;
  if (y < Y - 1 && z < Z - 1)
    {
      long i = x * sx + y * sy + z;
      dst[i] = TB_HEAT3D (src[i], src[i - sx], src[i + sx], src[i - sy],
                          src[i + sy], src[i - 1], src[i + 1]);
    }
}

/* As heat3d-tb-acc.c's STREAM3_BODY (see there for the ring): block =
   gang, threadIdx.y the worker over (plane, row) pairs, threadIdx.x the
   vector lane over columns.  */
__global__ void
tb_stream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
           int Z, int D, int SX, int TY, int TZ, int R)
{
  extern __shared__ REAL B[];
  int WY = TY + 2 * D, WZ = TZ + 2 * D, NB = R - 2, m = R - 1;
  int ntz = (Z - 2 + TZ - 1) / TZ, ntiles = (Y - 2 + TY - 1) / TY * ntz;
  int g = blockIdx.x, tile = g % ntiles, seg = g / ntiles;
  int y0 = 1 + tile / ntz * TY - D, z0 = 1 + tile % ntz * TZ - D;
  int xl = 1 + seg * SX;
  int xh = xl + SX < X - 1 ? xl + SX : X - 1;
  int rb = xl - D > 0 ? xl - D : 0;
  int nblk = (xh - rb + D + NB - 1) / NB;
  for (int k = 0; k < nblk; k++)
    {
      for (int bi = threadIdx.y; bi < NB * WY; bi += blockDim.y)
        {
          int b = bi / WY, i = bi % WY;
          for (int j = threadIdx.x; j < WZ; j += 32)
            {
              int r = rb + k * NB + b, y = y0 + i, z = z0 + j;
              if (r < X && y >= 0 && y < Y && z >= 0 && z < Z)
                B[((r & m) * WY + i) * WZ + j] = src[((long) r * Y + y) * Z + z];
            }
        }
      __syncthreads ();
      for (int s = 1; s < D; s++)
        {
          int lo = (s - 1) * R, hi = s * R, ni = WY - 2 * s;
          for (int bi = threadIdx.y; bi < NB * ni; bi += blockDim.y)
            {
              int b = bi / ni, i = s + bi % ni;
              for (int j = s + threadIdx.x; j < WZ - s; j += 32)
                {
                  int r = rb + k * NB + b - s, y = y0 + i, z = z0 + j;
                  if (r < 0 || r >= X || y < 0 || y >= Y || z < 0 || z >= Z)
                    continue;
                  long c = ((lo + (r & m)) * WY + i) * WZ + j;
                  REAL v;
                  if (r >= 1 && r < X - 1 && y >= 1 && y < Y - 1 && z >= 1 && z < Z - 1)
                    v = TB_HEAT3D (B[c], B[((lo + ((r - 1) & m)) * WY + i) * WZ + j],
                                   B[((lo + ((r + 1) & m)) * WY + i) * WZ + j],
                                   B[c - WZ], B[c + WZ], B[c - 1], B[c + 1]);
                  else
                    v = B[c];
                  B[((hi + (r & m)) * WY + i) * WZ + j] = v;
                }
            }
          __syncthreads ();
        }
      int lo = (D - 1) * R;
      for (int bi = threadIdx.y; bi < NB * TY; bi += blockDim.y)
        {
          int b = bi / TY, i = D + bi % TY;
          for (int j = D + threadIdx.x; j < D + TZ; j += 32)
            {
              int r = rb + k * NB + b - D, y = y0 + i, z = z0 + j;
              if (r >= xl && r < xh && y < Y - 1 && z < Z - 1)
                {
                  long c = ((lo + (r & m)) * WY + i) * WZ + j;
                  dst[((long) r * Y + y) * Z + z]
                    = TB_HEAT3D (B[c], B[((lo + ((r - 1) & m)) * WY + i) * WZ + j],
                                 B[((lo + ((r + 1) & m)) * WY + i) * WZ + j],
                                 B[c - WZ], B[c + WZ], B[c - 1], B[c + 1]);
                }
            }
        }
      /* The next block's loads overwrite ring slots level 1 has read.  */
      __syncthreads ();
    }
}

/* regstream: what one thread holds.  A block is W warps over a tile of
   W*CY rows (y) by 32*CZ columns (z) with its D-point halo; warp w owns
   rows w*CY.., lane l columns l*CZ..; the block walks down the planes
   (x) of a segment.  W[S][I % 3] is time level S (0: the input) at the
   plane computed in iteration I; Q the planes loaded ahead.  */
template <int D, int CY, int CZ, int PF>
struct rs3_thread
{
  REAL w[D][3][CY][CZ];
  REAL q[PF][CY][CZ];
  int off[CY][CZ];              /* y*Z + z, clamped to the grid */
  bool in[CY][CZ];              /* interior (else constant) */
  bool out[CY][CZ];             /* written by this block */
};

/* The shared memory of a block: for each of two iterations (even, odd)
   and each level 0..D-1, the first and the last row of each warp's rows,
   read by the warps above and below.  */
static __host__ __device__ __forceinline__ int
rs3_edge (int buf, int s, int w, int e, int D, int W, int CZ)
{
  return (((buf * D + s) * W + w) * 2 + e) * 32 * CZ;
}

/* The new values V of level S's points in plane R - S (the level before
   it in P), the in-plane neighbours as rs3_plane says (below).  */
template <int D, int CY, int CZ, int PF, bool EDGE, int PH>
static __host__ __device__ __forceinline__ void
rs3_points (const rs3_thread<D, CY, CZ, PF> &T, const REAL *sm,
            REAL (&p)[3][CY][CZ], REAL (&v)[CY][CZ], int br, int s, int up,
            int dn, int lane, int W)
{
  const int cur = PH % 3, prev = (PH + 2) % 3, old = (PH + 1) % 3;
#pragma unroll
  for (int a = 0; a < CY; a++)
    {
      REAL zm = TB_SHFL_UP (p[prev][a][CZ - 1]);
      REAL zp = TB_SHFL_DOWN (p[prev][a][0]);
#pragma unroll
      for (int b = 0; b < CZ; b++)
        {
          REAL ym = a > 0 ? p[prev][a - 1][b]
            : sm[rs3_edge (br, s - 1, up, 1, D, W, CZ) + lane * CZ + b];
          REAL yp = a < CY - 1 ? p[prev][a + 1][b]
            : sm[rs3_edge (br, s - 1, dn, 0, D, W, CZ) + lane * CZ + b];
          REAL zl = b > 0 ? p[prev][a][b - 1] : zm;
          REAL zr = b < CZ - 1 ? p[prev][a][b + 1] : zp;
          REAL nv = TB_HEAT3D (p[prev][a][b], p[old][a][b], p[cur][a][b],
                               ym, yp, zl, zr);
          v[a][b] = !EDGE || T.in[a][b] ? nv : p[prev][a][b];
        }
    }
}

/* Iteration I (PH = I % 3, the ring's indices constants): plane R taken
   from the queue into level 0 and the plane PF on loaded; level S = 1..D
   computes plane R - S from level S - 1's planes R - S - 1, R - S, R - S
   + 1 (its own registers), the z neighbours of plane R - S (the next
   element, at its ends lane -1 / +1 by shuffles) and the y neighbours
   (the next row, at the ends the shared memory the warp above / below
   wrote in the previous iteration: R - S was computed then).  So the
   levels wait for no other thread within an iteration: one barrier at
   its end, and two sets of edges alternate.  */
template <int D, int CY, int CZ, int PF, bool EDGE, int PH>
static __host__ __device__ __forceinline__ void
rs3_plane (rs3_thread<D, CY, CZ, PF> &T, REAL *sm, const REAL *__restrict__ src,
           REAL *__restrict__ dst, int X, int Y, int Z, int r, int i, int d,
           int xl, int xh, int W)
{
  const int cur = PH % 3, prev = (PH + 2) % 3, old = (PH + 1) % 3;
  const long sx = (long) Y * Z;
  int wp = TB_TID / 32, lane = TB_TID & 31;
  int bw = i & 1, br = bw ^ 1;        /* edges written / read */
  int up = TB_MAX (wp - 1, 0), dn = TB_MIN (wp + 1, W - 1);
#pragma unroll
  for (int a = 0; a < CY; a++)
#pragma unroll
    for (int b = 0; b < CZ; b++)
      {
        T.w[0][cur][a][b] = T.q[PH % PF][a][b];
        T.q[PH % PF][a][b] = src[TB_MIN (r + PF, X - 1) * sx + T.off[a][b]];
      }
#pragma unroll
  for (int b = 0; b < CZ; b++)
    {
      sm[rs3_edge (bw, 0, wp, 0, D, W, CZ) + lane * CZ + b] = T.w[0][cur][0][b];
      sm[rs3_edge (bw, 0, wp, 1, D, W, CZ) + lane * CZ + b] = T.w[0][cur][CY - 1][b];
    }
#pragma unroll
  for (int s = 1; s <= D; s++)
    {
      int x = r - s;
      bool planein = x >= 1 && x < X - 1 && s <= d;
      REAL (&p)[3][CY][CZ] = T.w[s - 1];
      REAL v[CY][CZ];
      /* Boundary plane (or a level after d): a copy, a branch of the whole
         block; the test per point only in tiles at a side of the grid.  */
      if (!planein)
        {
#pragma unroll
          for (int a = 0; a < CY; a++)
#pragma unroll
            for (int b = 0; b < CZ; b++)
              v[a][b] = p[prev][a][b];
        }
      else
        rs3_points<D, CY, CZ, PF, EDGE, PH> (T, sm, p, v, br, s, up, dn, lane, W);
      if (s < D)
        {
#pragma unroll
          for (int a = 0; a < CY; a++)
#pragma unroll
            for (int b = 0; b < CZ; b++)
              T.w[s][cur][a][b] = v[a][b];
#pragma unroll
          for (int b = 0; b < CZ; b++)
            {
              sm[rs3_edge (bw, s, wp, 0, D, W, CZ) + lane * CZ + b] = v[0][b];
              sm[rs3_edge (bw, s, wp, 1, D, W, CZ) + lane * CZ + b] = v[CY - 1][b];
            }
        }
      else if (x >= xl && x < xh)
        {
#pragma unroll
          for (int a = 0; a < CY; a++)
#pragma unroll
            for (int b = 0; b < CZ; b++)
              if (T.out[a][b])
                dst[x * sx + T.off[a][b]] = v[a][b];
        }
    }
  TB_SYNC ();
}

/* The rows and columns a block writes (its tile less the halo).  */
template <int D, int CY, int CZ>
static __host__ __device__ __forceinline__ void
rs3_valid (int W, int *vy, int *vz)
{
  *vy = W * CY - 2 * D;
  *vz = 32 * CZ - 2 * D;
}

/* EDGE: the tile has points outside the grid's interior.  */
template <int D, int CY, int CZ, int PF, bool EDGE>
static __host__ __device__ void
rs3_walk (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
          int Z, int d, int SX, int W)
{
  TB_SHARED_DECL (sm);
  int VY, VZ;
  rs3_valid<D, CY, CZ> (W, &VY, &VZ);
  int ntz = (Z - 2 + VZ - 1) / VZ, ntiles = (Y - 2 + VY - 1) / VY * ntz;
  int g = TB_BID, tile = g % ntiles, seg = g / ntiles;
  int y0 = 1 + tile / ntz * VY - D, z0 = 1 + tile % ntz * VZ - D;
  int xl = 1 + seg * SX, xh = TB_MIN (xl + SX, X - 1);
  int rstart = TB_MAX (xl - D, 0), niter = xh + D - rstart;
  int wp = TB_TID / 32, lane = TB_TID & 31;
  rs3_thread<D, CY, CZ, PF> T;
#pragma unroll
  for (int a = 0; a < CY; a++)
#pragma unroll
    for (int b = 0; b < CZ; b++)
      {
        int ky = wp * CY + a, kz = lane * CZ + b, y = y0 + ky, z = z0 + kz;
        T.off[a][b] = TB_MIN (TB_MAX (y, 0), Y - 1) * Z + TB_MIN (TB_MAX (z, 0), Z - 1);
        T.in[a][b] = y >= 1 && y < Y - 1 && z >= 1 && z < Z - 1;
        T.out[a][b] = (ky >= D && ky < D + VY && y < Y - 1
                       && kz >= D && kz < D + VZ && z < Z - 1);
#pragma unroll
        for (int s = 0; s < D; s++)
#pragma unroll
          for (int k = 0; k < 3; k++)
            T.w[s][k][a][b] = 0;
#pragma unroll
        for (int k = 0; k < PF; k++)
          T.q[k][a][b] = src[TB_MIN (rstart + k, X - 1) * ((long) Y * Z) + T.off[a][b]];
      }
  /* The edges of iteration -1 (read by iteration 0) are never used: the
     planes before RSTART are not valid in any level; zero them all the
     same, for a defined result.  */
  for (int k = TB_TID; k < 2 * D * W * 2 * 32 * CZ; k += 32 * W)
    sm[k] = 0;
  TB_SYNC ();
  for (int i = 0; i < niter; i += 3)
    {
      int r = rstart + i;
      rs3_plane<D, CY, CZ, PF, EDGE, 0> (T, sm, src, dst, X, Y, Z, r, i, d, xl, xh, W);
      rs3_plane<D, CY, CZ, PF, EDGE, 1> (T, sm, src, dst, X, Y, Z, r + 1, i + 1, d, xl, xh, W);
      rs3_plane<D, CY, CZ, PF, EDGE, 2> (T, sm, src, dst, X, Y, Z, r + 2, i + 2, d, xl, xh, W);
    }
}

template <int D, int CY, int CZ, int PF>
static __host__ __device__ void
rs3_body (const REAL *__restrict__ src, REAL *__restrict__ dst, int X, int Y,
          int Z, int d, int SX, int W)
{
  int VY, VZ;
  rs3_valid<D, CY, CZ> (W, &VY, &VZ);
  int ntz = (Z - 2 + VZ - 1) / VZ, ntiles = (Y - 2 + VY - 1) / VY * ntz;
  int tile = TB_BID % ntiles;
  int y0 = 1 + tile / ntz * VY - D, z0 = 1 + tile % ntz * VZ - D;
  if (y0 < 1 || y0 + W * CY > Y - 1 || z0 < 1 || z0 + 32 * CZ > Z - 1)
    rs3_walk<D, CY, CZ, PF, true> (src, dst, X, Y, Z, d, SX, W);
  else
    rs3_walk<D, CY, CZ, PF, false> (src, dst, X, Y, Z, d, SX, W);
}

template <int D, int CY, int CZ, int PF>
__global__ void
tb_regstream (const REAL *__restrict__ src, REAL *__restrict__ dst, int X,
              int Y, int Z, int d, int SX, int W)
{
  rs3_body<D, CY, CZ, PF> (src, dst, X, Y, Z, d, SX, W);
}

struct rs3_emu_args
{
  const REAL *src;
  REAL *dst;
  int X, Y, Z, d, SX, W;
};

template <int D, int CY, int CZ, int PF>
static void
rs3_emu_body (void *p)
{
  rs3_emu_args *e = (rs3_emu_args *) p;
  rs3_body<D, CY, CZ, PF> (e->src, e->dst, e->X, e->Y, e->Z, e->d, e->SX, e->W);
}

static size_t
rs3_smem (const struct tb_args *a, int D)
{
  return sizeof (REAL) * 2 * D * a->W * 2 * a->TZ;
}

template <int D, int CY, int CZ, int PF>
static void
rs3_launch (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  int VY, VZ;
  rs3_valid<D, CY, CZ> (a->W, &VY, &VZ);
  long blocks = (long) ((a->Y - 2 + VY - 1) / VY) * ((a->Z - 2 + VZ - 1) / VZ)
                * ((a->X - 2 + a->TX - 1) / a->TX);
  size_t sm = rs3_smem (a, D);
  if (tb_emulating)
    {
      rs3_emu_args e = { src, dst, a->X, a->Y, a->Z, d, a->TX, a->W };
      tb_emu_launch ((int) blocks, 32 * a->W, sm, rs3_emu_body<D, CY, CZ, PF>, &e);
    }
  else
    {
      if (sm > 48 * 1024)
        CK (cudaFuncSetAttribute (tb_regstream<D, CY, CZ, PF>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize, (int) sm));
      tb_regstream<D, CY, CZ, PF><<<blocks, 32 * a->W, sm>>>
        (src, dst, a->X, a->Y, a->Z, d, a->TX, a->W);
    }
}

template <int D, int CY, int CZ>
static void
rs3_launch_pf (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  if (a->R <= 4)
    rs3_launch<D, CY, CZ, 1> (src, dst, a, d);
  else
    rs3_launch<D, CY, CZ, 3> (src, dst, a, d);
}

/* Whether regstream has a kernel for A: D 4, 6, 8; TY / W 4 or 8 rows
   per warp, TZ 32 or 64 (not both 8 and 64: it spills at every D); a
   point left inside the halo.  */
static bool
rs3_built (const struct tb_args *a)
{
  int cy = a->TY / a->W;
  return (a->D == 4 || a->D == 6 || a->D == 8) && cy * a->W == a->TY
         && (cy == 4 || cy == 8) && (a->TZ == 32 || a->TZ == 64)
         && !(cy == 8 && a->TZ == 64) && a->TY > 2 * a->D && a->TZ > 2 * a->D;
}

template <int D>
static void
rs3_launch_c (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  int cy = a->TY / a->W;
  if (cy == 4 && a->TZ == 32)
    rs3_launch_pf<D, 4, 1> (src, dst, a, d);
  else if (cy == 4)
    rs3_launch_pf<D, 4, 2> (src, dst, a, d);
  else
    rs3_launch_pf<D, 8, 1> (src, dst, a, d);
}

/* The template for A->D (a last, shorter launch: the same kernel, its
   levels after d copying).  */
static void
rs3_launch_any (const REAL *src, REAL *dst, const struct tb_args *a, int d)
{
  switch (a->D)
    {
    case 4: rs3_launch_c<4> (src, dst, a, d); break;
    case 6: rs3_launch_c<6> (src, dst, a, d); break;
    default: rs3_launch_c<8> (src, dst, a, d); break;
    }
}

enum variant { V_1STEP, V_STREAM, V_REGSTREAM, NV };
static const char *const vname[NV] = { "1step", "stream", "regstream" };

static long
smem_bytes (int v, const struct tb_args *a, int D)
{
  if (v == V_REGSTREAM)
    return rs3_built (a) ? (long) rs3_smem (a, D) : -1;
  return v == V_STREAM ? (long) sizeof (REAL) * D * a->R * (a->TY + 2 * D) * (a->TZ + 2 * D) : 0;
}

static void
launch (int v, const REAL *src, REAL *dst, REAL *, int G,
        const struct tb_args *a, int d)
{
  int X = a->X, Y = a->Y, Z = a->Z, W = a->W;
  if (v == V_1STEP)
    step1<<<dim3 ((Z - 2 + 31) / 32, (Y - 2 + W - 1) / W, X - 2), dim3 (32, W)>>>
      (src, dst, X, Y, Z);
  else if (v == V_REGSTREAM)
    rs3_launch_any (src, dst, a, d);
  else
    tb_stream<<<G, dim3 (32, W), smem_bytes (v, a, d)>>>
      (src, dst, X, Y, Z, d, a->TX, a->TY, a->TZ, a->R);
}

int
main (int argc, char **argv)
{
  static struct tb_prog pg
    = { "heat3d-tb-cuda", "cuda", 3, NV, vname, 1 << V_STREAM | 1 << V_REGSTREAM,
        smem_bytes, 0, launch, NULL, launch, 1 << V_REGSTREAM };
  if (argc >= 10)
    printf ("# heat3d-tb-cuda X=%s Y=%s Z=%s T=%s\n", argv[2], argv[3], argv[4], argv[5]);
  if (!tb_have_gpu (&pg))
    {
      pg.shared_max = TB_EMU_SHARED_MAX;
      return tb_main (&pg, argc, argv);
    }
  int maxsm;
  CK (cudaDeviceGetAttribute (&maxsm, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  pg.shared_max = maxsm;
  CK (cudaFuncSetAttribute (tb_stream, cudaFuncAttributeMaxDynamicSharedMemorySize, maxsm));
  return tb_main (&pg, argc, argv);
}
