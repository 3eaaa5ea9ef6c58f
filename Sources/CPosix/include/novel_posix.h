#ifndef NOVEL_POSIX_H
#define NOVEL_POSIX_H

// System calls Swift cannot make as they are (a signal handler, variadic calls), kept apart from the
// ICU facade. Only <stdint.h>/<stddef.h> here, like CICU's header.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The SIGBUS guard for book mappings (mapping_guard.c): `nmap_guard` registers a mapped range
/// (returns 0 when all slots are taken: the caller must then not map), `nmap_unguard` forgets it, and
/// `nmap_repaired_pages` counts the pages lost to truncation and replaced with spaces so far.
int32_t nmap_guard(const void *start, size_t length);
void nmap_unguard(const void *start);
/// Puts the guard back in front of a SIGBUS handler installed after it (the reader's terminal guard),
/// which then handles every fault that is not a lost page of a book; nothing when no book is mapped yet.
/// Safe to call while another thread maps the first book.
void nmap_guard_take_first(void);
int64_t nmap_repaired_pages(void);

/// Raises the calling thread's nice value by `by` (at most to 19; thread_priority.c): 0 on success,
/// -1 with errno set.
int32_t nthread_lower_priority(int32_t by);

/// Makes the process the reaper of its orphaned descendants (Linux's PR_SET_CHILD_SUBREAPER; child_reaper.c),
/// so that what a speaking command started is reaped by novel: 0 on success, -1 elsewhere.
int32_t nprocess_become_subreaper(void);

#ifdef __cplusplus
}
#endif

#endif
