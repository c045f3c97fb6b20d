#!/usr/bin/env bash
# The conformance suites on our lavapipe and rusticl, the way Mesa's CI runs
# them, outside CI (they take hours, and they are other projects' code):
#
#   dEQP-VK      dEQP-VK.subgroups.* and the non_semantic_info compute
#                cases, through deqp-runner with a caselist;
#   OpenCL-CTS   test_subgroups, every subtest, one process each;
#   vkd3d-proton d3d12's wave-op tests (tests/conformance/vkd3d-tests.txt),
#                one process each, as Mesa's vkd3d-runner.sh reads them.
#
# Each suite's results are read against tests/expectations/<suite>-fails.txt,
# -flakes.txt and -skips.txt (Mesa's format: "name,Status" and patterns),
# at 4, 8 and 16 lanes (LP_NATIVE_VECTOR_WIDTH 128, 256, 512).
#
#   ci/conformance.sh build lavapipe-x11
#   ci/conformance.sh build vkd3d SRC BUILD
#   ci/conformance.sh build opencl-cts SRC BUILD OPENCL_HEADERS SPIRV_HEADERS
#   ci/conformance.sh build deqp-vk SRC BUILD
#   ci/conformance.sh run [--widths 4,8,16] [--jobs N] [--out DIR]
#                         [--fraction N[:START]]
#                         [--deqp-vk BUILD] [--opencl-cts BUILD] [--vkd3d BUILD]
#
# --fraction N runs one dEQP-VK case in N (deqp-runner's --fraction, on its
# fixed shuffle of the caselist, so the part is spread over every group),
# from START (1 to N, default 1) at the first width, START+1 at the second
# and so on: `--widths 4,8,16 --fraction 3` runs every case once, at one of
# the three widths; `--widths 8 --fraction 4:2` the second quarter at 8.
#
# vkd3d-proton creates its Vulkan instance with VK_KHR_xcb_surface, which
# our build (no window system) lacks: `build lavapipe-x11` builds the same
# lavapipe with X11's WSI into $BUILD_DIR-x11 (lavapipe alone, about 770
# steps, most from ccache), and the vkd3d-proton runs use it.
#
# SRC is a checkout you made at the pinned version below (docs/testing.md,
# "Conformance suites", says how); nothing here downloads a suite.  `run`
# uses our build ($BUILD_DIR, ci/build.sh) and installs deqp-runner from
# crates.io, pinned, into the cache folder the first time.  It prints one
# line per suite and width and ends with "N passed, N failed, N skipped";
# the exit status is 0 when nothing differs from the expectations.
set -uo pipefail
. "$(dirname "$0")/env.sh"

DEQP_VK_TAG=vulkan-cts-1.4.1.1           # Mesa 25.0.7's .gitlab-ci/container/build-deqp.sh
OPENCL_CTS_TAG=v2026-07-09-00
OPENCL_CTS_COMMIT=726a6d94da0876cf69bf6198d20d42197b0392de
# The headers its build needs, at the last releases before its tag.
OPENCL_HEADERS_TAG=v2026.05.29
SPIRV_HEADERS_TAG=vulkan-sdk-1.4.350.0
VKD3D_PROTON_COMMIT=b121e6d746341e0aaba7663e3d85f3194e8e20e1  # Mesa 25.0.7's build-vkd3d-proton.sh
DEQP_RUNNER_VERSION=0.20.3               # Mesa 25.0.7's build-deqp-runner.sh

say() { echo "conformance: $*"; }
die() { echo "conformance: error: $*" >&2; exit 2; }
# (tests/conformance/test-conformance.sh points both at its own files.)
EXP=${CONFORMANCE_EXPECTATIONS:-$TOP/tests/expectations}
LIST=${CONFORMANCE_LISTS:-$TOP/tests/conformance}

# ---------------------------------------------------------------- build --
# at_commit SRC WANT NAME: SRC's HEAD is WANT (a commit or a tag).
at_commit() {
   local head want
   head=$(git -C "$1" rev-parse HEAD 2>/dev/null) || die "$3: $1 is not a git checkout"
   want=$(git -C "$1" rev-parse "$2^{commit}" 2>/dev/null) ||
      die "$3: $1 does not have $2; check out $2 first"
   [ "$head" = "$want" ] || die "$3: $1 is at $head, not at $2 ($want)"
}

