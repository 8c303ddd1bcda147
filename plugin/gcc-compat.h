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

/* GCC 12 keeps the C front end's loops as FOR_STMT until c_genericize,
   which runs right after PLUGIN_PRE_GENERICIZE.  */
#define PACC_HAVE_FOR_STMT 1

#endif /* PACC_GCC_COMPAT_H */
