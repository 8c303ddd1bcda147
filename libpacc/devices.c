/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
   Free software, without any warranty: see COPYING and COPYING.RUNTIME.  */

/* devices.c - the multi-device directives of the second paper (Xu, Tian,
   Chandrasekaran, Chapman), in #pragma pacc spelling:

     #pragma pacc deviceid(e)   STATEMENT   -> __pacc_device_push / _pop
     #pragma pacc wait device(e)            -> __pacc_wait_device
     #pragma pacc update peer to(...) to_device(e) from(...) from_device(e)
                                            -> acc_update_peer[_async]

   On the GPU a device number is libgomp's NVIDIA device number: deviceid
   makes it libgomp's current device for the statement (so OpenACC
   constructs in it run there) and restores the previous one after; peer
   copies go device to device through the back end (peer_copy).  On the
   host path every device number names the host: PACC_DEVICES=N emulates
   N devices (numbers 0..N-1 are valid), a peer copy between two host
   addresses is a memmove, and waiting for a device waits for nothing.  A device number
   that does not exist is an error naming it.  */

#include "runtime.h"
#include "settings.h"
#include "pacc.h"
#include "pacc-abi.h"

#include <openacc.h>
#include <string.h>

/* The device that is current on this thread on the host path.  */
static _Thread_local int host_device;

/* Whether device numbers are GPUs (the CUDA back end is in use).  */
static int
on_gpu (void)
{
  pacc_init ();
  return pacc_backend && !pacc_backend->on_host;
}

/* Make GPU DEV libgomp's current device and its CUDA context current:
   libgomp (GCC 12) switches the context only when the thread has none,
   and creates the stream of an async queue in whatever context is
   current, so a kernel on the new device would otherwise meet a stream
   of the old one (cuLaunchKernel: invalid resource handle).  */
static void
set_gpu (int dev)
{
  acc_set_device_num (dev, acc_device_nvidia);
  pacc_backend->follow_device ();
}

static int
num_devices (int gpu)
{
  if (gpu)
    return acc_get_num_devices (acc_device_nvidia);
  return pacc_settings.devices > 0 ? pacc_settings.devices : 1;
}

/* Check DEV against the devices there are; WHAT names the directive.  */
static int
check_device (int dev, const char *where, const char *what)
{
  int gpu = on_gpu ();
  int n = num_devices (gpu);
  if (dev < 0 || dev >= n)
    pacc_error (where,
                "%s: device %d does not exist (%d %s, numbered from "
                "0)",
                what, dev, n,
                gpu ? (n == 1 ? "NVIDIA device" : "NVIDIA devices")
                    : (n == 1 ? "device on the host path (PACC_DEVICES)"
                              : "devices on the host path (PACC_DEVICES)"));
  return gpu;
}

int
__pacc_device_push (int dev, const char *where)
{
  int old;
  if (check_device (dev, where, "deviceid"))
    {
      old = acc_get_device_num (acc_device_nvidia);
      set_gpu (dev);
    }
  else
    {
      old = host_device;
      host_device = dev;
    }
  return old;
}

void
__pacc_device_pop (int old)
{
  if (on_gpu ())
    set_gpu (old);
  else
    host_device = old;
}

void
__pacc_wait_device (int dev, const char *where)
{
  if (!check_device (dev, where, "wait device"))
    return;
  int old = acc_get_device_num (acc_device_nvidia);
  set_gpu (dev);
  acc_wait_all ();
  set_gpu (old);
}

int
pacc_get_device (void)
{
  return on_gpu () ? acc_get_device_num (acc_device_nvidia) : host_device;
}

static void
update_peer (void *dst, int to_device, const void *src, int from_device,
             size_t bytes, int async, const char *where)
{
  int gpu = check_device (to_device, where, "update peer to_device");
  check_device (from_device, where, "update peer from_device");
  if (!bytes)
    return;
  if (gpu)
    {
      pacc_backend->peer_copy (dst, to_device, src, from_device, bytes, async);
      return;
    }
  /* Every device is the host: its copy of DST is DST itself.  */
  if (dst != src)
    memmove (dst, src, bytes);
  if (pacc_settings.verbose >= 1)
    pacc_note (NULL,
               "update peer: %zu bytes from device %d to device %d "
               "(host path: %s)",
               bytes, from_device, to_device,
               dst != src ? "memmove" : "same memory, nothing to do");
}

void
acc_update_peer (void *dst, int to_device, const void *src, int from_device,
                 size_t bytes)
{
  update_peer (dst, to_device, src, from_device, bytes, -1, NULL);
}

void
acc_update_peer_async (void *dst, int to_device, const void *src,
                       int from_device, size_t bytes, int async)
{
  update_peer (dst, to_device, src, from_device, bytes, async, NULL);
}

/* `#pragma pacc update peer': one call per to()/from() pair.  */
void
__pacc_update_peer (void *dst, int to_device, unsigned long dst_bytes,
                    const void *src, int from_device, unsigned long src_bytes,
                    int async, const char *where)
{
  if (dst_bytes != src_bytes)
    pacc_error (where,
                "update peer: %lu bytes to device %d but %lu bytes "
                "from device %d: each to() item must have the size of its "
                "from() item",
                dst_bytes, to_device, src_bytes, from_device);
  update_peer (dst, to_device, src, from_device, dst_bytes, async, where);
}
