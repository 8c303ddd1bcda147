/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* kernel-locations.cc - which OpenACC regions are pacc kernels.

   The lowering records the location of every OACC_PARALLEL it builds;
   the launch pass (launch.cc), after ompexp, sends the GOACC_parallel_keyed
   calls that carry one of these locations to libpacc's launcher.  The set
   lives here, below both, so that the lowering does not call into the
   launch pass.  */

#include "pacc-plugin.h"

static std::vector<location_t> kernel_locations;

void
pacc_note_kernel_location (location_t loc)
{
  kernel_locations.push_back (get_pure_location (LOCATION_LOCUS (loc)));
}

bool
pacc_kernel_location_p (location_t loc)
{
  /* Statements' locations carry their BLOCK and a source range.  */
  location_t locus = get_pure_location (LOCATION_LOCUS (loc));
  return std::find (kernel_locations.begin (), kernel_locations.end (), locus)
         != kernel_locations.end ();
}

/* Whether any kernel was built in this translation unit.  */
bool
pacc_any_kernel_location (void)
{
  return !kernel_locations.empty ();
}
