#ifndef BOUNTY_FUZZ_SUPPORT_H
#define BOUNTY_FUZZ_SUPPORT_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with `callback` when the binary was built with `-sanitize=fuzzer` (see
/// scripts/fuzz); returns -1 when libFuzzer is not linked in, so the caller can replay files instead.
int bounty_run_fuzzer(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t));

#endif
