#!/usr/bin/env bash
# Make subprojects/mesa-<version> a git checkout of Mesa with the series
# applied: the verified tarball is the first commit ("Mesa <version>"), then
# every patch named in patches/series is applied with `git am`, in order.
# Each section of patches/series ("# MR NN-name") is one merge request: its
# last commit gets the branch mr/NN-name, which ci/export-series.sh reads
# back.
# Author and committer dates come from the patches, so the same series gives
# the same commits on every machine.
#
# Develop in that checkout with ordinary git (commit, rebase -i, fixup), then
# run ci/export-series.sh to write the commits back into the repo.
#
# A stamp records the tarball hash, the series and the patches, and the HEAD
# the checkout was built at.  When the series changes, the checkout is made
# afresh, but only if it holds nothing that is not in the series: a dirty
# tree or commits past the stamped HEAD stop this script (export them first,
# or delete the checkout).
set -euo pipefail
. "$(dirname "$0")/env.sh"

tarball=$CACHE_DIR/$MESA_TARBALL_NAME
[ -f "$tarball" ] || "$TOP/ci/fetch-mesa.sh"

mapfile -t patches < <(series_patches)
for p in "${patches[@]}"; do
   [ -f "$TOP/$p" ] || { echo "overlay: $p is in patches/series but missing" >&2; exit 1; }
done
series_hash=$(cd "$TOP" && cat patches/series "${patches[@]}" | sha256sum | cut -d' ' -f1)
stamp="tarball=$MESA_SHA256 series=$series_hash"
stamp_file=$MESA_TREE/.git/mesa-subgroups-stamp

if [ -f "$stamp_file" ] && [ "$(sed -n 1p "$stamp_file")" = "$stamp" ]; then
   echo "overlay: ${MESA_TREE#"$TOP"/} is at the series ($(git -C "$MESA_TREE" rev-list --count HEAD) commits)"
   exit 0
fi

if [ -d "$MESA_TREE" ]; then
   if [ -f "$stamp_file" ]; then
      built_head=$(sed -n 2p "$stamp_file")
      if [ -n "$(git -C "$MESA_TREE" status --porcelain)" ] ||
         [ "$(git -C "$MESA_TREE" rev-parse HEAD)" != "$built_head" ]; then
         echo "overlay: ${MESA_TREE#"$TOP"/} has changes or commits that are not in patches/series;" >&2
         echo "overlay: run ci/export-series.sh to keep them, or delete the checkout to drop them" >&2
         exit 1
      fi
   fi
   rm -rf "$MESA_TREE"
fi

echo "overlay: extracting $MESA_TARBALL_NAME into ${MESA_TREE#"$TOP"/}"
echo "$MESA_SHA256  $tarball" | sha256sum -c --status ||
   { echo "overlay: $tarball fails its sha256 check" >&2; exit 1; }
mkdir -p "$TOP/subprojects"
tar -C "$TOP/subprojects" --no-same-owner -xf "$tarball"
[ -d "$MESA_TREE" ] || { echo "overlay: tarball did not create $MESA_TREE" >&2; exit 1; }

git_m() { git -C "$MESA_TREE" -c user.name=mesa-subgroups -c user.email=mesa-subgroups@localhost \
          -c core.autocrlf=false -c advice.detachedHead=false "$@"; }
git_m init -q -b main
# The tarball ships files its own .gitignore names (subprojects/packagefiles).
git_m add -A -f
GIT_AUTHOR_DATE="$MESA_BASE_DATE" GIT_COMMITTER_DATE="$MESA_BASE_DATE" \
   git_m commit -q -m "Mesa $MESA_VERSION"

mapfile -t mr_of < <(series_mr_of)
for i in "${!patches[@]}"; do
   p=${patches[$i]}
   if ! git_m am -q --committer-date-is-author-date --whitespace=nowarn "$TOP/$p"; then
      git_m am --abort || true
      echo "overlay: ERROR: $p does not apply; the checkout is left at the commit before it" >&2
      exit 1
   fi
   # the last patch of an MR's section: its branch
   if [ -n "${mr_of[$i]}" ] && { [ $((i + 1)) = ${#patches[@]} ] || [ "${mr_of[$i]}" != "${mr_of[$((i + 1))]}" ]; }; then
      git_m branch -f "mr/${mr_of[$i]}"
   fi
done
printf '%s\n%s\n' "$stamp" "$(git_m rev-parse HEAD)" >"$stamp_file"
echo "overlay: ${MESA_TREE#"$TOP"/}: $MESA_VERSION + ${#patches[@]} commits"
