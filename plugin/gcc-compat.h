/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* gcc-compat.h - every GCC header pacc.so needs, and all version shims.

   pacc.so is built against GCC 12's plugin headers (configure refuses any
   other major).  Anything that depends on the GCC version lives here and
   nowhere else, so that porting to another major touches one file.  */

#ifndef PACC_GCC_COMPAT_H
#define PACC_GCC_COMPAT_H

#define INCLUDE_VECTOR
#define INCLUDE_STRING
#define INCLUDE_ALGORITHM
#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "tree.h"
#include "c-family/c-common.h"
#include "c-family/c-pragma.h"
#include "c-tree.h"
#include "stringpool.h"
#include "attribs.h"
#include "tree-iterator.h"
#include "diagnostic.h"
#include "print-tree.h"
#include "tree-pretty-print.h"
#include "langhooks.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "real.h"
#include "calls.h"
#include "builtins.h"
#include "gimple-expr.h"
#include "gimplify.h"
#include "cgraph.h"
#include "tree-nested.h"
#include "ggc.h"
#include "gomp-constants.h"
#include "omp-general.h"

#if GCC_VERSION < 12000 || GCC_VERSION >= 13000
#error "pacc.so is written against GCC 12's plugin API"
#endif

/* The C front end's symbols that pacc.so uses, weak: with -flto the
   compile's -fplugin travels with the objects and lto1 loads pacc.so
   too, and lto1 has no C front end.  plugin_init registers nothing
   there, so none of these is called.  Default
   arguments stay on the first declarations.  */
extern tree c_global_trees[CTI_MAX] __attribute__ ((weak));
extern stmt_tree current_stmt_tree (void) __attribute__ ((weak));
extern tree push_stmt_list (void) __attribute__ ((weak));
extern tree pop_stmt_list (tree) __attribute__ ((weak));
extern tree add_stmt (tree) __attribute__ ((weak));
extern tree c_fully_fold (tree, bool, bool *, bool) __attribute__ ((weak));
extern tree build_stmt (location_t, enum tree_code, ...)
  __attribute__ ((weak));
extern tree build_binary_op (location_t, enum tree_code, tree, tree, bool)
  __attribute__ ((weak));
extern tree default_conversion (tree) __attribute__ ((weak));
extern tree lookup_name (tree) __attribute__ ((weak));
extern tree c_finish_omp_atomic (location_t, enum tree_code, enum tree_code,
                                 tree, tree, tree, tree, tree, tree, bool,
                                 enum omp_memory_order, bool, bool)
  __attribute__ ((weak));
extern tree c_finish_omp_for (location_t, enum tree_code, tree, tree, tree,
                              tree, tree, tree, tree, bool)
  __attribute__ ((weak));
extern void c_register_pragma_with_expansion (const char *, const char *,
                                              pragma_handler_1arg)
  __attribute__ ((weak));
extern enum cpp_ttype pragma_lex (tree *, location_t *) __attribute__ ((weak));
extern tree build_array_ref (location_t, tree, tree) __attribute__ ((weak));

/* GCC 12 keeps the C front end's loops as FOR_STMT until c_genericize,
   which runs right after PLUGIN_PRE_GENERICIZE.  */
#define PACC_HAVE_FOR_STMT 1

#endif /* PACC_GCC_COMPAT_H */
