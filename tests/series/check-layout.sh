#!/usr/bin/env bash
# The series as merge requests: checks of patches/series against the Mesa
# checkout ci/overlay.sh made from it (subprojects/mesa-<version>).
#
#   series.mr_branches     each "# MR NN-name" section's last commit is the
#                          branch mr/NN-name, and every commit is in a section
#   series.export          ci/export-series.sh, run on that checkout into a
#                          copy of the repo, writes patches/series and every
#                          patch byte for byte as they are committed
#   series.local_only_last the last section is NN-local-only, and each of its
#                          commits says it is local
#   series.no_fixups       no commit is a fixup!, squash! or amend! commit
#
# Prints one line per case and "N passed, N failed".
#
#   tests/series/check-layout.sh SCRATCH_DIR
set -uo pipefail
. "$(dirname "$0")/../../ci/env.sh"
scratch=${1:?usage: check-layout.sh SCRATCH_DIR}
passed=0 failed=0
pass() { echo "series.$1: pass${2:+ ($2)}"; passed=$((passed + 1)); }
fail() { echo "series.$1: FAIL ($2)"; failed=$((failed + 1)); }

git_m() { git -C "$MESA_TREE" "$@"; }
base=$(git_m rev-list --max-parents=0 HEAD)
mapfile -t commits < <(git_m rev-list --reverse "$base..HEAD")
mapfile -t mr_of < <(series_mr_of)

# --- the MR branches
bad=
if [ ${#commits[@]} != ${#mr_of[@]} ]; then
   bad="the checkout has ${#commits[@]} commits, patches/series ${#mr_of[@]}"
else
   for i in "${!mr_of[@]}"; do
      [ -n "${mr_of[$i]}" ] || { bad="patch $((i + 1)) is in no MR section"; break; }
      # only a section's last patch
      if ((i + 1 < ${#mr_of[@]})) && [ "${mr_of[$i]}" = "${mr_of[$((i + 1))]}" ]; then
         continue
      fi
      at=$(git_m rev-parse -q --verify "refs/heads/mr/${mr_of[$i]}") ||
         { bad="no branch mr/${mr_of[$i]}"; break; }
      [ "$at" = "${commits[$i]}" ] ||
         { bad="mr/${mr_of[$i]} is not at commit $((i + 1)), the section's last"; break; }
   done
fi
if [ -z "$bad" ]; then
   pass mr_branches "$(printf '%s\n' "${mr_of[@]}" | uniq | wc -l) MRs, ${#commits[@]} commits"
else
   fail mr_branches "$bad"
fi

# --- export into a copy: the same files
copy=$scratch/repo
rm -rf "$copy"
mkdir -p "$copy/subprojects"
cp -r "$TOP/ci" "$copy/ci"
for d in $SERIES_DIRS; do
   mkdir -p "$copy/$d"
   cp -r "$TOP/$d/." "$copy/$d/"
done
ln -s "$MESA_TREE" "$copy/subprojects/$(basename "$MESA_TREE")"
stamp=$MESA_TREE/.git/mesa-subgroups-stamp
cp "$stamp" "$scratch/stamp"
if (cd "$copy" && bash ci/export-series.sh) >"$scratch/export.log" 2>&1; then
   diffs=$(for d in $SERIES_DIRS; do diff -r "$TOP/$d" "$copy/$d"; done 2>&1)
   if [ -z "$diffs" ]; then
      pass export "$(series_patches | wc -l) patches"
   else
      fail export "the files differ: $(echo "$diffs" | head -3 | tr '\n' ' ')"
   fi
else
   fail export "ci/export-series.sh failed: $(tail -1 "$scratch/export.log")"
fi
cp "$scratch/stamp" "$stamp"

# --- local-only commits last
last_mr=${mr_of[-1]:-}
bad=
if [[ $last_mr != [0-9][0-9]-local-only ]]; then
   bad="the last section is $last_mr"
else
   for i in "${!mr_of[@]}"; do
      if [ "${mr_of[$i]}" = "$last_mr" ]; then
         git_m log -1 --format=%b "${commits[$i]}" | head -1 | grep -q '^Local ' ||
            { bad="commit $((i + 1)) does not say it is local"; break; }
      elif git_m log -1 --format=%b "${commits[$i]}" | head -1 | grep -q '^Local '; then
         bad="commit $((i + 1)) says it is local but is in ${mr_of[$i]}"; break
      fi
   done
fi
if [ -z "$bad" ]; then pass local_only_last; else fail local_only_last "$bad"; fi

# --- no fixup commits
fixups=$(git_m log --format=%s "$base..HEAD" | grep -cE '^(fixup|squash|amend)! ')
if [ "$fixups" = 0 ]; then pass no_fixups; else fail no_fixups "$fixups fixup commits"; fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
