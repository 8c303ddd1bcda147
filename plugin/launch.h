/* launch.h - phase 4 of pacc.so, the launch redirection pass
   (launch.cc): registered by plugin_init.  Declarations only.  */

#ifndef PACC_LAUNCH_H
#define PACC_LAUNCH_H

/* launch.cc */
void pacc_register_launch_pass (const char *plugin_name);

#endif /* PACC_LAUNCH_H */
