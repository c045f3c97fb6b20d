/*
 * Copyright © 2026 The mesa-subgroups authors
 * SPDX-License-Identifier: MIT
 *
 * spirv-fuzz-replay FILE...: each input once through the fuzz target
 * (spirv_fuzz.c), without libFuzzer, in any build: ci/release.sh replays
 * tests/fuzz/regressions/ in a build without assertions, where a check that
 * an assert made would be gone.  Exits 0 when every input went through; a
 * finding aborts or crashes it, as under the fuzzer.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
main(int argc, char **argv)
{
   LLVMFuzzerInitialize(&argc, &argv);
   for (int i = 1; i < argc; i++) {
      FILE *f = fopen(argv[i], "rb");
      if (!f) {
         fprintf(stderr, "spirv-fuzz-replay: cannot open %s\n", argv[i]);
         return 2;
      }
      fseek(f, 0, SEEK_END);
      long size = ftell(f);
      fseek(f, 0, SEEK_SET);
      uint8_t *data = malloc(size > 0 ? size : 1);
      if (!data || fread(data, 1, size, f) != (size_t)size) {
         fprintf(stderr, "spirv-fuzz-replay: cannot read %s\n", argv[i]);
         return 2;
      }
      fclose(f);
      LLVMFuzzerTestOneInput(data, size);
      free(data);
      printf("%s: through\n", argv[i]);
   }
   return 0;
}
