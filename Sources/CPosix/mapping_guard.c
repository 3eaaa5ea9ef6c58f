// A SIGBUS guard for books read through a private memory map.
//
// MAP_PRIVATE does not protect a reader from truncation: when another process shortens the file, the
// kernel drops the page-cache pages past the new end from every mapping, and touching one raises SIGBUS.
// No check of the file's size before a read can close that race, so the guard handles the fault
// itself: when the faulting address lies in a registered book mapping, it maps a fresh page of spaces
// over the lost page and returns, so the read is retried and sees spaces instead of killing the reader.
// Every such repair is counted, so the loader can tell the text was damaged and reopen the book.
// A fault anywhere else goes back to the previous handler, so real bugs still crash.
#include "novel_posix.h"

#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define GUARDED_REGIONS 64

static _Atomic(uintptr_t) region_starts[GUARDED_REGIONS];
static _Atomic(uintptr_t) region_ends[GUARDED_REGIONS];
static _Atomic(int64_t) repaired_pages;
// Where the guard stands. Every change is one compare-exchange, so that a thread mapping the process's
// first book (which installs the guard) and the terminal's set-up (which puts it back in front) never
// both take `previous_action`: the one that moves the state to PUTTING owns the handler until it
// stores INSTALLED.
enum { NOT_INSTALLED, PUTTING, INSTALLED };
static _Atomic(int) guard_state = NOT_INSTALLED;
static struct sigaction previous_action;

static void on_bus_error(int signal_number, siginfo_t *info, void *context) {
    (void)context;
    uintptr_t address = (uintptr_t)info->si_addr;
    for (int slot = 0; slot < GUARDED_REGIONS; slot++) {
        uintptr_t start = atomic_load(&region_starts[slot]);
        uintptr_t end = atomic_load(&region_ends[slot]);
        if (start == 0 || address < start || address >= end) continue;
        uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
        uintptr_t page = address & ~(page_size - 1);
        void *patch = mmap((void *)page, page_size, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
        if (patch == MAP_FAILED) break;
        memset(patch, ' ', page_size);
        mprotect(patch, page_size, PROT_READ);
        atomic_fetch_add(&repaired_pages, 1);
        return;
    }
    // Not ours: hand the signal back to whoever had it (the default action, or the runtime's crash
    // reporter). A fault repeats when the instruction is retried and then reaches that handler with
    // its real details; a signal sent by kill() is raised again.
    // A signal raised by a handler behind this one (the reader's terminal guard, which restores the
    // terminal and raises again) ends with the default action: handing it back would loop between them.
    if (info->si_code <= 0) {
        signal(signal_number, SIG_DFL);
        raise(signal_number);
        return;
    }
    sigaction(signal_number, &previous_action, NULL);
}

// Makes the guard the SIGBUS handler, with the one it replaces behind it.
static void put_in_front(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_bus_error;
    action.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous_action);
}

// Installs the guard with the first mapping; a mapping made while another thread installs or moves it
// waits until the guard is in place, so that no registered book is ever read unguarded.
static void install_once(void) {
    for (;;) {
        int expected = NOT_INSTALLED;
        if (atomic_compare_exchange_strong(&guard_state, &expected, PUTTING)) break;
        if (expected == INSTALLED) return;
        sched_yield();
    }
    put_in_front();
    atomic_store(&guard_state, INSTALLED);
}

void nmap_guard_take_first(void) {
    for (;;) {
        int expected = INSTALLED;
        if (atomic_compare_exchange_strong(&guard_state, &expected, PUTTING)) break;
        // No book mapped yet: the first mapping installs the guard in front of what is there now.
        if (expected == NOT_INSTALLED) return;
        // Another thread is putting the guard in front this moment (a sigaction call): wait for it, then
        // look again, in case the handler this call is about came after its sigaction.
        sched_yield();
    }
    struct sigaction current;
    int first = sigaction(SIGBUS, NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO) &&
                current.sa_sigaction == on_bus_error;
    if (!first) put_in_front();
    atomic_store(&guard_state, INSTALLED);
}

int32_t nmap_guard(const void *start, size_t length) {
    install_once();
    for (int slot = 0; slot < GUARDED_REGIONS; slot++) {
        uintptr_t expected = 0;
        if (atomic_compare_exchange_strong(&region_starts[slot], &expected, (uintptr_t)start)) {
            atomic_store(&region_ends[slot], (uintptr_t)start + length);
            return 1;
        }
    }
    return 0;
}

void nmap_unguard(const void *start) {
    for (int slot = 0; slot < GUARDED_REGIONS; slot++) {
        if (atomic_load(&region_starts[slot]) == (uintptr_t)start) {
            atomic_store(&region_ends[slot], 0);
            atomic_store(&region_starts[slot], 0);
            return;
        }
    }
}

int64_t nmap_repaired_pages(void) { return atomic_load(&repaired_pages); }
