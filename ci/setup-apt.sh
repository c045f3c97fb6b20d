#!/usr/bin/env bash
# Install the Debian packages the build and the tests need.
#
# The default sources of the machine have neither bookworm-backports (for
# meson >= 1.4 and libdrm >= 2.4.121) nor a deb-src entry for trixie (whose
# `mesa` source package carries the upstream mesa-25.0.7.tar.xz).  Both are derived from the
# machine's existing Debian entry: same URIs, same Signed-By.  No mirror host
# is written here.
set -euo pipefail

SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo

# APT_SOURCES_DIR: for tests/setup/ (stand-ins for apt-get and dpkg-query).
sources_dir=${APT_SOURCES_DIR:-/etc/apt/sources.list.d}
main_src=$sources_dir/debian.sources
extra_src=$sources_dir/mesa-subgroups.sources

# LLVM 15: the one LLVM for which Debian 12 packages the SPIR-V translator
# library that rusticl's OpenCL C compiler (clc) needs; llvmpipe uses it too
# (one Mesa build).  libclang-15-dev serves bindgen as well.
# clang-15 builds ci/fuzz.sh's spirv_to_nir fuzzer (tests/fuzz/): libFuzzer
# and the ASan and UBSan runtimes it links are clang's compiler-rt, which
# Debian 12 ships in libclang-common-15-dev (named here, not left to
# clang-15's dependencies, because the fuzzer needs exactly those files);
# libfuzzer-15-dev only adds a copy of libFuzzer for linking without clang's
# driver, which the fuzzer does not do.
PKGS=(meson ninja-build llvm-15-dev python3-mako python3-yaml python3-ply
      glslang-tools spirv-tools libdrm-dev libelf-dev libzstd-dev libexpat1-dev
      zlib1g-dev libudev-dev bison flex libvulkan-dev libvulkan1 vulkan-tools
      ccache pkg-config xz-utils dpkg-dev patch libglvnd-dev
      libclang-15-dev libclang-cpp15-dev libllvmspirvlib-15-dev libclc-15
      ocl-icd-opencl-dev ocl-icd-libopencl1 opencl-headers clinfo
      python3-venv shellcheck clang-15 libclang-common-15-dev)
MESON_MIN=1.4
LIBDRM_MIN=2.4.121
say() { echo "setup-apt: $*"; }
die() { echo "setup-apt: error: $*" >&2; exit 1; }
# missing_pkgs: the packages of PKGS dpkg does not list as installed.
missing_pkgs() {
   local p
   for p in "${PKGS[@]}"; do
      dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || echo "$p"
   done
}
# too_old: a line for each of meson and libdrm-dev that is older than the
# build needs (both come from bookworm-backports).
too_old() {
   local v
   v=$(meson --version 2>/dev/null) || v=
   dpkg --compare-versions "${v:-0}" ge "$MESON_MIN" ||
      echo "meson ${v:-not found} (needs >= $MESON_MIN, bookworm-backports)"
   v=$(dpkg-query -W -f='${Version}' libdrm-dev 2>/dev/null) || v=
   dpkg --compare-versions "${v:-0}" ge "$LIBDRM_MIN" ||
      echo "libdrm-dev ${v:-not installed} (needs >= $LIBDRM_MIN, bookworm-backports)"
}

have_all() { [ -z "$(missing_pkgs)" ] && [ -z "$(too_old)" ]; }

write_sources() {
   [ -f "$main_src" ] || die "$main_src not found; cannot derive the apt entries for bookworm-backports and trixie's sources"
   # First stanza that names the bookworm suite: take its URIs and Signed-By.
   uris=$(awk 'BEGIN{RS="";FS="\n"} /Suites:[^\n]*bookworm( |$|\n)/ {for(i=1;i<=NF;i++) if ($i ~ /^URIs:/) {sub(/^URIs:[ \t]*/,"",$i); print $i; exit}}' "$main_src")
   signed=$(awk 'BEGIN{RS="";FS="\n"} /Suites:[^\n]*bookworm( |$|\n)/ {for(i=1;i<=NF;i++) if ($i ~ /^Signed-By:/) {sub(/^Signed-By:[ \t]*/,"",$i); print $i; exit}}' "$main_src")
   [ -n "$uris" ] || die "no URIs for bookworm in $main_src"
   tmp=$(mktemp)
   {
      echo "# Written by ci/setup-apt.sh from $main_src"
      echo "Types: deb"
      echo "URIs: $uris"
      echo "Suites: bookworm-backports"
      echo "Components: main"
      [ -z "$signed" ] || echo "Signed-By: $signed"
      echo
      echo "Types: deb-src"
      echo "URIs: $uris"
      echo "Suites: trixie"
      echo "Components: main"
      [ -z "$signed" ] || echo "Signed-By: $signed"
   } >"$tmp"
   if ! cmp -s "$tmp" "$extra_src" 2>/dev/null; then
      $SUDO install -m 0644 "$tmp" "$extra_src"
      rm -f "$tmp"
      return 0
   fi
   rm -f "$tmp"
   return 1
}

changed=0
write_sources && changed=1
if [ "$changed" = 1 ] || [ ! -e /var/lib/apt/lists/partial ] || ! have_all; then
   $SUDO apt-get update -q || die "apt-get update failed"
fi
if ! have_all; then
   export DEBIAN_FRONTEND=noninteractive
   old=$(too_old)
   if [ -n "$old" ]; then
      say "from bookworm-backports: ${old//$'\n'/; }"
      $SUDO apt-get install -y -q --no-install-recommends -t bookworm-backports meson libdrm-dev ||
         die "apt-get install -t bookworm-backports meson libdrm-dev failed"
   fi
   mapfile -t want < <(missing_pkgs)
   if [ ${#want[@]} -gt 0 ]; then
      say "installing ${want[*]}"
      $SUDO apt-get install -y -q --no-install-recommends "${want[@]}" ||
         die "apt-get install ${want[*]} failed"
   fi
   old=$(too_old)
   [ -z "$old" ] || die "still too old after apt-get install: ${old//$'\n'/; }"
fi
say "packages ready (meson $(meson --version))"
