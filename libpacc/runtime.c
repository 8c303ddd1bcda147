/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* runtime.c - one-time set-up of libpacc (runtime.h) and the public
   functions of pacc.h that ask about it.  */

#include "runtime.h"
#include "pacc-abi.h"
#include "pacc.h"
#include "settings.h"

#include <pthread.h>

const struct pacc_backend *pacc_backend;
int pacc_ndevices;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static int initialised;
static _Thread_local const struct pacc_backend *issuer;
static pthread_mutex_t region_lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int in_region;

void
pacc_runtime_init (const char *where)
{
  pthread_mutex_lock (&init_lock);
  if (!initialised)
    {
      pacc_env_read (where);
      /* The CUDA back end first, unless PACC_DATA_PATH=host.  Without a
         driver, a device or libgomp's nvptx support it finds 0 devices
         and says why with PACC_VERBOSE (an error when PACC_DATA_PATH
         asks for a GPU path); the host back end runs instead.  */
      pacc_backend = NULL;
      if (pacc_settings.data_path != PACC_PATH_HOST)
        {
          pacc_ndevices = pacc_backend_cuda.init ();
          if (pacc_ndevices > 0)
            pacc_backend = &pacc_backend_cuda;
        }
      if (!pacc_backend)
        {
          pacc_backend = &pacc_backend_host;
          pacc_ndevices = pacc_backend->init ();
        }
      if (pacc_ndevices < 1)
        pacc_error (where, "data path %s: no usable device",
                    pacc_backend->name);
      pacc_trace_open (pacc_settings.trace, where);
      if (pacc_settings.verbose >= 1)
        pacc_note (NULL, "data path %s, %d device%s%s", pacc_backend->name,
                   pacc_ndevices, pacc_ndevices == 1 ? "" : "s",
                   pacc_backend->on_host && pacc_ndevices > 1
                     ? " emulated on the host (PACC_DEVICES)"
                     : "");
      initialised = 1;
    }
  pthread_mutex_unlock (&init_lock);
}

void
pacc_runtime_region_enter (const char *where)
{
  if (in_region)
    pacc_internal_error (where, "a region started inside another region "
                                "of the same thread");
  pthread_mutex_lock (&region_lock);
  in_region = 1;
}

void
pacc_runtime_region_leave (void)
{
  in_region = 0;
  pthread_mutex_unlock (&region_lock);
}

void
pacc_runtime_set_issuer (const struct pacc_backend *be)
{
  issuer = be;
}

const struct pacc_backend *
pacc_runtime_issuer (void)
{
  return issuer;
}

void
__pacc_init (void)
{
  pacc_runtime_init (NULL);
}

void
pacc_init (void)
{
  pacc_runtime_init (NULL);
}

int
pacc_get_num_devices (void)
{
  pacc_runtime_init (NULL);
  return pacc_ndevices;
}

const char *
pacc_get_data_path (void)
{
  pacc_runtime_init (NULL);
  return pacc_backend->name;
}

int
pacc_get_abi_version (void)
{
  return PACC_ABI_VERSION;
}

/* PACC_VERSION: AC_INIT's version, from Makefile.am (the unit tests'
   own build of libpacc may leave it out).  */
#ifndef PACC_VERSION
#define PACC_VERSION "unknown"
#endif

const char *
pacc_get_version (void)
{
  return PACC_VERSION;
}
