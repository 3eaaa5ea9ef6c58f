// Makes the process the reaper of its orphaned descendants (Linux's child subreaper): prctl is variadic,
// which Swift cannot call.
#include "novel_posix.h"

#ifdef __linux__
#include <sys/prctl.h>
#endif

int32_t nprocess_become_subreaper(void) {
#ifdef __linux__
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#else
    return -1;
#endif
}
