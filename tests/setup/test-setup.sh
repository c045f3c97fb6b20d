#!/usr/bin/env bash
# The stand-ins' bodies are single-quoted on purpose: they expand when the
# stand-in runs.
# shellcheck disable=SC2016
# The set-up scripts (ci/setup-apt.sh, setup-meson.sh, setup-rust.sh,
# setup-intel-ocl.sh, fetch-crates.sh, fetch-mesa.sh, check-disk.sh) on a
# machine that has none of their tools, all of them, or too old ones, without
# network: each case runs the scripts
# of a copy of ci/ with an empty HOME, CARGO_HOME and cache folder, and with
# stand-ins on PATH (ci/env.sh's SETUP_STANDINS) for apt-get, dpkg-query,
# cargo, rustc, bindgen, cbindgen, df and Debian's python's venv / pip.  The
# stand-ins write each call they get to a log, and "install" what they are
# asked for into a fake package list or bin folder, so the scripts' checks
# after an install see it.  A case passes when the script asked for exactly
# what was missing, at the pinned version (no more calls), asked for nothing
# when everything was there, and said so when a tool was too old or absent.
#
# usage: tests/setup/test-setup.sh [WORK_DIR]
# Prints "setup.<script>.<case>: pass" or ": FAIL (why)" and ends with
# "N passed, N failed".  Assumes no rustc, cargo, bindgen or cbindgen in
# /usr/bin or /bin (Debian's rustc is never installed by the set-up).
set -uo pipefail
SRC=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
passed=0 failed=0

