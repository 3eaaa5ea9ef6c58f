// The calling thread's own scheduling priority. Linux keeps a nice value per thread, set through
// setpriority(PRIO_PROCESS, tid, ...); Swift cannot reach gettid (syscall is variadic), hence this shim.
#define _GNU_SOURCE
#include "novel_posix.h"

#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int32_t nthread_lower_priority(int32_t by) {
    id_t thread = (id_t)syscall(SYS_gettid);
    errno = 0;
    int current = getpriority(PRIO_PROCESS, thread);  // -1 is also a valid nice value: errno tells
    if (current == -1 && errno != 0) return -1;
    int lowered = current + by > 19 ? 19 : current + by;
    return setpriority(PRIO_PROCESS, thread, lowered);
}
