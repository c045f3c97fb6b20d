#!/usr/bin/env bash
# Bisectability check of the series: builds every commit of the Mesa
# checkout (subprojects/mesa-<version>, as ci/overlay.sh makes it) on its
# own, in a git worktree at build-series/mesa with the options of
# ci/mesa-options, and runs Mesa's own tests (meson test) at checkpoints: the
# last commit of each merge request (each "# MR" section of patches/series).
# Uses ccache, so a second run costs little.
#
#   ci/check-series.sh            every commit not green in the last report
#   ci/check-series.sh --all      every commit
#   ci/check-series.sh --ends     only the last commit of each MR (build
#                                 and meson test)
#   ci/check-series.sh --quick    minutes, not hours: each commit's changed C
#                                 and C++ files compiled -fsyntax-only at that
#                                 commit with the main build's flags
#                                 (ci/syntax-series.py says what it misses);
#                                 report in ci/check-series-quick.report
#
# A commit is identified by its tree: one the last report lists as green is
# skipped (same tree, same result).  The report, ci/check-series.report, is
# committed.  Too slow for CI (every commit touching nir.h or
# nir_intrinsics.py rebuilds most of Mesa): run it before landing a change to
# the series.
set -uo pipefail
. "$(dirname "$0")/env.sh"

all=0 ends=0
[ "${1:-}" = --all ] && all=1
[ "${1:-}" = --ends ] && ends=1
if [ "${1:-}" = --quick ]; then
   "$TOP/ci/overlay.sh" >/dev/null || exit 1
   [ -f "$BUILD_DIR/compile_commands.json" ] ||
      { echo "check-series: --quick needs the main build ($BUILD_DIR): run ci/build.sh" >&2; exit 1; }
   exec /usr/bin/python3 "$TOP/ci/syntax-series.py" "$MESA_TREE" "$BUILD_DIR" \
      "$TOP/build-series/quick" "$TOP/ci/check-series-quick.report"
fi
report=$TOP/ci/check-series.report
work=$TOP/build-series
wt=$work/mesa
bdir=$work/build

"$TOP/ci/overlay.sh" >/dev/null || exit 1
base=$(git -C "$MESA_TREE" rev-list --max-parents=0 HEAD)
mapfile -t commits < <(git -C "$MESA_TREE" rev-list --reverse "$base..HEAD")
mapfile -t mr_of < <(series_mr_of)
[ ${#commits[@]} = ${#mr_of[@]} ] ||
   { echo "check-series: the checkout has ${#commits[@]} commits, patches/series ${#mr_of[@]}: run ci/export-series.sh" >&2; exit 1; }

mkdir -p "$work"
git -C "$MESA_TREE" worktree prune
if [ ! -d "$wt" ]; then
   git -C "$MESA_TREE" worktree add -q --detach "$wt" "${commits[0]}" || exit 1
fi
opts=(--buildtype=debugoptimized --native-file "$TOP/ci/native.ini" --wrap-mode=nodownload)
dopts=()
while IFS= read -r l; do
   case "$l" in ''|'#'*) ;; *) opts+=("-D$l") dopts+=("-D$l") ;; esac
done <"$TOP/ci/mesa-options"
# The options are part of what a green line means: a report made with other
# options makes nothing green.
options_id=$(grep -v '^#' "$TOP/ci/mesa-options" | sha1sum | cut -c1-12)

# The last report decides what is green; the new one is written as commits
# are checked, so an interrupted run still leaves its results.
old=$(mktemp)
trap 'rm -f "$old"' EXIT
[ -f "$report" ] && cp "$report" "$old"
green() { [ $all = 0 ] && grep -q "^# mesa-options $options_id\$" "$old" && grep -q "^$1 ok " "$old"; }

new=$report
{
   echo "# ci/check-series.sh, $(date -u +%Y-%m-%d): tree, build, tests, seconds, commit"
   echo "# (tests: meson test at checkpoints, '-' elsewhere)"
   echo "# mesa-options $options_id"
} >"$new"
n_ok=0 n_bad=0 n_skip=0
for i in "${!commits[@]}"; do
   c=${commits[$i]}
   tree=$(git -C "$MESA_TREE" rev-parse "$c^{tree}")
   subject=$(git -C "$MESA_TREE" log -1 --format=%s "$c")
   checkpoint=0
   [ $((i + 1)) = ${#commits[@]} ] || [ "${mr_of[$i]}" != "${mr_of[$((i + 1))]}" ] && checkpoint=1
   if [ $ends = 1 ] && [ $checkpoint = 0 ]; then
      grep "^$tree " "$old" | head -1 | grep . >>"$new" ||
         echo "$tree unchecked build:- tests:- - $(printf '%02d' $((i + 1))) ${mr_of[$i]}: $subject" >>"$new"
      continue
   fi
   if green "$tree"; then
      grep "^$tree ok " "$old" | head -1 >>"$new"
      n_skip=$((n_skip + 1))
      continue
   fi
   start=$(date +%s)
   git -C "$wt" checkout -q --detach "$c"
   if [ ! -f "$bdir/build.ninja" ]; then
      meson setup "$bdir" "$wt" "${opts[@]}" >"$work/setup.log" 2>&1 ||
         { tail -20 "$work/setup.log"; exit 1; }
      cp "$TOP/ci/mesa-options" "$work/mesa-options.used"
   elif ! cmp -s "$TOP/ci/mesa-options" "$work/mesa-options.used"; then
      # ci/mesa-options changed since the build directory was set up.
      meson configure "$bdir" "${dopts[@]}" >"$work/setup.log" 2>&1 ||
         { tail -20 "$work/setup.log"; exit 1; }
      cp "$TOP/ci/mesa-options" "$work/mesa-options.used"
   fi
   build=ok tests=-
   ninja -C "$bdir" >"$work/ninja-$((i + 1)).log" 2>&1 || build=FAIL
   if [ $build = ok ] && [ $checkpoint = 1 ]; then
      if meson test -C "$bdir" --num-processes "$(nproc)" >"$work/test-$((i + 1)).log" 2>&1; then
         tests=$(grep -E '^Ok:' "$work/test-$((i + 1)).log" | awk '{print "pass:" $2}')
      else
         tests=FAIL
      fi
   fi
   secs=$(( $(date +%s) - start ))
   result=ok
   [ $build = ok ] && [ "$tests" != FAIL ] || result=FAIL
   line="$tree $result build:$build tests:$tests ${secs}s $(printf '%02d' $((i + 1))) ${mr_of[$i]}: $subject"
   echo "$line" | tee -a "$new"
   if [ $result = ok ]; then n_ok=$((n_ok + 1)); else n_bad=$((n_bad + 1)); fi
done
echo "check-series: $n_ok built now, $n_skip green in the last report, $n_bad failed (logs in ${work#"$TOP"/})"
[ $n_bad = 0 ]