build_vkd3d() {
   local src=$1 out=$2
   at_commit "$src" "$VKD3D_PROTON_COMMIT" vkd3d-proton
   if [ ! -f "$src/subprojects/dxil-spirv/meson.build" ] ||
      [ ! -f "$src/khronos/Vulkan-Headers/include/vulkan/vulkan_core.h" ]; then
      die "vkd3d-proton: $src lacks its submodules (git submodule update --init --recursive)"
   fi
   command -v widl >/dev/null || command -v widl-stable >/dev/null ||
      die "vkd3d-proton: no widl (Wine's IDL compiler): apt-get install wine64-tools"
   if [ ! -f "$out/build.ninja" ]; then
      meson setup "$out" "$src" -Denable_tests=true --buildtype release ||
         die "vkd3d-proton: meson setup failed"
   fi
   ninja -C "$out" tests/d3d12 || die "vkd3d-proton: the build failed"
   say "vkd3d-proton: $out/tests/d3d12"
}

build_opencl_cts() {
   local src=$1 out=$2 hdr=$3 spirv=$4
   at_commit "$src" "$OPENCL_CTS_COMMIT" "OpenCL-CTS $OPENCL_CTS_TAG"
   at_commit "$hdr" "$OPENCL_HEADERS_TAG" OpenCL-Headers
   at_commit "$spirv" "$SPIRV_HEADERS_TAG" SPIRV-Headers
   [ -f /usr/lib/x86_64-linux-gnu/libOpenCL.so ] ||
      die "OpenCL-CTS: no libOpenCL.so: apt-get install ocl-icd-opencl-dev"
   if [ ! -f "$out/build.ninja" ]; then
      cmake -S "$src" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
         -DCL_INCLUDE_DIR="$hdr" -DCL_LIB_DIR=/usr/lib/x86_64-linux-gnu \
         -DSPIRV_INCLUDE_DIR="$spirv" -DOPENCL_LIBRARIES=OpenCL -DUSE_CL_EXPERIMENTAL=ON ||
         die "OpenCL-CTS: cmake failed"
   fi
   ninja -C "$out" test_subgroups || die "OpenCL-CTS: the build failed"
   say "OpenCL-CTS: $out/test_conformance/subgroups/test_subgroups"
}

# The X11 libraries Mesa's X11 WSI needs (pkg-config name, Debian package).
X11_DEPS="x11:libx11-dev x11-xcb:libx11-xcb-dev xcb:libxcb1-dev xcb-dri3:libxcb-dri3-dev
xcb-present:libxcb-present-dev xcb-sync:libxcb-sync-dev xcb-xfixes:libxcb-xfixes0-dev
xcb-shm:libxcb-shm0-dev xcb-randr:libxcb-randr0-dev xrandr:libxrandr-dev
xshmfence:libxshmfence-dev xcb-keysyms:libxcb-keysyms1-dev xcb-dri2:libxcb-dri2-0-dev
xcb-glx:libxcb-glx0-dev xxf86vm:libxxf86vm-dev xext:libxext-dev xfixes:libxfixes-dev"
LVP=subprojects/mesa-$MESA_VERSION/src/gallium/targets/lavapipe
X11_BUILD=$BUILD_DIR-x11
VK_X11_ICD=$X11_BUILD/$LVP/lvp_devenv_icd.x86_64.json

x11_ninja() { ninja -C "$X11_BUILD" "$LVP/libvulkan_lvp.so" "$LVP/lvp_devenv_icd.x86_64.json"; }

