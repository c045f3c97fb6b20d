#!/usr/bin/env bash
# Write the commits of the Mesa checkout (subprojects/mesa-<version>, made by
# ci/overlay.sh) back into the repo as the series: `git format-patch` of every
# commit after "Mesa <version>", each into the folder of its concern, and
# patches/series in commit order, in one section per merge request.
#
# The merge requests are the checkout's branches mr/NN-name (ci/overlay.sh
# makes them from the sections), each at the last commit of its MR, in NN
# order; a commit belongs to the first MR whose branch contains it.  Move
# them with the commits (git rebase -i --update-refs); every commit must be
# in one of them.
#
#   subject "spirv: ..."                    -> spirv_to_nir/
#   subject "nir..." ("nir:", "nir/...:")    -> nir/
#   subject "gallivm:", "llvmpipe:", "lavapipe:" (also "lavapipe, ...") -> backend/llvmpipe/
#   subject "radv:", "aco:"                 -> backend/radv/
#   subject "tu:", "ir3:"                   -> backend/turnip/
#   subject "nvk:", "nak:", "nouveau/..."   -> backend/nvk/
#   subject "rusticl:", "clc:"              -> backend/rusticl/
#   subject "anv:", "brw:", "iris:", "intel/..." -> backend/intel/
#   anything else (mesa:, vulkan:, ...)      -> patches/
#
# Then ci/overlay.sh on a fresh extraction reproduces the checkout's tree
# byte for byte (and its commits, since the dates travel in the patches).
set -euo pipefail
. "$(dirname "$0")/env.sh"

[ -d "$MESA_TREE/.git" ] || { echo "export-series: no git checkout at ${MESA_TREE#"$TOP"/}; run ci/overlay.sh" >&2; exit 1; }
[ -z "$(git -C "$MESA_TREE" status --porcelain)" ] ||
   { echo "export-series: ${MESA_TREE#"$TOP"/} has uncommitted changes; commit them first" >&2; exit 1; }
base=$(git -C "$MESA_TREE" rev-list --max-parents=0 HEAD)

mapfile -t mrs < <(git -C "$MESA_TREE" for-each-ref --format='%(refname:short)' 'refs/heads/mr/' | sort)
[ ${#mrs[@]} -gt 0 ] || { echo "export-series: no mr/* branches in ${MESA_TREE#"$TOP"/}: make one per merge request" >&2; exit 1; }
# commit -> its MR: the first branch that contains it
declare -A mr_of
prev=$base
for b in "${mrs[@]}"; do
   git -C "$MESA_TREE" merge-base --is-ancestor "$b" HEAD ||
      { echo "export-series: $b is not on HEAD's history (move it with the commits)" >&2; exit 1; }
   while read -r c; do mr_of[$c]=${b#mr/}; done < <(git -C "$MESA_TREE" rev-list "$prev..$b")
   prev=$b
done
[ "$(git -C "$MESA_TREE" rev-parse "$prev")" = "$(git -C "$MESA_TREE" rev-parse HEAD)" ] ||
   { echo "export-series: commits after ${mrs[-1]} belong to no MR: move the branch" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$MESA_TREE" format-patch -q -N --zero-commit --no-signature --full-index \
   -o "$tmp" "$base..HEAD"
mapfile -t commits < <(git -C "$MESA_TREE" rev-list --reverse "$base..HEAD")

for d in $SERIES_DIRS; do
   rm -f "$TOP/$d"/[0-9][0-9][0-9][0-9]-*.patch
done
{
   echo "# The series, in order: ci/overlay.sh applies it with git am;"
   echo "# ci/export-series.sh writes it (do not edit by hand)."
   echo "# One section per merge request, in the order Mesa would merge them;"
   echo "# ci/check-series.sh builds and tests each at its end."
   i=0 section=
   for f in "$tmp"/*.patch; do
      mr=${mr_of[${commits[$i]}]}
      i=$((i + 1))
      if [ "$mr" != "$section" ]; then
         echo
         echo "# MR $mr"
         section=$mr
      fi
      subject=$(sed -n 's/^Subject: \[PATCH[^]]*\] //p' "$f" | head -1)
      case "$subject" in
      spirv*)                          d=spirv_to_nir ;;
      nir*)                            d=nir ;;
      gallivm*|llvmpipe*|lavapipe*)    d=backend/llvmpipe ;;
      radv*|aco*)                      d=backend/radv ;;
      tu:*|ir3*)                       d=backend/turnip ;;
      nvk:*|nak:*|nouveau*)            d=backend/nvk ;;
      rusticl*|clc:*)                  d=backend/rusticl ;;
      anv:*|brw:*|iris:*|intel/*)      d=backend/intel ;;
      *)                               d=patches ;;
      esac
      mkdir -p "$TOP/$d"
      cp "$f" "$TOP/$d/"
      echo "$d/$(basename "$f")"
   done
} >"$TOP/patches/series"
n=$(series_patches | wc -l)
echo "export-series: $n commits written; patches/series updated"

# Record the new series as the checkout's stamp, so ci/overlay.sh keeps it.
mapfile -t patches < <(series_patches)
series_hash=$(cd "$TOP" && cat patches/series "${patches[@]}" | sha256sum | cut -d' ' -f1)
printf '%s\n%s\n' "tarball=$MESA_SHA256 series=$series_hash" \
   "$(git -C "$MESA_TREE" rev-parse HEAD)" >"$MESA_TREE/.git/mesa-subgroups-stamp"
