#!/usr/bin/env bash
# The port of the series to Mesa 26.2.0-rc1, as far as it goes (README.md):
# extracts the tarball (sha256 checked), commits it as the base, and applies
# the patches of this folder with git am, in the order of their numbers.
#
# usage: port/26.2/apply.sh TARBALL DEST
#   TARBALL  mesa-26.2.0-rc1.tar.xz (the workplace's ../shared/mesa/)
#   DEST     a folder that does not exist yet: the git checkout
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SHA256=067a7a92c51cc7ab4f5d23871937483fa040602ac3e481af563ea79082cbc432
tarball=${1:?usage: apply.sh TARBALL DEST}
dest=${2:?usage: apply.sh TARBALL DEST}
[ ! -e "$dest" ] || { echo "apply: $dest exists; give a new folder" >&2; exit 1; }
got=$(sha256sum "$tarball" | cut -d' ' -f1)
[ "$got" = "$SHA256" ] || { echo "apply: $tarball: sha256 $got, want $SHA256" >&2; exit 1; }
mkdir -p "$dest"
tar -xJf "$tarball" -C "$dest" --strip-components=1
cd "$dest"
git init -q
git add -A
GIT_AUTHOR_DATE=2026-07-18T00:00:00Z GIT_COMMITTER_DATE=2026-07-18T00:00:00Z \
   git -c user.name=mesa-subgroups -c user.email=mesa-subgroups@localhost \
   commit -q -m "Mesa 26.2.0-rc1"
git -c user.name=mesa-subgroups -c user.email=mesa-subgroups@localhost \
   am -q --committer-date-is-author-date "$here"/[0-9][0-9][0-9][0-9]-*.patch
echo "apply: $dest: Mesa 26.2.0-rc1 + $(($(git rev-list --count HEAD) - 1)) commits"
