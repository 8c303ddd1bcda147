/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* gc-roots.cc - keep the directives' trees alive across garbage
   collection.

   A directive record is made when its pragma is parsed and used when
   PLUGIN_PRE_GENERICIZE lowers the function, and ggc may run in between.
   Every tree a record holds (size expressions, the marker's FUNCTION_DECL,
   the runtime's declarations) is chained on one GC root, which plugin_init
   registers through PLUGIN_REGISTER_GGC_ROOTS (pacc_root_tab).  */

#include "pacc-plugin.h"

/* Trees held by directive records between the pragma and the end of the
   function (size expressions, the marker's FUNCTION_DECL), chained in a
   TREE_LIST so that one GC root covers them.  */
static tree pacc_gc_root;

const struct ggc_root_tab pacc_root_tab[]
  = { { &pacc_gc_root, 1, sizeof (pacc_gc_root), &gt_ggc_mx_tree_node,
        &gt_pch_nx_tree_node },
      LAST_GGC_ROOT_TAB };

void
pacc_keep_tree (tree t)
{
  pacc_gc_root = tree_cons (NULL_TREE, t, pacc_gc_root);
}
