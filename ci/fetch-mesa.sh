#!/usr/bin/env bash
# Fetch the upstream Mesa tarball by package name (Debian's `mesa` source
# package: its orig tarball is upstream's mesa-25.0.7.tar.xz) and verify it.
set -euo pipefail
. "$(dirname "$0")/env.sh"

mkdir -p "$CACHE_DIR"
tarball=$CACHE_DIR/$MESA_TARBALL_NAME
check() { echo "$MESA_SHA256  $1" | sha256sum -c --status; }

if [ -f "$tarball" ] && check "$tarball"; then
   echo "fetch-mesa: cached $tarball (sha256 ok)"
   exit 0
fi
rm -f "$tarball"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
( cd "$tmp" && apt-get source --download-only "mesa=$MESA_DEB_VERSION" ) ||
   { echo "fetch-mesa: apt-get source mesa=$MESA_DEB_VERSION failed (is the trixie deb-src entry present? run ci/setup-apt.sh)" >&2; exit 1; }
if ! check "$tmp/$MESA_TARBALL_NAME"; then
   echo "fetch-mesa: sha256 mismatch for $MESA_TARBALL_NAME; expected $MESA_SHA256" >&2
   sha256sum "$tmp/$MESA_TARBALL_NAME" >&2
   exit 1
fi
mv "$tmp/$MESA_TARBALL_NAME" "$tarball"
echo "fetch-mesa: $tarball (sha256 ok)"