# Pins and package list, read from the scripts, not repeated here.
pin() { sed -n "s/^$1=//p" "$SRC/ci/$2" | head -1; }
BINDGEN=$(pin BINDGEN_VERSION setup-rust.sh)
CBINDGEN=$(pin CBINDGEN_VERSION setup-rust.sh)
RUSTC_MIN=$(pin RUSTC_MIN setup-rust.sh)
MESON=$(pin MESON_VERSION setup-meson.sh)
INTEL_OCL=$(pin INTEL_OCL_VERSION setup-intel-ocl.sh)
INTEL_PINS=$(sed -n 's/^PINS="\(.*\)"$/\1/p' "$SRC/ci/setup-intel-ocl.sh")
INTEL_PINS=${INTEL_PINS//\$INTEL_OCL_VERSION/$INTEL_OCL}
MESA_DEB=$(pin MESA_DEB_VERSION env.sh)
mapfile -t PKGS < <(sed -n '/^PKGS=(/,/)/p' "$SRC/ci/setup-apt.sh" |
   sed -e 's/^PKGS=(//' -e 's/)$//' | tr ' ' '\n' | sed '/^$/d')
CRATES=$(sed -n 's/^CRATES="\(.*\)"$/\1/p' "$SRC/ci/fetch-crates.sh")
for v in BINDGEN CBINDGEN RUSTC_MIN MESON INTEL_OCL INTEL_PINS MESA_DEB CRATES; do
   [ -n "${!v}" ] || { echo "setup: cannot read $v from ci/"; echo "0 passed, 1 failed"; exit 1; }
done
[ ${#PKGS[@]} -gt 10 ] || { echo "setup: cannot read PKGS from ci/setup-apt.sh"; echo "0 passed, 1 failed"; exit 1; }

# A case's world: $W/top (a copy of ci/, fake wraps), $W/home, $W/cargo,
# $W/cache, $W/standins, $W/calls (one line per stand-in call), $W/dpkg (the
# fake package list: "name version" lines), $W/out (the script's output).
W=
new_world() {
   W=$work/$1
   rm -rf "$W"
   mkdir -p "$W/top/ci/lib" "$W/home" "$W/cargo/bin" "$W/cache" "$W/standins" "$W/apt"
   cp "$SRC"/ci/*.sh "$W/top/ci/"
   cp "$SRC"/ci/lib/*.sh "$W/top/ci/lib/"
   : >"$W/calls"
   : >"$W/dpkg"
   # The machine's Debian entry, from which setup-apt derives its own.
   printf 'Types: deb\nURIs: http://debian.invalid/debian\nSuites: bookworm bookworm-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      >"$W/apt/debian.sources"
   standin_apt
   # df: 64 GiB free, or $W/df-free's KiB.
   quiet df 'kib=67108864; [ -f "$W/df-free" ] && kib=$(cat "$W/df-free")
echo "Filesystem 1024-blocks Used Available Capacity Mounted on"
echo "fake 134217728 0 $kib 0% /fake"'
}
# The environment of a run: nothing of the real machine's tools but /usr/bin
# and /bin, and the stand-ins first (on PATH for the scripts that do not
# read ci/env.sh, through SETUP_STANDINS for those that do).
run() {
   local script=$1
   shift
   env -i HOME="$W/home" CARGO_HOME="$W/cargo" MESA_SUBGROUPS_CACHE="$W/cache" \
      PATH="$W/standins:/usr/bin:/bin" SETUP_STANDINS="$W/standins" APT_SOURCES_DIR="$W/apt" \
      SETUP_PYTHON="$W/standins/python3" W="$W" "$@" \
      bash "$W/top/ci/$script" >"$W/out" 2>&1
}
add() {  # add NAME BODY: a stand-in that logs its call, then runs BODY
   printf '#!/usr/bin/env bash\necho "%s $*" >>"$W/calls"\n%s\n' "$1" "$2" >"$W/standins/$1"
   chmod +x "$W/standins/$1"
}
quiet() {  # quiet NAME BODY: a stand-in that does not log (a version query)
   printf '#!/usr/bin/env bash\n%s\n' "$2" >"$W/standins/$1"
   chmod +x "$W/standins/$1"
}

# apt-get and dpkg-query over the fake list.  `apt-get install [-t S] P...`
# records P at version 9.9 (backports': 2.4.123 for libdrm-dev, 1.7.0 for
# meson; $W/apt-stale makes backports give 2.4.114 / 1.0.1 again).
standin_apt() {
   add apt-get '
case $1 in
   update) ;;
   install)
      shift; suite=
      while [ $# -gt 0 ]; do
         case $1 in -t) suite=$2; shift 2 ;; -*) shift ;; *) break ;; esac
      done
      for p in "$@"; do
         v=9.9
         case $p:$suite in
            libdrm-dev:bookworm-backports) v=2.4.123; [ -e "$W/apt-stale" ] && v=2.4.114 ;;
            meson:bookworm-backports) v=1.7.0; [ -e "$W/apt-stale" ] && v=1.0.1 ;;
            libdrm-dev:) v=2.4.114 ;;
            meson:) v=1.0.1 ;;
         esac
         sed -i "/^$p /d" "$W/dpkg"; echo "$p $v" >>"$W/dpkg"
      done ;;
   source)
      for a in "$@"; do case $a in mesa=*) v=${a#mesa=}; echo "not the tarball" >"mesa_${v%%-*}.orig.tar.xz" ;; esac; done ;;
esac'
   quiet dpkg-query '
p=${!#}
v=$(sed -n "s/^$p //p" "$W/dpkg")
[ -n "$v" ] || exit 1
case $* in *Status*) echo "install ok installed" ;; *) printf "%s" "$v" ;; esac'
   quiet meson '
v=$(sed -n "s/^meson //p" "$W/dpkg")
[ -n "$v" ] || { echo "meson: stand-in: not installed" >&2; exit 127; }
echo "$v"'
}
dpkg_all() {  # every package of PKGS installed, at versions that suffice
   local p
   for p in "${PKGS[@]}"; do
      case $p in
         libdrm-dev) echo "$p 2.4.123" ;;
         meson) echo "$p 1.7.0" ;;
         *) echo "$p 1.0" ;;
      esac
   done >"$W/dpkg"
}
# rustc VERSION: a rustc stand-in; cargo: one that "installs" a stand-in of
# the tool at the version asked for, and "fetches" a crate whose content is
# "NAME VERSION".
rustc_at() { quiet rustc "echo 'rustc $1 (0000000 2026-01-01)'"; }
cargo_standin() {
   add cargo '
case $1 in
   install)
      for a in "$@"; do
         case $a in
            *@*) n=${a%@*}; v=${a#*@}; [ "$n" = bindgen-cli ] && n=bindgen
                 printf "#!/bin/sh\necho \"%s %s\"\n" "$n" "$v" >"$CARGO_HOME/bin/$n"
                 chmod +x "$CARGO_HOME/bin/$n" ;;
         esac
      done ;;
   fetch)
      dep=$(sed -n "/^\[dependencies\]/{n;p}" Cargo.toml)
      n=${dep%% *}; v=${dep#*\"=}; v=${v%\"}
      mkdir -p "$CARGO_HOME/registry/cache/index.invalid"
      echo "$n $v" >"$CARGO_HOME/registry/cache/index.invalid/$n-$v.crate" ;;
esac'
}
tool_at() {  # tool_at NAME VERSION: an installed tool in CARGO_HOME/bin
   printf '#!/bin/sh\necho "%s %s"\n' "$1" "$2" >"$W/cargo/bin/$1"
   chmod +x "$W/cargo/bin/$1"
}
# python3 -m venv DIR: a venv whose pip "installs" meson==V as a meson that
# prints V, and intel-opencl-rt==V as an empty lib/libintelocl.so
# ($W/pip-broken: a pip that installs nothing; $W/pip-check-broken: a
# `pip check` that finds a dependency missing).
python_standin() {
   add python3 '
[ "$1 $2" = "-m venv" ] || exit 2
mkdir -p "$3/bin"
cat >"$3/bin/pip" <<PIP
#!/usr/bin/env bash
echo "pip \$*" >>"$W/calls"
if [ "\$1" = check ]; then
   [ -e "$W/pip-check-broken" ] || exit 0
   echo "tbb 2023.2.0 requires tcmlib, which is not installed."; exit 1
fi
[ -e "$W/pip-broken" ] && exit 0
for a in "\$@"; do
   case \$a in
      meson==*) printf "#!/bin/sh\necho %s\n" "\${a#meson==}" >"$3/bin/meson"; chmod +x "$3/bin/meson" ;;
      intel-opencl-rt==*) mkdir -p "$3/lib"; : >"$3/lib/libintelocl.so" ;;
   esac
done
PIP
chmod +x "$3/bin/pip"'
}
venv_meson_at() {  # an existing venv whose meson prints VERSION
   mkdir -p "$W/cache/meson-$MESON/bin"
   printf '#!/bin/sh\necho %s\n' "$1" >"$W/cache/meson-$MESON/bin/meson"
   chmod +x "$W/cache/meson-$MESON/bin/meson"
}
# Fake wraps of the crates fetch-crates.sh reads (subprojects/<crate>.wrap
# of the Mesa checkout), each with the hash of the stand-in's "NAME VERSION".
fake_wraps() {
   local c v d h
   mkdir -p "$W/top/subprojects/mesa-$(pin MESA_VERSION env.sh)/subprojects"
   v=1
   for c in $CRATES; do
      v=$((v + 1))
      d=$W/top/subprojects/mesa-$(pin MESA_VERSION env.sh)/subprojects
      h=$(echo "$c 1.0.$v" | sha256sum | cut -d' ' -f1)
      [ "${1:-}" = badhash ] && h=$(echo "something else" | sha256sum | cut -d' ' -f1)
      printf '[wrap-file]\ndirectory = %s-1.0.%s\nsource_filename = %s-1.0.%s.tar.gz\nsource_hash = %s\n' \
         "$c" "$v" "$c" "$v" "$h" >"$d/$c.wrap"
   done
}

# check NAME RC_WANT CALLS_WANT [TEXT...]: the script's exit status (0 or
# "fail"), its calls (the exact list, in order), and each TEXT in its output.
check() {
   local name=$1 want_rc=$2 want_calls=$3 why="" t
   shift 3
   case $want_rc in
      0) [ "$rc" = 0 ] || why="exit $rc, wanted 0" ;;
      fail) [ "$rc" != 0 ] || why="exit 0, wanted a failure" ;;
   esac
   if [ "$(cat "$W/calls")" != "$want_calls" ]; then
      why="${why:+$why; }calls: [$(paste -sd'|' "$W/calls")], wanted [$(echo "$want_calls" | paste -sd'|')]"
   fi
   for t in "$@"; do
      grep -qF -- "$t" "$W/out" || why="${why:+$why; }no '$t' in its output"
   done
   if [ -z "$why" ]; then
      echo "setup.$name: pass"; passed=$((passed + 1))
   else
      echo "setup.$name: FAIL ($why)"; sed 's/^/   | /' "$W/out" | tail -8; failed=$((failed + 1))
   fi
}

for t in rustc cargo bindgen cbindgen; do
   for d in /usr/bin /bin; do
      [ ! -e "$d/$t" ] || echo "setup: note: $d/$t exists; the cases where $t is absent find it"
   done
done

# --- setup-rust.sh
new_world rust-absent; rustc_at 1.95.0; cargo_standin
run setup-rust.sh; rc=$?
check rust.tools_absent 0 "cargo install -q --locked bindgen-cli@$BINDGEN cbindgen@$CBINDGEN" \
   "installed bindgen-cli@$BINDGEN cbindgen@$CBINDGEN" "(opt-level 0)"

new_world rust-one-absent; rustc_at 1.95.0; cargo_standin; tool_at bindgen "$BINDGEN"
run setup-rust.sh; rc=$?
check rust.cbindgen_absent 0 "cargo install -q --locked cbindgen@$CBINDGEN"

new_world rust-other-version; rustc_at 1.95.0; cargo_standin
tool_at bindgen 0.69.4; tool_at cbindgen "$CBINDGEN"
run setup-rust.sh; rc=$?
check rust.bindgen_other_version 0 "cargo install -q --locked bindgen-cli@$BINDGEN"

new_world rust-present; rustc_at 1.95.0; cargo_standin
tool_at bindgen "$BINDGEN"; tool_at cbindgen "$CBINDGEN"
run setup-rust.sh; rc=$?
check rust.tools_present 0 "" "installed already"
# the same again: still nothing
run setup-rust.sh; rc=$?
check rust.tools_present_twice 0 "" "installed already"

new_world rust-old; rustc_at 1.63.0; cargo_standin
run setup-rust.sh; rc=$?
check rust.rustc_too_old fail "" "rustc 1.63.0 is too old" ">= $RUSTC_MIN" "rustup" "apt-get install rustc-web"

new_world rust-no-rustc; cargo_standin
run setup-rust.sh; rc=$?
check rust.rustc_absent fail "" "rustc not found" ">= $RUSTC_MIN"

new_world rust-no-cargo; rustc_at 1.95.0
run setup-rust.sh; rc=$?
check rust.cargo_absent fail "" "cargo not found" "bindgen-cli@$BINDGEN"

# --- setup-meson.sh
new_world meson-absent; python_standin
run setup-meson.sh; rc=$?
check meson.absent 0 "python3 -m venv $W/cache/meson-$MESON
pip install -q --disable-pip-version-check meson==$MESON" "meson $MESON not installed"
[ "$("$W/cache/bin/meson" --version 2>/dev/null)" = "$MESON" ] ||
   { echo "setup.meson.absent_link: FAIL (cache/bin/meson does not run the venv's)"; failed=$((failed + 1)); }

new_world meson-present; python_standin; venv_meson_at "$MESON"
run setup-meson.sh; rc=$?
check meson.present 0 "" "installed already"

new_world meson-old; python_standin; venv_meson_at 1.7.0
run setup-meson.sh; rc=$?
check meson.too_old 0 "python3 -m venv $W/cache/meson-$MESON
pip install -q --disable-pip-version-check meson==$MESON" "meson 1.7.0" "needs $MESON"

new_world meson-pip-broken; python_standin; touch "$W/pip-broken"
run setup-meson.sh; rc=$?
check meson.pip_installs_nothing fail "python3 -m venv $W/cache/meson-$MESON
pip install -q --disable-pip-version-check meson==$MESON" "error:" "meson==$MESON"

new_world meson-no-python
run setup-meson.sh; rc=$?
check meson.python_absent fail "" "python3 not found" "apt-get install"

# --- setup-intel-ocl.sh: every pin in one pip call, then pip check
intel_calls() {
   printf 'python3 -m venv %s\npip install -q --disable-pip-version-check --no-cache-dir --no-deps %s' \
      "$W/cache/intel-ocl-$INTEL_OCL" "$INTEL_PINS"
   [ "${1:-}" = nocheck ] || printf '\npip check --disable-pip-version-check'
}
new_world intel-absent; python_standin
run setup-intel-ocl.sh; rc=$?
check intel_ocl.absent 0 "$(intel_calls)" "intel-opencl-rt $INTEL_OCL not installed" "installed $INTEL_PINS"
[ -f "$W/cache/intel-ocl/lib/libintelocl.so" ] ||
   { echo "setup.intel_ocl.absent_link: FAIL (cache/intel-ocl does not lead to the venv's lib/libintelocl.so)"; failed=$((failed + 1)); }
: >"$W/calls"
run setup-intel-ocl.sh; rc=$?
check intel_ocl.present 0 "" "installed already"

new_world intel-interrupted; python_standin
mkdir -p "$W/cache/intel-ocl-$INTEL_OCL/lib"; : >"$W/cache/intel-ocl-$INTEL_OCL/lib/libintelocl.so"
run setup-intel-ocl.sh; rc=$?     # no pins recorded: an interrupted install
check intel_ocl.interrupted 0 "$(intel_calls)" "incomplete" "installed $INTEL_PINS"

new_world intel-pip-broken; python_standin; touch "$W/pip-broken"
run setup-intel-ocl.sh; rc=$?
check intel_ocl.pip_installs_nothing fail "$(intel_calls nocheck)" "error:" "no $W/cache/intel-ocl-$INTEL_OCL/lib/libintelocl.so"

new_world intel-dep-missing; python_standin; touch "$W/pip-check-broken"
run setup-intel-ocl.sh; rc=$?
check intel_ocl.dependency_not_pinned fail "$(intel_calls)" "error: pip check" "requires tcmlib"
[ ! -e "$W/cache/intel-ocl-$INTEL_OCL/pins" ] ||
   { echo "setup.intel_ocl.dependency_not_pinned_recorded: FAIL (pins recorded after a failed pip check)"; failed=$((failed + 1)); }

new_world intel-no-python
run setup-intel-ocl.sh; rc=$?
check intel_ocl.python_absent fail "" "python3 not found" "apt-get install"

# --- setup-apt.sh
all_pkgs_but_backports=$(printf '%s\n' "${PKGS[@]}" | grep -vx -e meson -e libdrm-dev | paste -sd' ')
new_world apt-absent
run setup-apt.sh; rc=$?
check apt.absent 0 "apt-get update -q
apt-get install -y -q --no-install-recommends -t bookworm-backports meson libdrm-dev
apt-get install -y -q --no-install-recommends $all_pkgs_but_backports" "meson not found" "libdrm-dev not installed"
if ! grep -q '^Suites: bookworm-backports' "$W/apt/mesa-subgroups.sources" ||
   ! grep -q '^URIs: http://debian.invalid/debian' "$W/apt/mesa-subgroups.sources" ||
   ! grep -q '^Types: deb-src' "$W/apt/mesa-subgroups.sources"; then
   echo "setup.apt.absent_sources: FAIL (no backports / deb-src entry derived)"; failed=$((failed + 1))
fi

new_world apt-present; dpkg_all
run setup-apt.sh; rc=$?     # writes the sources, so it updates once
: >"$W/calls"
run setup-apt.sh; rc=$?
check apt.present 0 "" "packages ready"

new_world apt-one-absent; dpkg_all; sed -i '/^shellcheck /d' "$W/dpkg"
run setup-apt.sh; rc=$?
check apt.one_absent 0 "apt-get update -q
apt-get install -y -q --no-install-recommends shellcheck" "installing shellcheck"

# A machine set up before the fuzzer (ci/fuzz.sh) came: only clang-15 and
# compiler-rt's libFuzzer / ASan / UBSan runtimes are asked for.
new_world apt-fuzzer-absent; dpkg_all; sed -i -e '/^clang-15 /d' -e '/^libclang-common-15-dev /d' "$W/dpkg"
run setup-apt.sh; rc=$?
check apt.fuzzer_absent 0 "apt-get update -q
apt-get install -y -q --no-install-recommends clang-15 libclang-common-15-dev" \
   "installing clang-15 libclang-common-15-dev"

new_world apt-old; dpkg_all; sed -i -e 's/^meson .*/meson 1.0.1/' -e 's/^libdrm-dev .*/libdrm-dev 2.4.114/' "$W/dpkg"
run setup-apt.sh; rc=$?
check apt.too_old 0 "apt-get update -q
apt-get install -y -q --no-install-recommends -t bookworm-backports meson libdrm-dev" \
   "meson 1.0.1 (needs >= 1.4" "libdrm-dev 2.4.114 (needs >= 2.4.121"

new_world apt-stale; dpkg_all; sed -i -e 's/^meson .*/meson 1.0.1/' "$W/dpkg"; touch "$W/apt-stale"
run setup-apt.sh; rc=$?
check apt.still_too_old fail "apt-get update -q
apt-get install -y -q --no-install-recommends -t bookworm-backports meson libdrm-dev" \
   "still too old after apt-get install: meson 1.0.1"

new_world apt-no-sources; rm "$W/apt/debian.sources"
run setup-apt.sh; rc=$?
check apt.no_debian_sources fail "" "debian.sources not found"

# --- fetch-crates.sh
new_world crates-absent; cargo_standin; fake_wraps
run fetch-crates.sh; rc=$?
want="" said=()
for c in $CRATES; do
   want="${want:+$want
}cargo fetch -q"
   said+=("fetch-crates: $c ")
done
check crates.absent 0 "$want" "${said[@]}"
n=$(find "$W/top/subprojects/packagecache" -name '*.tar.gz' 2>/dev/null | wc -l)
[ "$n" = "$(echo "$CRATES" | wc -w)" ] ||
   { echo "setup.crates.absent_cache: FAIL ($n crates in the package cache)"; failed=$((failed + 1)); }
: >"$W/calls"
run fetch-crates.sh; rc=$?
check crates.present 0 ""

new_world crates-badhash; cargo_standin; fake_wraps badhash
run fetch-crates.sh; rc=$?
check crates.sha256_mismatch fail "cargo fetch -q" "sha256" "the wrap wants"

new_world crates-no-cargo; fake_wraps
run fetch-crates.sh; rc=$?
check crates.cargo_absent fail "" "cargo not found"

# --- fetch-mesa.sh: the tarball by its package version; a wrong one refused
new_world mesa-mismatch
run fetch-mesa.sh; rc=$?
check mesa.sha256_mismatch fail "apt-get source --download-only mesa=$MESA_DEB" "sha256 mismatch"
[ -z "$(ls "$W/cache"/*.tar.xz 2>/dev/null)" ] ||
   { echo "setup.mesa.mismatch_not_kept: FAIL (the wrong tarball was kept)"; failed=$((failed + 1)); }

# --- check-disk.sh: a fresh build refused before its first step when the disk
# is short, with the free and the needed space; enough passes quietly
new_world disk-enough
run check-disk.sh; rc=$?
check disk.enough 0 "" "64 GiB free on /fake (needs 12)"

new_world disk-short; echo 3145728 >"$W/df-free"
run build.sh; rc=$?
check disk.short fail "" "build: step 'disk-space' failed (exit 1)" \
   "3 GiB free on /fake, the build needs 12 GiB"

# --- ci/build.sh: a failing step is named, with the end of its output
new_world build-step-fails
run build.sh SKIP_APT=1; rc=$?
check build.failing_step_named fail "" "build: step 'setup-meson' failed (exit 1)" \
   "the last lines of its output" "   | setup-meson: error: $W/standins/python3 not found"

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
