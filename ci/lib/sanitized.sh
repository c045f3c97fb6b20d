# shellcheck shell=bash
# The sanitized build, build-fuzz/ (MESA_SUBGROUPS_FUZZ_BUILD), which
# ci/fuzz.sh and ci/asan.sh share: Debian's clang-15 (ci/setup-apt.sh) with
# ASan and UBSan, and -fsanitize=fuzzer-no-link so libFuzzer sees the
# coverage of what it links.  Only Mesa's util, NIR and spirv_to_nir
# libraries, the fuzz target and Mesa's spirv_tests: no driver.  Source it
# after env.sh, then call sanitized_build NAME TARGET...: it sets the build
# up when it is not there and builds the targets (log in
# $FUZZ_DIR/ninja-NAME.log); on failure it prints why and returns 1.
#
# -O1 -g: libFuzzer's recommendation (fast enough, and stacks with lines).
# Assertions stay on (no b_ndebug), so does nir_validate.  UBSan stops at
# its first report (-fno-sanitize-recover), so a report is a finding or a
# failed test, not a line in a log.  C++ only: no -fsanitize=enum.  Mesa's
# C++ operators for its bit-flag enums (MESA_DEFINE_CPP_ENUM_BITFIELD_OPERATORS)
# make values outside an enum's range by design (~nir_var_mem_ubo), which
# C++ calls undefined on load and clang's enum check reports in every
# spirv_tests case; the C code, spirv_to_nir's, has no such check anyway.
FUZZ_DIR=${MESA_SUBGROUPS_FUZZ_BUILD:-$TOP/build-fuzz}

sanitized_build() {
   local name=$1
   shift
   command -v clang-15 >/dev/null || { echo "clang-15 not found (ci/setup-apt.sh installs it)"; return 1; }
   "$TOP/ci/overlay.sh" >/dev/null || { echo "overlay failed"; return 1; }
   if [ ! -f "$FUZZ_DIR/build.ninja" ]; then
      CC="ccache clang-15" CXX="ccache clang++-15" \
      CFLAGS="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined" \
      CXXFLAGS="-fsanitize=fuzzer-no-link -fno-sanitize-recover=undefined -fno-sanitize=enum" \
      nice -n 10 meson setup "$FUZZ_DIR" "$TOP" --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload \
         -Db_sanitize=address,undefined -Db_lundef=false \
         -Dbuildtype=debugoptimized -Doptimization=1 -Ddebug=true \
         -Dmesa:build-tests=true -Dmesa:gallium-drivers= -Dmesa:vulkan-drivers= \
         -Dmesa:gallium-rusticl=false -Dmesa:llvm=disabled -Dmesa:opengl=false \
         -Dmesa:egl=disabled -Dmesa:glvnd=disabled -Dmesa:tools= \
         >"$FUZZ_DIR.setup.log" 2>&1 ||
         { tail -20 "$FUZZ_DIR.setup.log"; rm -rf "$FUZZ_DIR"; echo "meson setup failed (log: $FUZZ_DIR.setup.log)"; return 1; }
   fi
   local t0
   t0=$(date +%s)
   nice -n 10 ninja -C "$FUZZ_DIR" "$@" >"$FUZZ_DIR/ninja-$name.log" 2>&1 ||
      { tail -30 "$FUZZ_DIR/ninja-$name.log"; echo "build failed (log: $FUZZ_DIR/ninja-$name.log)"; return 1; }
   echo "built $* in $(( $(date +%s) - t0 )) s"
}
