# shellcheck shell=bash
# Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
# SPDX-License-Identifier: GPL-3.0-or-later
# Free software, without any warranty: see COPYING.
#
# benchmarks/mpi/mpi-env.sh -- sourced by the scripts that run the MPI
# ports from mpi-bundle.sh's bundle (run-mpi-gpu.sh, scaling.sh): the
# bundle's relocated Open MPI and libraries, Open MPI's settings for the
# sandboxed GPU machine, and a wrapper that gives each rank one GPU.
#
#   . mpi-env.sh; mpi_env BUNDLE_DIR
#       exports OPAL_PREFIX, PATH (BUNDLE/ompi, when the bundle has its
#       own Open MPI; else the mpirun on PATH is used), LD_LIBRARY_PATH
#       (BUNDLE/lib first) and the OMPI_MCA_* settings; sets MPI_X, the
#       mpirun options that pass those variables to the ranks
#   mpi_gpu_wrapper FILE NGPUS
#       writes FILE, which runs its arguments with CUDA_VISIBLE_DEVICES
#       set to the local rank modulo NGPUS (one GPU: the ranks share it)

mpi_env () {
  local b=$1
  MPI_X=(-x LD_LIBRARY_PATH -x PATH)
  if [ -d "$b/ompi" ]; then
    export OPAL_PREFIX=$b/ompi
    export PATH=$b/ompi/bin:$PATH
    export LD_LIBRARY_PATH=$b/lib:$b/ompi/lib/x86_64-linux-gnu/openmpi/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
    MPI_X+=(-x OPAL_PREFIX)
  else
    export LD_LIBRARY_PATH=$b/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  fi
  # gVisor: no cross-memory attach; no binding; root is allowed.
  export OMPI_MCA_btl_vader_single_copy_mechanism=none
  export OMPI_MCA_btl=self,vader
  export OMPI_MCA_pml=ob1
  export OMPI_MCA_mca_base_component_show_load_errors=0
  export OMPI_MCA_rmaps_base_oversubscribe=1
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
}

mpi_gpu_wrapper () {
  cat > "$1" <<EOS
#!/bin/bash
export CUDA_VISIBLE_DEVICES=\$(( \${OMPI_COMM_WORLD_LOCAL_RANK:-0} % $2 ))
exec "\$@"
EOS
  chmod +x "$1"
}
