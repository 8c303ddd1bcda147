/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* launch.h - phase 4 of pacc.so, the launch redirection pass
   (launch.cc), and the options written with the objects for the offload
   compiler (offload-options.cc): registered by plugin_init.
   Declarations only.  */

#ifndef PACC_LAUNCH_H
#define PACC_LAUNCH_H

/* The functions and variables are hidden (see pacc-plugin.h).  */
#pragma GCC visibility push(hidden)

/* launch.cc */
void pacc_register_launch_pass (const char *plugin_name);

/* offload-options.cc */
void pacc_register_offload_options (const char *plugin_name);

#pragma GCC visibility pop

#endif /* PACC_LAUNCH_H */
