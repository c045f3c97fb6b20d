#!/usr/bin/env bash
# Configures and builds Mesa 26.2.0-rc1 with the series (an apply.sh tree)
# and this project's drivers (mesa-options), with the tools setup.sh
# installed (env.sh), never downloading: meson --wrap-mode=nodownload takes
# the crates from setup.sh's package cache.
#
# usage: port/26.2/build.sh TREE BUILD_DIR [NINJA_TARGET...]
#   TREE          a checkout that apply.sh made; build.sh first applies
#                 local/*.patch on it (git am), those not applied yet
#   BUILD_DIR     meson's build directory: set up when it has no
#                 build.ninja, configured again when mesa-options changed
#   NINJA_TARGET  what ninja builds (default: all), e.g.
#                 src/amd/vulkan/libvulkan_radeon.so
# meson and ninja run under nice -n 19; their output goes to
# $PORT_CACHE/logs/<step>.log, progress and times to the terminal.
# NINJA_ARGS: more arguments for ninja (-j1, -k0).
set -euo pipefail
. "$(dirname "$0")/env.sh"
. "$PORT_TOP/ci/lib/progress.sh"

tree=${1:?usage: build.sh TREE BUILD_DIR [NINJA_TARGET...]}
build=${2:?usage: build.sh TREE BUILD_DIR [NINJA_TARGET...]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(all)

say() { echo "build-26.2: $*"; }
die() { echo "build-26.2: error: $*" >&2; exit 1; }
log_dir=${PORT_LOG_DIR:-$PORT_CACHE/logs}
mkdir -p "$log_dir"
# run_logged NAME COMMAND...: COMMAND's output into NAME.log; the terminal
# gets ninja's progress in tenths, the time, and on failure the end of the log.
run_logged() {
   local name=$1 rc=0 t
   shift
   t=$(date +%s)
   say "$name (output in $log_dir/$name.log)"
   run_with_progress build-26.2 "$log_dir/$name.log" "$name" "$@" || rc=$?
   if [ "$rc" != 0 ]; then
      echo "build-26.2: $name failed (exit $rc) after $(($(date +%s) - t)) s; the end of $log_dir/$name.log:" >&2
      grep -E 'error|Error|ERROR' "$log_dir/$name.log" | head -n 20 | sed 's/^/   ! /' >&2 || true
      tail -n 30 "$log_dir/$name.log" | sed 's/^/   | /' >&2
      exit "$rc"
   fi
   say "$name done in $(($(date +%s) - t)) s"
}

# The tools (setup.sh's) and the tree.
for t in "$PORT_CACHE/bin/glslangValidator" "$PORT_CARGO_ROOT/bin/bindgen" \
   "$PORT_CMEEL/lib/pkgconfig/SPIRV-Tools.pc"; do
   [ -e "$t" ] || die "$t missing: run port/26.2/setup.sh first"
done
command -v meson >/dev/null 2>&1 || die "meson not on PATH: run port/26.2/setup.sh first"
command -v ninja >/dev/null 2>&1 || die "ninja not found (Debian's: apt-get install ninja-build)"
[ -d "$tree/.git" ] || die "$tree is no git checkout (make one with port/26.2/apply.sh)"
tree=$(cd "$tree" && pwd)
[ "$(cat "$tree/VERSION" 2>/dev/null)" = 26.2.0-rc1 ] ||
   die "$tree/VERSION is '$(cat "$tree/VERSION" 2>/dev/null)', not 26.2.0-rc1"

# The local commits, after the series, each once (by its subject).
git_id=(-c user.name=mesa-subgroups -c user.email=mesa-subgroups@localhost)
subjects=$(git -C "$tree" log --format=%s)
for p in "$PORT_DIR"/local/[0-9][0-9][0-9][0-9]-*.patch; do
   [ -f "$p" ] || continue
   subject=$(git mailinfo /dev/null /dev/null <"$p" | sed -n 's/^Subject: //p')
   [ -n "$subject" ] || die "$p: no subject"
   if grep -qxF "$subject" <<<"$subjects"; then
      say "local: applied already: $subject"
      continue
   fi
   git -C "$tree" "${git_id[@]}" am -q --committer-date-is-author-date "$p" || {
      git -C "$tree" am --abort 2>/dev/null || true
      die "git am $p failed on $tree"
   }
   say "local: applied $subject"
done

# The crates: what the tree's wraps name must be in the package cache.
for w in paste-1-rs rustc-hash-2-rs syn-2-rs proc-macro2-1-rs quote-1-rs unicode-ident-1-rs; do
   wrap=$tree/subprojects/$w.wrap
   [ -f "$wrap" ] || die "$wrap missing"
   file=$(sed -n 's/^source_filename *= *//p' "$wrap")
   hash=$(sed -n 's/^source_hash *= *//p' "$wrap")
   [ -f "$MESON_PACKAGE_CACHE_DIR/$file" ] ||
      die "$MESON_PACKAGE_CACHE_DIR/$file missing (for $w.wrap): run port/26.2/setup.sh"
   [ "$(sha256sum "$MESON_PACKAGE_CACHE_DIR/$file" | cut -d' ' -f1)" = "$hash" ] ||
      die "$MESON_PACKAGE_CACHE_DIR/$file: sha256 is not $w.wrap's $hash (setup.sh's pins and the tree differ)"
   [ -f "$tree/subprojects/packagefiles/$w/meson.build" ] ||
      die "$tree/subprojects/packagefiles/$w/meson.build missing (local/0002 not applied?)"
done

# ccache: paths relative to the tree, so another tree still hits.
export CCACHE_BASEDIR=$tree
mapfile -t opts < <(sed -e '/^#/d' -e '/^$/d' -e 's/^/-D/' "$PORT_DIR/mesa-options")
if [ ! -f "$build/build.ninja" ]; then
   wipe=()
   [ ! -d "$build/meson-private" ] || wipe=(--wipe)   # a set-up that failed
   run_logged meson-setup nice -n 19 meson setup "${wipe[@]}" "$build" "$tree" \
      --native-file "$PORT_TOP/ci/native.ini" --wrap-mode=nodownload "${opts[@]}"
   cp "$PORT_DIR/mesa-options" "$build/port-mesa-options.applied"
elif ! cmp -s "$PORT_DIR/mesa-options" "$build/port-mesa-options.applied"; then
   run_logged meson-configure nice -n 19 meson configure "$build" "${opts[@]}"
   cp "$PORT_DIR/mesa-options" "$build/port-mesa-options.applied"
else
   say "$build: set up already with mesa-options"
fi
# shellcheck disable=SC2086  # NINJA_ARGS is a list of options
run_logged ninja nice -n 19 ninja -C "$build" ${NINJA_ARGS:-} "${targets[@]}"
