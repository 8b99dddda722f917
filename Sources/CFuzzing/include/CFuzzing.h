// libFuzzer's entry point for programs that have their own main (clang's -fsanitize=fuzzer,
// Swift's -sanitize=fuzzer). Declared only: the fuzz targets call it only when built with
// -DFUZZING, which scripts/fuzz passes together with -sanitize=fuzzer, which links libFuzzer.
#ifndef URLROUTER_CFUZZING_H
#define URLROUTER_CFUZZING_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