build_lavapipe_x11() {
   local d missing=()
   for d in $X11_DEPS; do
      pkg-config --exists "${d%%:*}" 2>/dev/null || missing+=("${d#*:}")
   done
   [ ${#missing[@]} = 0 ] ||
      die "lavapipe-x11: missing X11 development packages: apt-get install ${missing[*]}"
   [ -d "$MESA_TREE" ] || die "lavapipe-x11: no Mesa checkout at $MESA_TREE (bash ci/build.sh first)"
   if [ ! -f "$X11_BUILD/build.ninja" ]; then
      meson setup "$X11_BUILD" "$TOP" --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload \
         -Dmesa:platforms=x11 -Dmesa:vulkan-drivers=swrast -Dmesa:gallium-rusticl=false \
         -Dmesa:opengl=false -Dmesa:egl=disabled -Dmesa:glvnd=disabled -Dmesa:tools= \
         -Dmesa:build-tests=false || die "lavapipe-x11: meson setup failed"
   fi
   x11_ninja || die "lavapipe-x11: the build failed"
   say "lavapipe with X11's WSI: $VK_X11_ICD"
}

build_deqp_vk() {
   local src=$1 out=$2
   at_commit "$src" "$DEQP_VK_TAG" VK-GL-CTS
   [ -d "$src/external/spirv-tools/src" ] ||
      die "VK-GL-CTS: external sources missing (python3 external/fetch_sources.py in $src)"
   if [ ! -f "$out/build.ninja" ]; then
      cmake -S "$src" -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release \
         -DDEQP_TARGET=default -DSELECTED_BUILD_TARGETS=deqp-vk ||
         die "VK-GL-CTS: cmake failed"
   fi
   ninja -C "$out" deqp-vk || die "VK-GL-CTS: the build failed"
   say "dEQP-VK: $out/external/vulkancts/modules/vulkan/deqp-vk"
}

# ------------------------------------------------------------------ run --
# deqp-runner at the pinned version, into the cache folder; a no-op when
# it is there.
deqp_runner() {
   local root=$CACHE_DIR/deqp-runner-$DEQP_RUNNER_VERSION
   if [ ! -x "$root/bin/deqp-runner" ]; then
      command -v cargo >/dev/null || die "deqp-runner: cargo not found (rustup's, or apt-get install cargo-web)"
      say "cargo install --locked deqp-runner@$DEQP_RUNNER_VERSION" >&2
      cargo install -q --locked --root "$root" "deqp-runner@$DEQP_RUNNER_VERSION" >&2 ||
         die "deqp-runner: cargo install failed"
   fi
   echo "$root/bin/deqp-runner"
}

# Lines of an expectations file without comments and blank lines.
entries() { [ -f "$1" ] && grep -vE '^[[:space:]]*(#|$)' "$1"; return 0; }

# compare SUITE RESULTS: RESULTS has "name,Status" lines (Pass, Fail, Crash,
# Timeout, Skip).  Prints the unexpected ones as deqp-runner does (a result
# that differs from SUITE-fails.txt, a listed failure that passed or did
# not run, a flake ignored) and the counts "pass fail skip unexpected".
compare() {
   local suite=$1 res=$2
   awk -F, -v fails=<(entries "$EXP/$suite-fails.txt") -v flakes=<(entries "$EXP/$suite-flakes.txt") '
      BEGIN {
         while ((getline l < fails) > 0) { split(l, a, ","); want[a[1]] = a[2] }
         while ((getline l < flakes) > 0) flake[l] = 1
      }
      {
         n = $1; s = $2; seen[n] = 1
         if (s == "Pass") pass++; else if (s == "Skip") skip++; else fail++
         isflake = 0
         for (p in flake) if (n ~ p) isflake = 1
         if (s == "Pass" || s == "Skip") {
            if (n in want) { print "  UnexpectedImprovement(" s "): " n; bad++ }
         } else if (isflake) {
            print "  flake (ignored): " n "," s
         } else if (!(n in want) || want[n] != s) {
            print "  unexpected: " n "," s (n in want ? " (listed as " want[n] ")" : ""); bad++
         }
      }
      END {
         for (n in want) if (!(n in seen)) { print "  UnexpectedImprovement(Skip): " n " (listed, not run)"; bad++ }
         printf "%d %d %d %d\n", pass, fail, skip, bad
      }' "$res"
}

# deqp_verdicts RESULTS: deqp-runner has applied the expectations itself
# (--baseline, --flakes): its ExpectedFail is a listed failure, Flake an
# ignored one; any other status but Pass and Skip (Fail, Crash, Timeout,
# UnexpectedImprovement(...)) is unexpected.  Same output as compare.
deqp_verdicts() {
   awk -F, '
      { n = $1; s = $2 }
      s == "Pass" { pass++; next }
      s == "Skip" { skip++; next }
      s == "ExpectedFail" { fail++; next }
      s == "Flake" { print "  flake (ignored): " n; next }
      s ~ /^UnexpectedImprovement/ { print "  " s ": " n; pass++; bad++; next }
      { print "  unexpected: " n "," s; fail++; bad++ }
      END { printf "%d %d %d %d\n", pass, fail, skip, bad }' "$1"
}

# skipped NAME SUITE: NAME matches a pattern of SUITE-skips.txt.
skipped() {
   local p
   while IFS= read -r p; do
      [[ $1 =~ ^$p$ ]] && return 0
   done < <(entries "$EXP/$2-skips.txt")
   return 1
}

total_p=0 total_s=0 total_bad=0
tally_line() {  # SUITE W SECONDS "pass fail skip bad"
   local p f s bad
   read -r p f s bad <<<"$4"
   total_p=$((total_p + p)); total_s=$((total_s + s)); total_bad=$((total_bad + bad))
   printf 'conformance.%s.w%s: %d pass, %d fail, %d not supported / skipped, %d unexpected, %d s\n' \
      "$1" "$2" "$p" "$f" "$s" "$bad" "$3" | tee -a "$OUT/summary.txt"
}

run_deqp_vk() {
   local build=$1 w=$2 part=$3 bin dir o list runner start cmp f
   bin=$build/external/vulkancts/modules/vulkan/deqp-vk
   [ -x "$bin" ] || die "dEQP-VK: no $bin"
   dir=$(dirname "$bin"); o=$OUT/deqp-vk-w$w; list=$OUT/deqp-vk-cases.txt
   runner=$(deqp_runner) || exit 2
   if [ ! -s "$list" ]; then
      (cd "$dir" && "$bin" --deqp-runmode=txt-caselist >/dev/null) ||
         die "dEQP-VK: could not list the cases"
      sed -n 's/^TEST: //p' "$dir/dEQP-VK-cases.txt" |
         grep -E -f <(entries "$LIST/deqp-vk-include.txt") >"$list"
      rm -f "$dir/dEQP-VK-cases.txt"
      [ -s "$list" ] || die "dEQP-VK: no case matches $LIST/deqp-vk-include.txt"
   fi
   rm -rf "$o"; start=$(date +%s)
   for f in skips flakes fails; do entries "$EXP/deqp-vk-$f.txt" >"$OUT/deqp-vk-$f.txt"; done
   (cd "$dir" && "$runner" run --deqp "$bin" --caselist "$list" --output "$o" \
      --skips "$OUT/deqp-vk-skips.txt" --flakes "$OUT/deqp-vk-flakes.txt" \
      --baseline "$OUT/deqp-vk-fails.txt" \
      --fraction "$FRACTION" --fraction-start "$part" \
      --jobs "$JOBS" --timeout 600 -- \
      --deqp-log-images=disable --deqp-log-shader-sources=disable) >"$o.log" 2>&1
   [ -f "$o/results.csv" ] || { tail -20 "$o.log"; die "dEQP-VK: deqp-runner wrote no results.csv"; }
   [ "$FRACTION" = 1 ] || say "dEQP-VK at $w lanes: part $part of $FRACTION, $(wc -l <"$o/results.csv") of $(wc -l <"$list") cases"
   cut -d, -f1,2 "$o/results.csv" >"$o.results"
   cmp=$(deqp_verdicts "$o.results")
   sed '$d' <<<"$cmp"
   tally_line deqp-vk "$w" $(($(date +%s) - start)) "$(tail -1 <<<"$cmp")"
}

run_opencl_cts() {
   local build=$1 w=$2 bin o t st start cmp
   bin=$build/test_conformance/subgroups/test_subgroups
   [ -x "$bin" ] || die "OpenCL-CTS: no $bin"
   o=$OUT/opencl-cts-w$w; rm -rf "$o"; mkdir -p "$o"; start=$(date +%s)
   : >"$o.results"
   while IFS= read -r t; do
      if skipped "$t" opencl-cts; then echo "$t,Skip" >>"$o.results"; continue; fi
      CL_CONFORMANCE_RESULTS_FILENAME=$o/$t.json timeout 1800 "$bin" "$t" >"$o/$t.log" 2>&1
      case $? in
      124) st=Timeout ;;
      *) st=$(sed -n "s/^[[:space:]]*\"$t\": \"\\(pass\\|fail\\|skip\\)\".*/\\1/p" "$o/$t.json" 2>/dev/null)
         case $st in pass) st=Pass ;; fail) st=Fail ;; skip) st=Skip ;; *) st=Crash ;; esac ;;
      esac
      echo "$t,$st" >>"$o.results"
   done < <("$bin" --help 2>&1 | sed -n '/^Test names:/,$p' | sed -n 's/^[[:space:]]\+\([a-z0-9_]\+\)$/\1/p')
   [ -s "$o.results" ] || die "OpenCL-CTS: test_subgroups listed no subtests"
   cmp=$(compare opencl-cts "$o.results")
   sed '$d' <<<"$cmp"
   tally_line opencl-cts "$w" $(($(date +%s) - start)) "$(tail -1 <<<"$cmp")"
}

