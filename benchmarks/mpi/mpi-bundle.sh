#!/bin/bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# mpi-bundle.sh -- builds what the MPI benchmarks need on a GPU machine
# that has no MPI (issue 13): jacobi-mpi and cip-mpi built with the
# installed PACC (pkg-config pacc and pacc-mpi) and Debian's Open MPI,
# libpacc, libpacc-mpi, libgomp with its nvptx plugin, and Open MPI's run
# time (mpirun, orted, its libraries and components, and the libraries
# they load) laid out under mpi-bundle/ompi so that OPAL_PREFIX relocates
# it.  Run there with run-mpi-gpu.sh.
#
#   CC=gcc-12 bash benchmarks/mpi/mpi-bundle.sh [BUNDLE_DIR]   (default mpi-bundle)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${1:-$top/mpi-bundle}
CC=${CC:-gcc}
die () { echo "mpi-bundle: error: $*" >&2; exit 1; }
pkg-config --exists pacc-mpi || die "pkg-config cannot find pacc-mpi (PACC built with MPI?)"
command -v mpicc >/dev/null || die "no mpicc (apt-get install libopenmpi-dev openmpi-bin)"

rm -rf "${B:?}"
mkdir -p "$B"/{bin,lib} "$B"/ompi/{bin,share} "$B"/ompi/lib/x86_64-linux-gnu/openmpi
cflags="$(pkg-config --cflags pacc) -O3"
libs="$(pkg-config --libs pacc-mpi) -lm -pthread"
for b in jacobi cip; do
  OMPI_CC=$CC mpicc $cflags "$top/benchmarks/mpi/$b-mpi.c" -o "$B/bin/$b-mpi" $libs \
    > "$B/$b-mpi.log" 2>&1 || { cat "$B/$b-mpi.log"; die "building $b-mpi failed"; }
done
libdir=$(pkg-config --variable=libdir pacc)
cp -L "$libdir/libpacc.so.0" "$libdir/libpacc-mpi.so.0" \
  /usr/lib/x86_64-linux-gnu/libgomp.so.1 \
  /usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1 "$B/lib/"

# Open MPI, Debian's layout under a new prefix (ompi_info --path all).
ompilib=/usr/lib/x86_64-linux-gnu/openmpi/lib
cp -L /usr/bin/orterun "$B/ompi/bin/mpirun"
cp -L /usr/bin/orted "$B/ompi/bin/"
cp -rL "$ompilib" "$B/ompi/lib/x86_64-linux-gnu/openmpi/"
rm -rf "$B/ompi/lib/x86_64-linux-gnu/openmpi/lib/pkgconfig"
cp -rL /usr/share/openmpi "$B/ompi/share/"
# Every library these load that is not the C library's own.
{
  ldd "$B"/bin/* "$B"/ompi/bin/* "$B"/lib/*.so* 2>/dev/null
  find "$B/ompi/lib" -name '*.so*' -exec ldd {} \; 2>/dev/null
} | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u | while read -r so; do
  case $(basename "$so") in
    libc.so*|libm.so*|libpthread.so*|libdl.so*|librt.so*|ld-linux*|libgcc_s.so*|libcuda.so*) ;;
    libmpi.so*|libopen-pal.so*|libopen-rte.so*|libmca_*) ;;
    *) cp -nL "$so" "$B/lib/" ;;
  esac
done
cp -L /usr/lib/x86_64-linux-gnu/{libmpi,libopen-pal,libopen-rte}.so.40 "$B/lib/"
cp "$top/benchmarks/mpi/run-mpi-gpu.sh" "$top/benchmarks/mpi/mpi-env.sh" "$B/"
du -sh "$B"
