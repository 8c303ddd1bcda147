/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* settings.h - the run-time settings, read once from the PACC_*
   environment variables (settings.c), and the limits they are checked
   against.  0 or "" means "choose automatically".  */

#ifndef PACC_SETTINGS_H
#define PACC_SETTINGS_H

#include "diag.h"

#define MAX_QUEUES 64
/* The text of a macro's value, for messages.  */
#define PACC_STR_(x) #x
#define PACC_STR(x) PACC_STR_ (x)
#define MAX_DEVICES 64
/* PACC_HOST_THREADS at most.  */
#define HOST_MAX_THREADS 256

/* PACC_DATA_PATH.  */
enum pacc_data_path
{
  PACC_PATH_AUTO = 0,     /* a GPU if there is one, else the host.  */
  PACC_PATH_HOST = 1,     /* the host back end, GPU or not.  */
  PACC_PATH_REGISTER = 2, /* GPU, user's arrays registered in place.  */
  PACC_PATH_STAGING = 3   /* GPU, copies through pinned staging buffers.  */
};

/* PACC_FAULT=KIND:N,...: a testing aid; the Nth call of KIND in the
   process fails as if the memory, the driver or the device had failed.  */
enum pacc_fault_kind
{
  PACC_FAULT_ALLOC,    /* a chunk buffer (back end alloc).  */
  PACC_FAULT_REGISTER, /* registering a host range (CUDA only).  */
  PACC_FAULT_COPY,     /* issuing a copy.  */
  PACC_FAULT_LAUNCH,   /* launching a chunk's kernel.  */
  PACC_FAULT_KINDS
};

struct pacc_settings
{
  long k;                           /* PACC_K.  */
  long k_first;                     /* PACC_K_FIRST: steps of the
                                       region's first block; -1 auto (the
                                       cost model's, when that block
                                       registers the arrays as it goes),
                                       0 the same as the others.  */
  long chunks;                      /* PACC_CHUNKS.  */
  long block;                       /* PACC_BLOCK (rows per chunk).  */
  int queues;                       /* PACC_QUEUES.  */
  int devices;                      /* PACC_DEVICES.  */
  int host_threads;                 /* PACC_HOST_THREADS: threads of the
                                       host kernels, 0 unset (the CPUs
                                       the process may use).  */
  unsigned long long device_memory; /* PACC_DEVICE_MEMORY, bytes.  */
  int verbose;                      /* PACC_VERBOSE, 0..2.  */
  int resident;                     /* PACC_RESIDENT: -1 auto, 0, 1.  */
  int carry;                        /* PACC_CARRY: -1 auto (on), 0, 1.  */
  int skew;                         /* PACC_SKEW: -1 auto (with the cost
                                       model), 0, 1 (chunks.h).  */
  int in_place;                     /* PACC_IN_PLACE: -1 auto (on), 0,
                                       1 (schedule-alloc.c).  */
  int ring;                         /* PACC_RING: -1 auto (on where the
                                       back end has rings), 0, 1.  */
  int link_margin;                  /* PACC_LINK_MARGIN: how much slower,
                                       in percent, the planner ranks the
                                       link (planner.h); 0 unset (the
                                       default), -1 set to 0.  */
  int early_unregister;             /* PACC_EARLY_UNREGISTER: 0 to 3.  */
  int pin_lazy;                     /* PACC_PIN: 0 (begin: every piece
                                       at region begin), 1 (first-block:
                                       each piece when a copy first
                                       needs it).  */
  unsigned long long pin_piece;     /* PACC_PIN_PIECE: bytes of a piece
                                       registered as a copy needs it
                                       (0: LAZY_PIECE); a testing aid.  */
  int replan;                       /* PACC_REPLAN: 0, 1 (after the first
                                       block, from its measured rates),
                                       2 (after every block, another
                                       plan: a testing aid).  */
  int workers;                      /* PACC_WORKERS: -1 auto, 0, 1.  */
  int data_path;                    /* PACC_DATA_PATH, enum
                                       pacc_data_path.  */
  int stage;                        /* PACC_STAGE: -1 auto (the cost
                                       model's, when the first block
                                       would wait for registration; the
                                       default with stage_ahead), 0
                                       none (the default without), N
                                       the last N targetin arrays
                                       (stage.h).  */
  int stage_ahead;                  /* PACC_STAGE_AHEAD: 1 (default) a
                                       staged read-only array's host
                                       copies run ahead of their loads'
                                       turn, 0 in the queue's order.  */
  int stage_stream;                 /* PACC_STAGE_STREAM: 1 (default)
                                       staging's host copies store
                                       past the caches, 0 memcpy.  */
  char trace[4096];                 /* PACC_TRACE file name.  */
  int launch_libgomp;               /* PACC_LAUNCH=libgomp.  */
  int tblock_depth;                 /* PACC_TBLOCK_DEPTH: steps per launch
                                       of in-kernel temporal blocking,
                                       -1 unset (the element type's
                                       default), 0 or 1 off, 2 to 8.  */
  long progress;                    /* PACC_PROGRESS: seconds between
                                       progress lines, 0: none.  */
  unsigned long fault_at[PACC_FAULT_KINDS]; /* PACC_FAULT: the call of
                                       each kind that fails, 0: none.  */
};

extern struct pacc_settings pacc_settings;

/* Steps per launch of in-kernel temporal blocking for elements of ELEM
   bytes: PACC_TBLOCK_DEPTH, else 8 for float (4 columns per lane), 6
   for double (2 columns per lane, two registers per value).  */
int pacc_tblock_depth (long elem);

/* Read and check the PACC_* variables into pacc_settings (the caller
   does it once; WHERE for messages, NULL outside a region).  A bad value
   is an error naming the variable.  */
void pacc_env_read (const char *where);

/* Whether this call of KIND is the one PACC_FAULT makes fail (counts the
   calls, from any thread).  */
int pacc_fault (enum pacc_fault_kind kind);
/* While HOLD is nonzero, the calling thread's calls do not count for
   PACC_FAULT (memory that is not a plan's buffers: reductions.c).  */
void pacc_fault_hold (int hold);
/* "PACC_FAULT=alloc:3", say, for the message of a failure it caused.  */
const char *pacc_fault_name (enum pacc_fault_kind kind);

#endif /* PACC_SETTINGS_H */