run_vkd3d() {
   local build=$1 w=$2 bin o t sm st sum dis start cmp
   bin=$build/tests/d3d12
   [ -x "$bin" ] || die "vkd3d-proton: no $bin"
   o=$OUT/vkd3d-w$w; rm -rf "$o"; mkdir -p "$o"; start=$(date +%s)
   : >"$o.results"
   while read -r t sm; do
      if skipped "$t" vkd3d; then echo "$t,Skip" >>"$o.results"; continue; fi
      # The SPIR-V dxil-spirv gives the driver is kept, to show which ops
      # it used (OpGroupNonUniformPartitionNV for WaveMatch).
      mkdir -p "$o/$t.spirv"
      (
         [ "$sm" = - ] || export VKD3D_SHADER_MODEL=$sm
         VK_DRIVER_FILES=$VK_X11_ICD VKD3D_TEST_MATCH=$t VKD3D_SHADER_CACHE_PATH=0 \
            VKD3D_SHADER_DUMP_PATH=$o/$t.spirv timeout 1800 "$bin"
      ) >"$o/$t.log" 2>&1
      st=$?
      sum=$(grep -E '^d3d12: [0-9]+ tests executed' "$o/$t.log")
      if [ $st = 124 ]; then st=Timeout
      elif [ -z "$sum" ]; then st=Crash
      elif grep -q 'Test failed:' "$o/$t.log" || [ $st != 0 ]; then st=Fail
      elif [[ $sum =~ \(0\ failures.*\ ([1-9][0-9]*)\ skipped ]]; then st=Skip
      else st=Pass
      fi
      echo "$t,$st" >>"$o.results"
   done < <(entries "$LIST/vkd3d-tests.txt")
   # WaveMatch and WaveMultiPrefix* must reach the driver as
   # VK_NV_shader_subgroup_partitioned's ops (OpGroupNonUniformPartitionNV,
   # the PartitionedExclusiveScanNV group operation), not as vkd3d-proton's
   # fallback loop, which it uses on devices without the extension.
   t=test_shader_sm65_wave_intrinsics
   if grep -q "^$t,Pass$" "$o.results"; then
      dis=$(for f in "$o/$t.spirv"/*.spv; do spirv-dis "$f" 2>/dev/null; done)
      if grep -q OpGroupNonUniformPartitionNV <<<"$dis" && grep -q PartitionedExclusiveScanNV <<<"$dis"; then
         echo "$t.partitioned,Pass" >>"$o.results"
      else
         echo "$t.partitioned,Fail" >>"$o.results"
      fi
   fi
   cmp=$(compare vkd3d "$o.results")
   sed '$d' <<<"$cmp"
   tally_line vkd3d "$w" $(($(date +%s) - start)) "$(tail -1 <<<"$cmp")"
}

# The device of each API is ours: the build's mark in the driver's version.
check_ours() {
   local mark
   mark=$(cat "$BUILD_DIR/tests/subgroups-mark" 2>/dev/null) || die "no build at $BUILD_DIR (bash ci/build.sh)"
   if [ -n "$DEQP" ]; then
      grep -q "driverInfo.*$mark" <<<"$(vulkaninfo 2>/dev/null)" ||
         die "vulkaninfo does not show our lavapipe (mark $mark) through $VK_DRIVER_FILES"
   fi
   if [ -n "$VKD3D" ]; then
      [ -f "$X11_BUILD/build.ninja" ] || die "no lavapipe with X11's WSI: bash ci/conformance.sh build lavapipe-x11"
      # Brought up to the Mesa checkout the main build uses (a no-op when
      # it is).
      x11_ninja >"$OUT/x11-build.log" 2>&1 ||
         die "lavapipe-x11: the rebuild failed ($OUT/x11-build.log)"
      grep -q "driverInfo.*$mark" <<<"$(VK_DRIVER_FILES=$VK_X11_ICD vulkaninfo 2>/dev/null)" ||
         die "vulkaninfo does not show our lavapipe (mark $mark) through $VK_X11_ICD"
   fi
   if [ -n "$CL_SUITE" ]; then
      grep -q "Driver Version.*$mark" <<<"$(clinfo 2>/dev/null)" ||
         die "clinfo does not show our rusticl (mark $mark) through $OCL_ICD_VENDORS"
   fi
}

cmd=${1:-}
shift || true
case $cmd in
build)
   if [ "${1:-}" = lavapipe-x11 ]; then build_lavapipe_x11; exit 0; fi
   [ $# -ge 3 ] || die "usage: ci/conformance.sh build vkd3d|opencl-cts|deqp-vk SRC BUILD [OPENCL_HEADERS SPIRV_HEADERS]"
   case $1 in
   vkd3d) build_vkd3d "$2" "$3" ;;
   opencl-cts)
      [ $# = 5 ] || die "usage: ci/conformance.sh build opencl-cts SRC BUILD OPENCL_HEADERS SPIRV_HEADERS"
      build_opencl_cts "$2" "$3" "$4" "$5" ;;
   deqp-vk) build_deqp_vk "$2" "$3" ;;
   *) die "unknown suite $1" ;;
   esac
   exit 0 ;;
run) ;;
*) sed -n '2,/^set /{/^#/s/^# \?//p}' "$0"; exit 2 ;;
esac

WIDTHS=4,8,16 JOBS=$(nproc) OUT=$BUILD_DIR/conformance FRACTION=1 FRACTION_START=1
CL_SUITE='' DEQP='' CTS='' VKD3D=
while [ $# -gt 0 ]; do
   case $1 in
   --widths) WIDTHS=$2; shift ;;
   --jobs) JOBS=$2; shift ;;
   --fraction) FRACTION=${2%%:*}; [[ $2 != *:* ]] || FRACTION_START=${2#*:}; shift ;;
   --out) OUT=$2; shift ;;
   --deqp-vk) DEQP=$(realpath "$2"); shift ;;
   --vkd3d) VKD3D=$(realpath "$2"); shift ;;
   --opencl-cts) CTS=$(realpath "$2"); CL_SUITE=1; shift ;;
   *) die "unknown option $1" ;;
   esac
   shift
done
[ -n "$DEQP$CTS$VKD3D" ] || die "no suite given (--deqp-vk, --opencl-cts, --vkd3d)"
if ! [[ $FRACTION =~ ^[1-9][0-9]*$ && $FRACTION_START =~ ^[1-9][0-9]*$ ]] ||
   [ "$FRACTION_START" -gt "$FRACTION" ]; then
   die "--fraction N[:START]: whole numbers, 1 <= START <= N"
fi
mkdir -p "$OUT"; OUT=$(realpath "$OUT"); : >"$OUT/summary.txt"
export VK_DRIVER_FILES=$BUILD_DIR/subprojects/mesa-$MESA_VERSION/src/gallium/targets/lavapipe/lvp_devenv_icd.x86_64.json
export OCL_ICD_VENDORS=$BUILD_DIR/tests/opencl/rusticl.icd
export RUSTICL_ENABLE=llvmpipe
# rusticl offers cl_khr_fp16 / cl_khr_fp64 only when asked (as in ci/test.sh).
export RUSTICL_FEATURES=fp16,fp64
check_ours

k=0
for w in ${WIDTHS//,/ }; do
   case $w in 4|8|16) ;; *) die "width $w: lavapipe's vector widths give 4, 8 or 16 lanes" ;; esac
   export LP_NATIVE_VECTOR_WIDTH=$((w * 32))
   export MESA_SHADER_CACHE_DIR=$OUT/cache-w$w
   rm -rf "$MESA_SHADER_CACHE_DIR"
   [ -z "$DEQP" ] || run_deqp_vk "$DEQP" "$w" $(((FRACTION_START - 1 + k) % FRACTION + 1))
   k=$((k + 1))
   [ -z "$CTS" ] || run_opencl_cts "$CTS" "$w"
   [ -z "$VKD3D" ] || run_vkd3d "$VKD3D" "$w"
done
echo "$total_p passed, $total_bad failed, $total_s skipped"
[ "$total_bad" = 0 ]
