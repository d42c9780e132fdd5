// What `bounty rpc` needs of Linux and glibc beyond Swift's Glibc module: openat2(2) (Linux 5.6),
// which glibc 2.36 has no wrapper for (syscall(2) is variadic, which Swift cannot call, so the one
// form `--files DIR` uses is wrapped here), and malloc_trim(3) from <malloc.h>.
#ifndef BOUNTY_CLINUX_SHIM_H
#define BOUNTY_CLINUX_SHIM_H

#include <fcntl.h>
#include <linux/openat2.h>
#include <malloc.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Opens `path` for reading, resolved beneath the folder `folder` in one step: no component may
/// leave it (`..`, an absolute path, a symbolic link pointing out, a /proc magic link all fail
/// with EXDEV or ELOOP), and nothing is resolved twice. Non-blocking, so a FIFO or a device opens
/// at once instead of waiting; the caller checks what it opened. Returns the descriptor, or -1
/// with errno set (ENOSYS before Linux 5.6).
static inline int bounty_open_beneath(int folder, const char *path) {
  struct open_how how = {0};
  how.flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  return (int)syscall(SYS_openat2, folder, path, &how, sizeof how);
}
#endif
