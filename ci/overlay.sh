#!/usr/bin/env bash
# Extract the verified Mesa tarball into subprojects/mesa-<version>/, apply
# patches/ in order, and symlink our sources into the tree.
#
# A stamp records the tarball hash and the hash of patches/: when it changes
# the tree is extracted afresh.  Symlinks are refreshed on every run, so a new
# file of ours only needs this script to run again (ci/build.sh does).
set -euo pipefail
. "$(dirname "$0")/env.sh"

tarball=$CACHE_DIR/$MESA_TARBALL_NAME
[ -f "$tarball" ] || "$TOP/ci/fetch-mesa.sh"

patch_hash=$(cd "$TOP" && find patches -type f -name '*.patch' -print0 | sort -z |
             xargs -0 -r sha256sum | sha256sum | cut -d' ' -f1)
stamp="tarball=$MESA_SHA256 patches=$patch_hash"
stamp_file=$MESA_TREE/.mesa-subgroups-stamp

if [ ! -f "$stamp_file" ] || [ "$(cat "$stamp_file")" != "$stamp" ]; then
   echo "overlay: extracting $MESA_TARBALL_NAME into ${MESA_TREE#$TOP/}"
   echo "$MESA_SHA256  $tarball" | sha256sum -c --status ||
      { echo "overlay: $tarball fails its sha256 check" >&2; exit 1; }
   rm -rf "$MESA_TREE"
   mkdir -p "$TOP/subprojects"
   tar -C "$TOP/subprojects" -xf "$tarball"
   [ -d "$MESA_TREE" ] || { echo "overlay: tarball did not create $MESA_TREE" >&2; exit 1; }
   for p in $(cd "$TOP" && ls patches/*.patch 2>/dev/null | sort); do
      if ! patch -d "$MESA_TREE" -p1 --forward --batch --quiet <"$TOP/$p" >/tmp/overlay-patch.$$ 2>&1; then
         cat /tmp/overlay-patch.$$ >&2; rm -f /tmp/overlay-patch.$$
         echo "overlay: ERROR: $p does not apply to Mesa $MESA_VERSION; the tree is left half-patched and will be re-extracted next run" >&2
         exit 1
      fi
      echo "overlay: applied $p"
   done
   rm -f /tmp/overlay-patch.$$
   echo "$stamp" >"$stamp_file"
fi

# Where each of our directories lands in Mesa's tree.
dest_for() {
   case "$1" in
   spirv_to_nir/*)            echo src/compiler/spirv ;;
   nir/*)                     echo src/compiler/nir ;;
   backend/llvmpipe/lvp_*)    echo src/gallium/frontends/lavapipe ;;
   backend/llvmpipe/lp_*)     echo src/gallium/auxiliary/gallivm ;;
   *) return 1 ;;
   esac
}

# Drop links of ours that point at files that no longer exist.
find "$MESA_TREE/src" -type l -lname "$TOP/*" ! -exec test -e {} \; -print -delete |
   sed 's/^/overlay: removed stale link /'

n=0
while IFS= read -r f; do
   d=$(dest_for "$f") || { echo "overlay: ERROR: no destination rule for $f (see dest_for in ci/overlay.sh)" >&2; exit 1; }
   target=$MESA_TREE/$d/$(basename "$f")
   if [ -e "$target" ] && [ ! -L "$target" ]; then
      echo "overlay: ERROR: $f would replace Mesa's own $d/$(basename "$f")" >&2
      exit 1
   fi
   ln -sfn "$TOP/$f" "$target"
   n=$((n + 1))
done < <(cd "$TOP" && find spirv_to_nir nir backend -type f \( -name '*.c' -o -name '*.h' -o -name '*.py' \) | sort)
echo "overlay: $n files of ours linked into ${MESA_TREE#$TOP/}"
