/* Copyright (C) 2026 the PACC for GCC authors (see AUTHORS).
   SPDX-License-Identifier: GPL-3.0-or-later
   Free software, without any warranty: see COPYING.  */

/* devices.c - the multi-device entry points on the host path, where every
   device number names the host and PACC_DEVICES=N emulates N devices:
   deviceid push/pop, wait device, and peer copies (between the copies of
   two different host arrays: a memmove; of one array: nothing to do).
   Run by sweep.sh with PACC_DEVICES=3; its device errors are in
   sweep.sh's expectations (errors-devices below, argv[1] = "bad").  */

#include "unit.h"
#include "pacc.h"

static void
unit_check (const char *name, int ok)
{
  printf ("%s %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok)
    unit_failures++;
}

int __pacc_device_push (int device, const char *where);
void __pacc_device_pop (int saved);
void __pacc_wait_device (int device, const char *where);
void __pacc_update_peer (void *dst, int to_device, unsigned long dst_bytes,
                         const void *src, int from_device,
                         unsigned long src_bytes, int async,
                         const char *where);

int
main (int argc, char **argv)
{
  float a[16], b[16];
  for (int i = 0; i < 16; i++)
    {
      a[i] = i;
      b[i] = -i;
    }
  if (argc > 1 && !strcmp (argv[1], "bad-device"))
    __pacc_device_push (7, "devices.c:1");
  if (argc > 1 && !strcmp (argv[1], "bad-size"))
    __pacc_update_peer (a, 0, 8, b, 1, 4, -1, "devices.c:2");
  if (argc > 1 && !strcmp (argv[1], "bad-wait"))
    __pacc_wait_device (-1, "devices.c:3");

  int n = pacc_get_num_devices ();
  unit_check ("devices: pacc_get_device starts at 0", pacc_get_device () == 0);
  int s0 = __pacc_device_push (2, "devices.c:10");
  unit_check ("devices: deviceid(2) makes device 2 current",
              s0 == 0 && pacc_get_device () == 2);
  int s1 = __pacc_device_push (1, "devices.c:11");
  __pacc_wait_device (2, "devices.c:12");
  unit_check ("devices: nested deviceid", s1 == 2 && pacc_get_device () == 1);
  __pacc_device_pop (s1);
  __pacc_device_pop (s0);
  unit_check ("devices: restored", pacc_get_device () == 0);

  acc_update_peer (a + 4, 0, b + 4, 2, 4 * sizeof (float));
  int ok = 1;
  for (int i = 0; i < 16; i++)
    ok &= a[i] == (i >= 4 && i < 8 ? -i : i);
  unit_check ("devices: update peer between two arrays copies", ok);
  __pacc_update_peer (b, 1, sizeof b, b, 2, sizeof b, 0, "devices.c:20");
  ok = 1;
  for (int i = 0; i < 16; i++)
    ok &= b[i] == -i;
  unit_check ("devices: update peer of one array leaves it", ok);
  (void) n;
  return unit_failures != 0;
}
