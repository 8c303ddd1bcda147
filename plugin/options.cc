/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* options.cc - the plugin's options, -fplugin-arg-pacc-*, from one
   table: each option's key, variable, range, the text of its error and
   its help line, and whether it is for users or for measurements.
   plugin_init (pacc-plugin.cc) parses the arguments through it
   (pacc_parse_options) and registers the help it writes
   (pacc_options_help); the lowering reads the variables.  A new option
   is one row here, plus its @item in the manual's "Plugin options" and
   its entry in the man page's PLUGIN OPTIONS (check-doc reads the keys
   from this table).  */

#include "pacc-plugin.h"

/* -fplugin-arg-pacc-verbose: a note per pipeline region.  */
int pacc_verbose;

/* -fplugin-arg-pacc-gang-static=N: rows to gangs N at a time, round
   robin; 0: GCC's blocks of rows.  */
int pacc_gang_static = 1;

/* -fplugin-arg-pacc-workers=N: workers (warps) per gang of every kernel
   that has worker-level loops; 0: 8 for segmented kernels, else 16 for
   two-level nests and 8 for deeper ones (benchmarks/RESULTS.md,
   "Kernels at the memory limit" and "Segments of three loops").  */
int pacc_workers;

/* -fplugin-arg-pacc-group-gangs=N: in deeper nests, (plane, group of
   rows) pairs to gangs, groups sized for about N gangs per sub-step;
   0: planes to gangs, as before row groups (for measurements).  */
int pacc_group_gangs = 8192;

/* -fplugin-arg-pacc-pairs=N as given; pacc_parse_options derives the
   two below from it.  0: one iteration per thread in copy-like vector
   loops, as before paired iterations; 2 to 8: that many iterations per
   thread (1: the default, two); for measurements.  */
static int pairs_option = 1;
int pacc_pair_iterations_on = 1;
int pacc_pair_ways = 2;

/* -fplugin-arg-pacc-segments=0: no segmented kernels, two-level nests
   with a gang loop over rows and deeper ones in row groups, as before
   segments (for measurements; lower-geometry.cc).  */
int pacc_segments_on = 1;
int pacc_tblock_on = 1;

/* -fplugin-arg-pacc-segment-depth=2: nests of three loops keep their
   (plane, row group) pairs instead of becoming segmented kernels (for
   measurements; lower-geometry.cc).  */
int pacc_segment_levels = 3;

/* -fplugin-arg-pacc-reduction-slots=0: a copy-like loop with a
   reduction keeps rows to gangs and OpenACC's reduction over gangs, as
   before; 1: it is segmented, every load first, and its gangs' partials
   go through slots (lower-slots.cc, pacc_slot_reductions_p).  */
int pacc_reduction_slots = 1;

/* -fplugin-arg-pacc-seg-cols=N: columns per thread of a segmented kernel
   (lower-segments.cc); 8 unless set.  -fplugin-arg-pacc-copy-cols=N: the
   same for copy-like loops, 4 unless set; 0: copy-like loops keep rows
   to gangs (and -fplugin-arg-pacc-pairs).  */
int pacc_seg_cols = 8;
int pacc_copy_cols = 4;

/* -fplugin-arg-pacc-hoist=0: kernels read the chunk pointers where they
   use them, as before the hoisting (for measurements; lower-kernel.cc).  */
int pacc_hoist_pointers_on = 1;

/* Who an option is for: the manual and the man page list the
   measurement options apart from the users' ones (check-doc compares
   them with this table).  */
enum option_tier
{
  FOR_USERS,
  FOR_MEASUREMENTS
};

struct option_row
{
  const char *key;     /* -fplugin-arg-pacc-KEY.  */
  const char *metavar; /* "N" for =N; NULL: a flag, any value ignored,
			   that sets *var to 1.  */
  long lo, hi;         /* The range of N.  */
  int *var;            /* Where N goes.  */
  const char *what;    /* The error's "needs WHAT, got 'VALUE'".  */
  const char *help;    /* Lines of `gcc --help', '\n' between them.  */
  enum option_tier tier;
};

