/*
 * Preloaded into `switchyard` under valgrind by count.py; changes nothing outside valgrind.
 *
 * libdispatch parks the main thread of an async `main` in `sigsuspend(&mask)` with a
 * `static const sigset_t mask` (read-only memory; `_dispatch_sigsuspend` in swift-corelibs-libdispatch
 * src/queue.c). valgrind's rt_sigsuspend wrapper removes its own
 * signal from the caller's mask in place, and so takes a SIGSEGV inside valgrind ("the 'impossible'
 * happened", valgrind 3.19 to 3.27 alike). This sigsuspend hands the kernel a copy on the stack.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, (long)(_NSIG / 8));
}
