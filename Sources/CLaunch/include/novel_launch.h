#ifndef NOVEL_LAUNCH_H
#define NOVEL_LAUNCH_H

// novel's work before main (launch.c): a constructor the C library runs, with nothing to call from Swift.

#endif
