/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* himeno-tb-cuda.cu -- Himeno (benchmarks/himeno) one step per launch
   against D steps per launch, in hand CUDA (issue 46, item 2: in core
   >= 2x the hand CUDA kernels).  Variants:

     1step   benchmarks/himeno/himeno-cuda.cu's own kernels (included from
             there, the code PACC is compared with): the 19-point step
             into wrk2 with gosa, then the copy-back p = wrk2; two launches
             per step, 14 arrays of HBM traffic per step
     stream  D steps per launch: a block per (segment of SX planes along
             i, tile of TJ x 32 points of the (j,k) plane with a D-point
             halo), W warps, each thread TJ/W rows (j) of one column (k);
             the block walks down the planes keeping, for each time level
             0..D-1, a ring of 4 planes of the tile in shared memory.
             Level s works two planes behind level s-1 (the 19 points
             reach the next plane's in-plane neighbours), so within a
             plane no level waits for another: one __syncthreads per plane
             for all D levels.  p goes from one array to the other (the
             boundary equal in both), no wrk2 and no copy-back; the
             coefficient arrays are read once per level from L1/L2, once
             per launch from HBM when the caches hold the 2D planes a tile
             has in flight.  gosa: the launch's last level only (the last
             step's gosa is the result), summed in double per thread and
             added with one atomicAdd per thread.

   Both give p bit for bit as himeno.c (the same operations per point in
   the same order, -fmad=false); gosa equals up to the order of the
   additions (checked to 1e-10 relative).  Without a GPU, `stream' runs on
   the host through tb-emu.h and is checked against the sequential loop.

   Usage: himeno-tb-cuda VARIANT[,VARIANT]|all X Y Z T D SX TJ W [INIT]
   (D 2, 3, 4 or 6; TJ / W 1, 2 or 4 rows per warp; INIT as himeno.c,
   default 1: every coefficient varies).  Prints one line per variant:
   kernel seconds (the launches only), GCells/s = (X-2)(Y-2)(Z-2) T / s,
   GFLOPS (34 per point), the check.

   Build: nvcc -O3 -arch=sm_90 -fmad=false himeno-tb-cuda.cu  */

/* The baseline's kernels and helpers, its main renamed away.  */
#define main himeno_cuda_main
#include "../himeno/himeno-cuda.cu"
#undef main

#define REAL float
#define TB_MIN(a, b) ((a) < (b) ? (a) : (b))
#define TB_MAX(a, b) ((a) > (b) ? (a) : (b))
#include "tb-emu.h"
#include "tb-arrays.h"

#ifdef __CUDA_ARCH__
#define HM_ATOMIC_ADD(p, v) atomicAdd ((p), (v))
#else
#define HM_ATOMIC_ADD(p, v) (*(p) += (v))
#endif

/* The 12 read-only arrays (kernel argument).  */
struct hm_coef
{
  const float *a0, *a1, *a2, *a3, *b0, *b1, *b2, *c0, *c1, *c2, *bnd, *wrk1;
};

/* The sequential reference: himeno.c's time loop on the host; P holds
   the result, the last step's gosa returned.  */
static double
hm_seq (float *p, const hm_coef &c, float *wrk2, long X, long Y, long Z,
        int T, float omega)
{
  const long sj = Z, si = Y * Z;
  double gosa = 0.0;
  for (int t = 0; t < T; t++)
    {
      gosa = 0.0;
      for (long i = 1; i < X - 1; i++)
        for (long j = 1; j < Y - 1; j++)
          for (long k = 1; k < Z - 1; k++)
            {
              long n = i * si + j * sj + k;
              float s0 = c.a0[n] * p[n + si]
                         + c.a1[n] * p[n + sj]
                         + c.a2[n] * p[n + 1]
                         + c.b0[n] * (p[n + si + sj] - p[n + si - sj]
                                      - p[n - si + sj] + p[n - si - sj])
                         + c.b1[n] * (p[n + sj + 1] - p[n - sj + 1]
                                      - p[n + sj - 1] + p[n - sj - 1])
                         + c.b2[n] * (p[n + si + 1] - p[n - si + 1]
                                      - p[n + si - 1] + p[n - si - 1])
                         + c.c0[n] * p[n - si]
                         + c.c1[n] * p[n - sj]
                         + c.c2[n] * p[n - 1]
                         + c.wrk1[n];
              float ss = (s0 * c.a3[n] - p[n]) * c.bnd[n];
              gosa += ss * ss;
              wrk2[n] = p[n] + omega * ss;
            }
      for (long i = 1; i < X - 1; i++)
        for (long j = 1; j < Y - 1; j++)
          for (long k = 1; k < Z - 1; k++)
            p[(i * Y + j) * Z + k] = wrk2[(i * Y + j) * Z + k];
    }
  return gosa;
}

/* stream: the shared memory of a block is, for level S (0..D-1) and ring
   slot (iteration % 4), a plane of the tile, PS = TJ x 32 points, row
   JJ, column KK at (S * 4 + slot) * PS + JJ * 32 + KK.  A neighbour
   outside the tile is read at the tile's edge (its value only reaches
   the halo).  */
/* What a thread of `stream' holds for its CJ points.  */
template <int CJ>
struct hm_thread
{
  int pos[CJ];                  /* JJ * 32 + KK in a plane of the tile */
  int jm[CJ], jp[CJ], km, kp;   /* to the neighbours j -1, +1, k -1, +1 */
  int off[CJ];                  /* j*Z + k, clamped to the grid */
  bool in[CJ];                  /* interior (j, k) */
  bool out[CJ];                 /* written by this block */
  float q[CJ];                  /* the next plane of p, loaded ahead */
  double gosa;
};

/* Iteration I (PH = I % 4) of `stream': plane R of p into level 0's slot
   PH (the next one loaded), then level S = 1..D computes plane R - 2S
   from level S - 1's planes R - 2S - 1 .. R - 2S + 1, written in
   iterations I - 3 .. I - 1 (slots PH + 1, + 2, + 3), into its slot PH.
   Boundary planes and levels after d copy; level D goes to DST for the
   planes [XL, XH) of the segment; level d adds its ss^2 to gosa.  */
template <int D, int CJ, int PH>
static __host__ __device__ __forceinline__ void
hm_plane (hm_thread<CJ> &T, float *sm, const float *__restrict__ src,
          float *__restrict__ dst, const hm_coef &c, float omega, int X,
          int Y, int Z, int r, int d, int xl, int xh, int PS)
{
  const int cm = (PH + 1) % 4, c0 = (PH + 2) % 4, cp = (PH + 3) % 4;
  const long si = (long) Y * Z;
  /* Level 0 is needed up to plane XH - 1 + D (level D's last plane plus
     its halo); the walk goes on D planes more for the lag of the levels. */
  bool more = r + 1 <= xh - 1 + D;
#pragma unroll
  for (int a = 0; a < CJ; a++)
    {
      sm[PH * PS + T.pos[a]] = T.q[a];
      if (more)
        T.q[a] = src[TB_MIN (r + 1, X - 1) * si + T.off[a]];
    }
  /* The levels not unrolled: the state is in shared memory, and unrolled
     the compiler hoists every level's 31 loads per point (ptxas: 177 to
     255 registers, too many for 256 threads).  */
#pragma unroll 1
  for (int s = 1; s <= D; s++)
    {
      int x = r - 2 * s, l = s - 1;
      bool planein = x >= 1 && x < X - 1 && s <= d;
#pragma unroll
      for (int a = 0; a < CJ; a++)
        {
          const float *L = sm + l * 4 * PS + T.pos[a];
          float pc = L[c0 * PS];
          float v = pc;
          if (planein && T.in[a])
            {
              long n = x * si + T.off[a];
#define P(slot, dj, dk)						\
  L[(slot) * PS + ((dj) < 0 ? T.jm[a] : (dj) > 0 ? T.jp[a] : 0)	\
    + ((dk) < 0 ? T.km : (dk) > 0 ? T.kp : 0)]
              float s0 = c.a0[n] * P (cp, 0, 0)
                         + c.a1[n] * P (c0, 1, 0)
                         + c.a2[n] * P (c0, 0, 1)
                         + c.b0[n] * (P (cp, 1, 0) - P (cp, -1, 0)
                                      - P (cm, 1, 0) + P (cm, -1, 0))
                         + c.b1[n] * (P (c0, 1, 1) - P (c0, -1, 1)
                                      - P (c0, 1, -1) + P (c0, -1, -1))
                         + c.b2[n] * (P (cp, 0, 1) - P (cm, 0, 1)
                                      - P (cp, 0, -1) + P (cm, 0, -1))
                         + c.c0[n] * P (cm, 0, 0)
                         + c.c1[n] * P (c0, -1, 0)
                         + c.c2[n] * P (c0, 0, -1)
                         + c.wrk1[n];
#undef P
              float ss = (s0 * c.a3[n] - pc) * c.bnd[n];
              if (s == d && T.out[a] && x >= xl && x < xh)
                T.gosa += (double) (ss * ss);
              v = pc + omega * ss;
            }
          if (s < D)
            sm[(s * 4 + PH) * PS + T.pos[a]] = v;
          else if (T.out[a] && x >= xl && x < xh)
            dst[x * si + T.off[a]] = v;
        }
    }
  TB_SYNC ();
}

template <int D, int CJ>
static __host__ __device__ void
hm_body (const float *__restrict__ src, float *__restrict__ dst, hm_coef c,
         float omega, double *gosa, int X, int Y, int Z, int d, int SX, int W)
{
  TB_SHARED_DECL (sm);
  const int TJ = W * CJ, VJ = TJ - 2 * D, VK = 32 - 2 * D;
  int ntk = (Z - 2 + VK - 1) / VK, ntiles = (Y - 2 + VJ - 1) / VJ * ntk;
  int tile = TB_BID % ntiles, seg = TB_BID / ntiles;
  int j0 = 1 + tile / ntk * VJ - D, k0 = 1 + tile % ntk * VK - D;
  int xl = 1 + seg * SX, xh = TB_MIN (xl + SX, X - 1);
  int rstart = TB_MAX (xl - D, 0), niter = xh + 2 * D - rstart;
  int lane = TB_TID & 31, jb = TB_TID / 32 * CJ;
  hm_thread<CJ> T;
  T.gosa = 0.0;
  T.km = lane > 0 ? -1 : 0;
  T.kp = lane < 31 ? 1 : 0;
#pragma unroll
  for (int a = 0; a < CJ; a++)
    {
      int jj = jb + a, j = j0 + jj, k = k0 + lane;
      T.pos[a] = jj * 32 + lane;
      T.jm[a] = jj > 0 ? -32 : 0;
      T.jp[a] = jj < TJ - 1 ? 32 : 0;
      T.off[a] = TB_MIN (TB_MAX (j, 0), Y - 1) * Z + TB_MIN (TB_MAX (k, 0), Z - 1);
      T.in[a] = j >= 1 && j < Y - 1 && k >= 1 && k < Z - 1;
      T.out[a] = (jj >= D && jj < D + VJ && j < Y - 1
                  && lane >= D && lane < D + VK && k < Z - 1);
      T.q[a] = src[(long) rstart * Y * Z + T.off[a]];
    }
  for (int i = 0; i < niter; i += 4)
    {
      int r = rstart + i;
      hm_plane<D, CJ, 0> (T, sm, src, dst, c, omega, X, Y, Z, r, d, xl, xh, TJ * 32);
      hm_plane<D, CJ, 1> (T, sm, src, dst, c, omega, X, Y, Z, r + 1, d, xl, xh, TJ * 32);
      hm_plane<D, CJ, 2> (T, sm, src, dst, c, omega, X, Y, Z, r + 2, d, xl, xh, TJ * 32);
      hm_plane<D, CJ, 3> (T, sm, src, dst, c, omega, X, Y, Z, r + 3, d, xl, xh, TJ * 32);
    }
  if (T.gosa != 0.0)
    HM_ATOMIC_ADD (gosa, T.gosa);
}

template <int D, int CJ>
__global__ void
hm_stream (const float *__restrict__ src, float *__restrict__ dst, hm_coef c,
           float omega, double *gosa, int X, int Y, int Z, int d, int SX, int W)
{
  hm_body<D, CJ> (src, dst, c, omega, gosa, X, Y, Z, d, SX, W);
}

/* A run's arrays and settings.  */
struct hm_run
{
  int X, Y, Z, T, D, SX, TJ, W;
  int d;                        /* steps of the launch */
  float omega;
  const float *src;
  float *dst;
  hm_coef c;
  double *gosa;
};

template <int D, int CJ>
static void
hm_emu_body (void *p)
{
  hm_run *e = (hm_run *) p;
  hm_body<D, CJ> (e->src, e->dst, e->c, e->omega, e->gosa, e->X, e->Y, e->Z,
                  e->d, e->SX, e->W);
}

/* Shared memory of `stream': 4 planes of the tile per level.  */
static size_t
hm_smem (const hm_run *h)
{
  return sizeof (float) * h->D * 4 * h->TJ * 32;
}

/* One launch of D = H->D, H->d steps, src -> dst.  */
template <int D, int CJ>
static void
hm_launch (hm_run *h)
{
  int VJ = h->TJ - 2 * D, VK = 32 - 2 * D;
  long blocks = (long) ((h->Y - 2 + VJ - 1) / VJ) * ((h->Z - 2 + VK - 1) / VK)
                * ((h->X - 2 + h->SX - 1) / h->SX);
  size_t sm = hm_smem (h);
  if (tb_emulating)
    tb_emu_launch ((int) blocks, 32 * h->W, sm, hm_emu_body<D, CJ>, h);
  else
    {
      if (sm > 48 * 1024)
        CK (cudaFuncSetAttribute (hm_stream<D, CJ>,
                                  cudaFuncAttributeMaxDynamicSharedMemorySize, (int) sm));
      hm_stream<D, CJ><<<blocks, 32 * h->W, sm>>>
        (h->src, h->dst, h->c, h->omega, h->gosa, h->X, h->Y, h->Z, h->d,
         h->SX, h->W);
    }
}

template <int D>
static void
hm_launch_c (hm_run *h)
{
  switch (h->TJ / h->W)
    {
    case 1: hm_launch<D, 1> (h); break;
    case 2: hm_launch<D, 2> (h); break;
    default: hm_launch<D, 4> (h); break;
    }
}

static void
hm_launch_any (hm_run *h)
{
  switch (h->D)
    {
    case 2: hm_launch_c<2> (h); break;
    case 3: hm_launch_c<3> (h); break;
    case 4: hm_launch_c<4> (h); break;
    default: hm_launch_c<6> (h); break;
    }
}

enum { HV_1STEP, HV_STREAM, HV_N };
static const char *const hv_name[HV_N] = { "1step", "stream" };

/* T steps of variant V from the initial arrays HOST (p, then the 12
   coefficients in hm_coef's order), on the device or, without one,
   emulated on the host (stream only); the result p into OUT, the last
   step's gosa into *GOSA; returns the seconds of the launches.  */
static double
hm_time (int v, const hm_run *cfg, float *const host[13], float *out,
         double *gosa)
{
  hm_run h = *cfg;
  size_t bytes = sizeof (float) * h.X * h.Y * h.Z;
  /* d[0] and d[13]: p and, for stream, the other p; d[14] wrk2.  */
  float *d[15];
  for (int a = 0; a < 15; a++)
    d[a] = (float *) tb_arr_alloc (bytes, "himeno-tb-cuda");
  double *dg = (double *) tb_arr_alloc (sizeof (double), "himeno-tb-cuda");
  for (int a = 0; a < 13; a++)
    tb_arr_copy (d[a], host[a], bytes);
  tb_arr_copy (d[13], host[0], bytes);
  h.c = { d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8], d[9], d[10], d[11], d[12] };
  h.gosa = dg;
  dim3 block (BK, BJ, 1);
  dim3 grid ((h.Z - 2 + BK - 1) / BK, (h.Y - 2 + BJ - 1) / BJ, h.X - 2);
  float *pa = d[0], *pb = d[13];
  /* Warm-up (module load), then the initial p again.  */
  if (v == HV_1STEP)
    himeno_step<<<grid, block>>> (d[0], d[1], d[2], d[3], d[4], d[5], d[6],
                                  d[7], d[8], d[9], d[10], d[11], d[12],
                                  d[14], h.omega, dg, h.X, h.Y, h.Z);
  else if (!tb_emulating)
    {
      h.d = 1, h.src = pa, h.dst = pb;
      hm_launch_any (&h);
    }
  tb_arr_sync ();
  tb_arr_copy (pb, host[0], bytes);
  struct tb_timer tm;
  tb_timer_start (&tm);
  for (int t = 0; t < h.T;)
    {
      tb_arr_zero (dg, sizeof (double));
      if (v == HV_1STEP)
        {
          himeno_step<<<grid, block>>> (d[0], d[1], d[2], d[3], d[4], d[5],
                                        d[6], d[7], d[8], d[9], d[10], d[11],
                                        d[12], d[14], h.omega, dg, h.X, h.Y, h.Z);
          copy_back<<<grid, block>>> (d[0], d[14], h.X, h.Y, h.Z);
          t++;
        }
      else
        {
          h.d = TB_MIN (h.D, h.T - t);
          h.src = pa, h.dst = pb;
          hm_launch_any (&h);
          float *tmp = pa;
          pa = pb;
          pb = tmp;
          t += h.d;
        }
    }
  double secs = tb_timer_stop (&tm);
  tb_arr_copy (out, pa, bytes);
  tb_arr_copy (gosa, dg, sizeof (double));
  for (int a = 0; a < 15; a++)
    tb_arr_free (d[a]);
  tb_arr_free (dg);
  return secs;
}

