#!/usr/bin/env bash
# Refuse to start a build that the disk cannot hold, before its first step.
# A fresh build (no build.ninja yet) needs MESA_SUBGROUPS_MIN_FREE_GIB
# (default 12) GiB free where the build folder and the cache folder live: the
# clone's build folders take about 6 GiB after .ci/run (Mesa, the sanitized
# build, the mutants' build), ccache up to CCACHE_MAXSIZE (5G), the cache
# folder 1 to 3 GiB more.  An existing build folder needs 2 GiB.  A full disk
# otherwise shows up an hour later as one compiler's "No space left on
# device" in the middle of ninja's output.
set -euo pipefail
. "$(dirname "$0")/env.sh"

need=${MESA_SUBGROUPS_MIN_FREE_GIB:-12}
[ ! -f "$BUILD_DIR/build.ninja" ] || need=2
case $need in
   '' | *[!0-9]*)
      echo "check-disk: MESA_SUBGROUPS_MIN_FREE_GIB='$need' is not a whole number of GiB"
      exit 1
      ;;
esac

# The folder itself, or its nearest ancestor that exists.
existing() {
   local d=$1
   while [ ! -e "$d" ]; do d=$(dirname "$d"); done
   echo "$d"
}

short=0
for dir in "$BUILD_DIR" "$CACHE_DIR"; do
   at=$(existing "$dir")
   if ! line=$(df -Pk "$at" 2>/dev/null | awk 'NR == 2 { print $4, $6 }') || [ -z "$line" ]; then
      echo "check-disk: df cannot read the free space of $at (for $dir); not checked"
      continue
   fi
   read -r kib mount <<<"$line"
   gib=$((kib / 1048576))
   if [ "$gib" -lt "$need" ]; then
      echo "check-disk: $dir: $gib GiB free on $mount, the build needs $need GiB" \
         "(MESA_SUBGROUPS_MIN_FREE_GIB); free some space there first"
      short=1
   else
      echo "check-disk: $dir: $gib GiB free on $mount (needs $need)"
   fi
done
exit "$short"
