/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* settings.c - reads and checks the PACC_* environment variables into
   pacc_settings (settings.h).  Read once per process (the caller makes
   sure); a bad value is an error naming the variable, so that a typo
   never silently gives a different schedule.  A variable set to the
   empty string counts as unset (so `PACC_K= prog' clears it).  */

#include "settings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pacc_settings pacc_settings;

static const char *
get (const char *name)
{
  const char *v = getenv (name);
  return v && *v ? v : NULL;
}

/* Parse decimal digits at S into *OUT, stopping at the first non-digit
   (returned in *END).  0 when there is no digit or the value passes MAX.  */
static int
parse_digits (const char *s, unsigned long long max, unsigned long long *out,
              const char **end)
{
  unsigned long long v = 0;
  const char *p = s;
  for (; *p >= '0' && *p <= '9'; p++)
    {
      unsigned d = (unsigned) (*p - '0');
      if (v > (max - d) / 10)
        return 0;
      v = v * 10 + d;
    }
  *out = v;
  *end = p;
  return p != s;
}

/* A positive integer no larger than MAX; 0 when unset.  */
static long
positive (const char *where, const char *name, long max)
{
  const char *v = get (name);
  unsigned long long x;
  const char *end;
  if (!v)
    return 0;
  if (!parse_digits (v, (unsigned long long) max, &x, &end) || *end || x == 0)
    {
      if (max < 1000000)
        pacc_error (where, "%s: expected an integer from 1 to %ld, got '%s'",
                    name, max, v);
      pacc_error (where, "%s: expected a positive integer, got '%s'", name, v);
    }
  return (long) x;
}

static unsigned long long
bytes (const char *where, const char *name)
{
  const char *v = get (name);
  unsigned long long x, mul = 1;
  const char *end;
  if (!v)
    return 0;
  if (parse_digits (v, ~0ull, &x, &end))
    {
      switch (*end)
        {
        case 'k':
        case 'K':
          mul = 1ull << 10;
          end++;
          break;
        case 'm':
        case 'M':
          mul = 1ull << 20;
          end++;
          break;
        case 'g':
        case 'G':
          mul = 1ull << 30;
          end++;
          break;
        default:
          break;
        }
      if (!*end && x > 0 && x <= ~0ull / mul)
        return x * mul;
    }
  pacc_error (where,
              "%s: expected a positive number of bytes with an "
              "optional K, M or G suffix, got '%s'",
              name, v);
}

/* A one-digit variable from 0 to MAX (EXPECTED spells them for the
   message); DFLT when unset.  */
static int
digit (const char *where, const char *name, int max, int dflt,
       const char *expected)
{
  const char *v = get (name);
  if (!v)
    return dflt;
  if (v[0] < '0' || v[0] > '0' + max || v[1])
    pacc_error (where, "%s: expected %s, got '%s'", name, expected, v);
  return v[0] - '0';
}

static const char *const fault_kinds[PACC_FAULT_KINDS]
  = { "alloc", "register", "copy", "launch" };

/* PACC_FAULT=KIND:N[,KIND:N...], each KIND once.  */
static void
fault (const char *where, struct pacc_settings *s)
{
  const char *v = get ("PACC_FAULT"), *p = v;
  for (int k = 0; k < PACC_FAULT_KINDS; k++)
    s->fault_at[k] = 0;
  while (p && *p)
    {
      int k;
      size_t len = strcspn (p, ":");
      unsigned long long n;
      const char *end;
      for (k = 0; k < PACC_FAULT_KINDS; k++)
        if (strlen (fault_kinds[k]) == len
            && !strncmp (p, fault_kinds[k], len))
          break;
      if (k == PACC_FAULT_KINDS || p[len] != ':'
          || !parse_digits (p + len + 1, 0xffffffffUL, &n, &end) || n == 0
          || (*end && *end != ','))
        pacc_error (where,
                    "PACC_FAULT: expected KIND:N[,KIND:N...] with "
                    "KIND alloc, register, copy or launch and N from 1 to "
                    "4294967295, got '%s'",
                    v);
      if (s->fault_at[k])
        pacc_error (where, "PACC_FAULT: '%s' is given twice in '%s'",
                    fault_kinds[k], v);
      s->fault_at[k] = (unsigned long) n;
      p = *end ? end + 1 : end;
      if (*end && !*p)
        pacc_error (where, "PACC_FAULT: expected KIND:N after ',' in '%s'", v);
    }
}

static unsigned long fault_calls[PACC_FAULT_KINDS];

static _Thread_local int fault_held;

void
pacc_fault_hold (int hold)
{
  fault_held = hold;
}

int
pacc_fault (enum pacc_fault_kind kind)
{
  unsigned long at = pacc_settings.fault_at[kind];
  return at && !fault_held
         && __atomic_add_fetch (&fault_calls[kind], 1, __ATOMIC_RELAXED) == at;
}

const char *
pacc_fault_name (enum pacc_fault_kind kind)
{
  static char name[PACC_FAULT_KINDS][48];
  snprintf (name[kind], sizeof name[kind], "PACC_FAULT=%s:%lu",
            fault_kinds[kind], pacc_settings.fault_at[kind]);
  return name[kind];
}

void
pacc_env_read (const char *where)
{
  struct pacc_settings *s = &pacc_settings;
  const char *v;

  s->k = positive (where, "PACC_K", 0x7fffffffL);
  /* 0 is a value here (no first block of its own), unset is -1.  */
  s->k_first = -1;
  v = get ("PACC_K_FIRST");
  if (v && !strcmp (v, "0"))
    s->k_first = 0;
  else if (v)
    s->k_first = positive (where, "PACC_K_FIRST", 0x7fffffffL);
  s->chunks = positive (where, "PACC_CHUNKS", 0x7fffffffL);
  s->block = positive (where, "PACC_BLOCK", 0x7fffffffffffffffL);
  s->queues = (int) positive (where, "PACC_QUEUES", MAX_QUEUES);
  s->devices = (int) positive (where, "PACC_DEVICES", MAX_DEVICES);
  s->host_threads
    = (int) positive (where, "PACC_HOST_THREADS", HOST_MAX_THREADS);
  s->device_memory = bytes (where, "PACC_DEVICE_MEMORY");
  if (s->chunks && s->block)
    pacc_error (where, "PACC_CHUNKS and PACC_BLOCK are both set; "
                       "set one of them");

  s->verbose = digit (where, "PACC_VERBOSE", 2, 0, "0, 1 or 2");
  s->progress = positive (where, "PACC_PROGRESS", 86400);
  s->resident = digit (where, "PACC_RESIDENT", 1, -1, "0 or 1");
  s->carry = digit (where, "PACC_CARRY", 1, -1, "0 or 1");
  s->skew = digit (where, "PACC_SKEW", 1, -1, "0 or 1");
  s->ring = digit (where, "PACC_RING", 1, -1, "0 or 1");
  s->in_place = digit (where, "PACC_IN_PLACE", 1, -1, "0 or 1");
  /* 0 is a value here (rank by the prediction itself), stored as -1.  */
  v = get ("PACC_LINK_MARGIN");
  s->link_margin = 0;
  if (v)
    {
      unsigned long long x;
      const char *end;
      if (!parse_digits (v, 90, &x, &end) || *end)
        pacc_error (where,
                    "PACC_LINK_MARGIN: expected an integer from 0 "
                    "to 90, got '%s'",
                    v);
      s->link_margin = x ? (int) x : -1;
    }
  s->early_unregister
    = digit (where, "PACC_EARLY_UNREGISTER", 3, 3, "0, 1, 2 or 3");
  v = get ("PACC_PIN");
  s->pin_lazy = 1;
  if (v)
    {
      if (!strcmp (v, "begin"))
        s->pin_lazy = 0;
      else if (!strcmp (v, "first-block"))
        s->pin_lazy = 1;
      else
        pacc_error (where,
                    "PACC_PIN: expected begin or first-block, got "
                    "'%s'",
                    v);
    }
  s->pin_piece = bytes (where, "PACC_PIN_PIECE");
  s->workers = digit (where, "PACC_WORKERS", 1, -1, "0 or 1");
  s->replan = digit (where, "PACC_REPLAN", 2, 1, "0, 1 or 2");

  v = get ("PACC_DATA_PATH");
  s->data_path = PACC_PATH_AUTO;
  if (v)
    {
      if (!strcmp (v, "auto"))
        s->data_path = PACC_PATH_AUTO;
      else if (!strcmp (v, "host"))
        s->data_path = PACC_PATH_HOST;
      else if (!strcmp (v, "register"))
        s->data_path = PACC_PATH_REGISTER;
      else if (!strcmp (v, "staging"))
        s->data_path = PACC_PATH_STAGING;
      else
        pacc_error (where,
                    "PACC_DATA_PATH: expected auto, host, register "
                    "or staging, got '%s'",
                    v);
    }

  /* auto is -1; unset, auto when the host copies run ahead and 0 when
     they do not (stage.c says why).  */
  s->stage_ahead = digit (where, "PACC_STAGE_AHEAD", 1, 1, "0 or 1");
  s->stage_stream = digit (where, "PACC_STAGE_STREAM", 1, 1, "0 or 1");
  s->tblock_depth
    = digit (where, "PACC_TBLOCK_DEPTH", 8, -1, "a digit from 0 to 8");
  v = get ("PACC_STAGE");
  s->stage = (v ? !strcmp (v, "auto") : s->stage_ahead) ? -1 : 0;
  if (v && strcmp (v, "auto"))
    {
      unsigned long long x;
      const char *end;
      if (!parse_digits (v, 4096, &x, &end) || *end)
        pacc_error (where,
                    "PACC_STAGE: expected auto or an integer from 0 "
                    "to 4096, got '%s'",
                    v);
      s->stage = (int) x;
    }

  /* Checked on every path, the host's too, where it changes nothing.  */
  v = get ("PACC_LAUNCH");
  s->launch_libgomp = 0;
  if (v)
    {
      if (!strcmp (v, "libgomp"))
        s->launch_libgomp = 1;
      else if (strcmp (v, "pacc"))
        pacc_error (where,
                    "PACC_LAUNCH: expected 'pacc' or 'libgomp', got "
                    "'%s'",
                    v);
    }

  fault (where, s);

  v = get ("PACC_TRACE");
  s->trace[0] = 0;
  if (v)
    {
      if (strlen (v) >= sizeof s->trace)
        pacc_error (where, "PACC_TRACE: file name longer than %zu bytes",
                    sizeof s->trace - 1);
      strcpy (s->trace, v);
    }
}

int
pacc_tblock_depth (long elem)
{
  if (pacc_settings.tblock_depth >= 0)
    return pacc_settings.tblock_depth;
  return elem == 8 ? 6 : 8;
}
