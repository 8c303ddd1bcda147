/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* shared-attr.cc -- a GCC 12 plugin for the temporal-blocking prototypes
   (not part of PACC): it lets a file-scope static array carry
   `__attribute__((shared))' through the host compiler to the nvptx
   offload compiler, which places it in .shared (one copy per CTA, that
   is per gang), with no local frame, unlike GCC 12's gang-private arrays
   (README.md).  The host compiler has no `shared' attribute and would drop
   it; this plugin registers it, marks the variable "omp declare target"
   so that it is streamed to the offload compiler, and keeps it out of the
   offload variable table (libgomp would look a .shared symbol up with
   cuModuleGetGlobal and fail).  On the host the array is an ordinary
   static one, used by the sequential host fallback.

   Build: g++ -shared -fPIC -fno-rtti -O2
          -I"$(gcc-12 -print-file-name=plugin)/include" shared-attr.cc
          -o shared-attr.so
   Use:   gcc-12 -fplugin=./shared-attr.so -fopenacc ...  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "cgraph.h"
#include "omp-offload.h"
#include "diagnostic-core.h"

int plugin_is_GPL_compatible;

static tree
handle_shared (tree *node, tree name, tree, int, bool *no_add_attrs)
{
  tree d = *node;
  if (!VAR_P (d) || !TREE_STATIC (d) || DECL_INITIAL (d))
    {
      error_at (DECL_SOURCE_LOCATION (d), "%qE applies to static variables"
                " without an initializer only", name);
      *no_add_attrs = true;
      return NULL_TREE;
    }
  DECL_ATTRIBUTES (d) = tree_cons (get_identifier ("omp declare target"),
                                   NULL_TREE, DECL_ATTRIBUTES (d));
  return NULL_TREE;
}

static const struct attribute_spec shared_attr
  = { "shared", 0, 0, true, false, false, false, handle_shared, NULL };

static void
register_attrs (void *, void *)
{
  register_attribute (&shared_attr);
}

/* Before the offload tables are written (LTO streaming of the IPA
   passes).  */
static void
drop_from_offload_table (void *, void *)
{
  if (!offload_vars)
    return;
  for (unsigned i = 0; i < offload_vars->length ();)
    if (lookup_attribute ("shared", DECL_ATTRIBUTES ((*offload_vars)[i])))
      offload_vars->ordered_remove (i);
    else
      i++;
}

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    return 1;
  register_callback (info->base_name, PLUGIN_ATTRIBUTES, register_attrs, NULL);
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
                     drop_from_offload_table, NULL);
  return 0;
}