static const struct option_row pacc_option_table[] = {
  { "verbose", NULL, 0, 0, &pacc_verbose, NULL,
    "a note per pipeline region: arrays, halo, reach, kernels", FOR_USERS },
  { "gang-static", "N", 0, 1 << 20, &pacc_gang_static,
    "a number of rows (0: one block of rows per gang)",
    "rows to gangs N at a time, round robin (default 1;\n"
    "0: one block of rows per gang, GCC's own)",
    FOR_USERS },
  { "workers", "N", 0, 32, &pacc_workers, "a number of workers from 0 to 32",
    "workers per gang (default 0: 8 in segmented kernels,\n"
    "else 16 for two loops, 8 for more)",
    FOR_MEASUREMENTS },
  { "group-gangs", "N", 0, 1 << 24, &pacc_group_gangs,
    "a number of gangs from 0 to 16777216",
    "gangs per sub-step that row groups aim at (default 8192;\n"
    "0: planes to gangs)",
    FOR_MEASUREMENTS },
  { "pairs", "N", 0, 8, &pairs_option,
    "0 or 1, or 2 to 8 iterations per thread",
    "iterations per thread in copy-like vector loops\n"
    "(default 1: two; 0: one; 2 to 8: that many)",
    FOR_MEASUREMENTS },
  { "segments", "N", 0, 1, &pacc_segments_on, "0 or 1",
    "0: no segmented kernels: rows to gangs in two-level nests,\n"
    "row groups deeper (default 1)",
    FOR_MEASUREMENTS },
  { "tblock", "N", 0, 1, &pacc_tblock_on, "0 or 1",
    "0: no in-kernel temporal blocking kernels (default 1)",
    FOR_MEASUREMENTS },
  { "segment-depth", "N", 2, 3, &pacc_segment_levels, "2 or 3 loops",
    "2: row groups, not segments, in three-level nests (default 3)",
    FOR_MEASUREMENTS },
  { "seg-cols", "N", 1, 8, &pacc_seg_cols,
    "a number of columns per thread from 1 to 8",
    "columns per thread in segmented kernels (default 8)", FOR_MEASUREMENTS },
  { "copy-cols", "N", 0, 8, &pacc_copy_cols,
    "a number of columns per thread from 0 to 8",
    "the same for copy-like loops (default 4; 0: rows to gangs)",
    FOR_MEASUREMENTS },
  { "hoist", "N", 0, 1, &pacc_hoist_pointers_on, "0 or 1",
    "0: kernels read the chunk pointers where they use them,\n"
    "not once per gang (default 1)",
    FOR_MEASUREMENTS },
  { "reduction-slots", "N", 0, 1, &pacc_reduction_slots, "0 or 1",
    "0: copy-like loops with a reduction keep rows to gangs\n"
    "(default 1: segmented, partials through slots)",
    FOR_MEASUREMENTS },
};

#define N_OPTIONS (sizeof pacc_option_table / sizeof pacc_option_table[0])

/* "verbose, gang-static=N, ...": the keys, for the unknown-option
   error.  */
static const char *
option_list ()
{
  static char buf[512];
  size_t len = 0;
  for (size_t i = 0; i < N_OPTIONS; i++)
    {
      const option_row &o = pacc_option_table[i];
      len
        += snprintf (buf + len, sizeof buf - len, "%s%s%s%s", i ? ", " : "",
                     o.key, o.metavar ? "=" : "", o.metavar ? o.metavar : "");
      gcc_assert (len < sizeof buf);
    }
  return buf;
}

bool
pacc_parse_options (int argc, const struct plugin_argument *argv)
{
  for (int i = 0; i < argc; i++)
    {
      const char *key = argv[i].key, *v = argv[i].value;
      const option_row *o = NULL;
      for (size_t j = 0; j < N_OPTIONS && !o; j++)
        if (!strcmp (key, pacc_option_table[j].key))
          o = &pacc_option_table[j];
      if (!o)
        {
          error ("pacc.so: unknown option %<-fplugin-arg-pacc-%s%>; the "
                 "options are %s",
                 key, option_list ());
          return false;
        }
      if (!o->metavar)
        {
          *o->var = 1;
          continue;
        }
      char *end;
      long n = v ? strtol (v, &end, 10) : 0;
      if (!v || !*v || *end || n < o->lo || n > o->hi)
        {
          error ("pacc.so: %<-fplugin-arg-pacc-%s%> needs %s, got %qs", key,
                 o->what, v ? v : "");
          return false;
        }
      *o->var = (int) n;
    }
  pacc_pair_iterations_on = pairs_option != 0;
  if (pairs_option >= 2)
    pacc_pair_ways = pairs_option;
  return true;
}

/* The help text, from the table: the users' options first, then those
   for measurements.  */
const char *
pacc_options_help ()
{
  static char buf[4096];
  size_t len = 0;
  len += snprintf (buf + len, sizeof buf - len,
                   "PACC: out-of-core, temporally blocked stencil pipelines "
                   "on GPUs (info pacc, man 7 pacc).");
  for (int tier = FOR_USERS; tier <= FOR_MEASUREMENTS; tier++)
    {
      if (tier == FOR_MEASUREMENTS)
        len += snprintf (buf + len, sizeof buf - len,
                         "\nFor measurements (benchmarks/RESULTS.md):");
      for (size_t i = 0; i < N_OPTIONS; i++)
        {
          const option_row &o = pacc_option_table[i];
          if (o.tier != tier)
            continue;
          len += snprintf (buf + len, sizeof buf - len,
                           "\n-fplugin-arg-pacc-%s%s%s", o.key,
                           o.metavar ? "=" : "", o.metavar ? o.metavar : "");
          for (const char *p = o.help; *p && len < sizeof buf;)
            {
              const char *nl = strchr (p, '\n');
              int n = nl ? (int) (nl - p) : (int) strlen (p);
              len
                += snprintf (buf + len, sizeof buf - len, "\n    %.*s", n, p);
              p += n + (nl != NULL);
            }
          if (o.metavar && len < sizeof buf)
            len += snprintf (buf + len, sizeof buf - len, "\n    %s: %s",
                             o.metavar, o.what);
        }
    }
  gcc_assert (len < sizeof buf);
  return buf;
}