int
main (int argc, char **argv)
{
  if (argc < 10)
    {
      fprintf (stderr, "usage: %s 1step|stream|all X Y Z T D SX TJ W [INIT]\n",
               argv[0]);
      return 2;
    }
  hm_run h;
  h.X = atoi (argv[2]), h.Y = atoi (argv[3]), h.Z = atoi (argv[4]);
  h.T = atoi (argv[5]), h.D = atoi (argv[6]), h.SX = atoi (argv[7]);
  h.TJ = atoi (argv[8]), h.W = atoi (argv[9]);
  h.omega = 0.8f;
  int mode = argc > 10 ? atoi (argv[10]) : 1;
  int want[HV_N];
  int any = tb_wanted (argv[1], hv_name, HV_N, want);
  int cj = h.W > 0 ? h.TJ / h.W : 0;
  if (h.X < 3 || h.Y < 3 || h.Z < 3 || h.T < 1 || h.X - 2 > 65535 || h.SX < 1
      || (h.D != 2 && h.D != 3 && h.D != 4 && h.D != 6) || h.W < 1 || h.W > 32
      || cj * h.W != h.TJ || (cj != 1 && cj != 2 && cj != 4) || h.TJ - 2 * h.D < 1
      || mode < 0 || mode > 1 || !any)
    {
      fprintf (stderr, "himeno-tb-cuda: bad arguments (X, Y, Z >= 3; T >= 1;"
               " D 2, 3, 4 or 6; TJ = W x 1, 2 or 4 and > 2D; W <= 32;"
               " variants 1step, stream, all)\n");
      return 2;
    }
  printf ("# himeno-tb-cuda X=%d Y=%d Z=%d T=%d init=%s\n", h.X, h.Y, h.Z, h.T,
          mode ? "perturbed" : "classic");
  tb_arr_detect ("himeno-tb-cuda", "stream");

  size_t n = (size_t) h.X * h.Y * h.Z, bytes = sizeof (float) * n;
  float *host[13];
  for (int a = 0; a < 13; a++)
    host[a] = (float *) bench_alloc (bytes, "himeno-tb-cuda", "an array");
  struct himeno_arrays ha = { host[0], host[1], host[2], host[3], host[4],
                              host[5], host[6], host[7], host[8], host[9],
                              host[10], host[11], host[12], NULL,
                              h.X, h.Y, h.Z, mode };
  himeno_init (&ha);
  /* ha's order is p, a0..a3, b0..b2, c0..c2, bnd, wrk1: host[] is that.  */
  float *ref = (float *) bench_alloc (bytes, "himeno-tb-cuda", "ref");
  float *res = (float *) bench_alloc (bytes, "himeno-tb-cuda", "res");
  double gref = 0.0;
  int seqref = (double) (h.X - 2) * (h.Y - 2) * (h.Z - 2) * h.T < 3e8;
  if (seqref)
    {
      float *wrk2 = (float *) bench_alloc (bytes, "himeno-tb-cuda", "wrk2");
      hm_coef c = { host[1], host[2], host[3], host[4], host[5], host[6],
                    host[7], host[8], host[9], host[10], host[11], host[12] };
      memcpy (ref, host[0], bytes);
      gref = hm_seq (ref, c, wrk2, h.X, h.Y, h.Z, h.T, h.omega);
      free (wrk2);
    }
  else if (tb_emulating)
    {
      fprintf (stderr, "himeno-tb-cuda: no GPU: emulation only on grids with"
               " (X-2)(Y-2)(Z-2)T < 3e8\n");
      return 2;
    }
  int fails = 0;
  double cells = (double) (h.X - 2) * (h.Y - 2) * (h.Z - 2) * h.T;
  for (int v = 0; v < HV_N; v++)
    {
      int isref = v == HV_1STEP && !seqref;
      if (!want[v] && !isref)
        continue;
      if (tb_emulating && v == HV_1STEP)
        {
          printf ("cuda-1step: no GPU and no host emulation, skipped\n");
          continue;
        }
      double g;
      double secs = hm_time (v, &h, host, res, &g);
      const char *ck = "ref";
      if (isref)
        {
          memcpy (ref, res, bytes);
          gref = g;
        }
      else
        {
          size_t i;
          int same = tb_arr_same (res, ref, n, &i);
          if (!same)
            {
              fprintf (stderr, "himeno-tb-cuda: %s differs first at i=%zu j=%zu"
                       " k=%zu: %.9g instead of %.9g\n", hv_name[v],
                       i / h.Z / h.Y, i / h.Z % h.Y, i % h.Z, (double) res[i],
                       (double) ref[i]);
            }
          double rel = gref != 0.0 ? fabs (g - gref) / fabs (gref) : fabs (g);
          if (rel > 1e-10)
            fprintf (stderr, "himeno-tb-cuda: %s: gosa %.17g instead of %.17g\n",
                     hv_name[v], g, gref);
          ck = same && rel <= 1e-10 ? "PASS" : "FAIL";
          fails += ck[0] == 'F';
        }
      if (!want[v])
        continue;
      char tile[48];
      if (v == HV_1STEP)
        snprintf (tile, sizeof tile, "%dx%d", BK, BJ);
      else
        snprintf (tile, sizeof tile, "%dx%dx32/W%d", h.SX, h.TJ, h.W);
      printf ("cuda-%-7s f32  D=%-2d %-16s %10.6f s %9.2f GCells/s %8.1f GFLOPS gosa=%.10g %s\n",
              hv_name[v], v == HV_1STEP ? 1 : h.D, tile, secs,
              secs > 0 ? cells / secs * 1e-9 : 0.0,
              secs > 0 ? 34.0 * cells / secs * 1e-9 : 0.0, g, ck);
      fflush (stdout);
    }
  for (int a = 0; a < 13; a++)
    free (host[a]);
  free (ref);
  free (res);
  return fails ? 1 : 0;
}
