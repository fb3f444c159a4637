#ifndef CFUZZERDRIVER_H
#define CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry point for programs that keep their own main (LLVM 11 and later).
   Only referenced when routebar-fuzz is built with -sanitize=fuzzer -DFUZZING. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
