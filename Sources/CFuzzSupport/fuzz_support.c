#include "fuzz_support.h"

// Weak: resolved only when scripts/fuzz links libFuzzer in; null in an ordinary build.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

int bounty_run_fuzzer(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t)) {
  if (!LLVMFuzzerRunDriver) return -1;
  return LLVMFuzzerRunDriver(argc, argv, callback);
}
