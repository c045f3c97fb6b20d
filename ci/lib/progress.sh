# shellcheck shell=bash
# progress_tenths PREFIX NAME: reads ninja's output on stdin and prints
# "PREFIX: NAME N% (K of M steps)" at each tenth of its steps, nothing
# else (ci/build.sh and port/26.2/build.sh keep the whole output in a log).
progress_tenths() {
   awk -v prefix="$1" -v name="$2" 'match($0, /^\[([0-9]+)\/([0-9]+)\]/) {
         split(substr($0, 2, RLENGTH - 2), nm, "/")
         tenth = int(10 * nm[1] / nm[2])
         if (tenth > shown) {
            shown = tenth
            printf "%s: %s %d%% (%d of %d steps)\n", prefix, name, 10 * tenth, nm[1], nm[2]
            fflush()
         }
      }'
}

# run_with_progress PREFIX LOG NAME COMMAND...: COMMAND's whole output into
# LOG, its progress in tenths on the terminal; returns COMMAND's status, not
# the pipeline's (call it as `run_with_progress ... || rc=$?` under set -e).
run_with_progress() {
   local prefix=$1 log=$2 name=$3
   shift 3
   "$@" 2>&1 | tee "$log" | progress_tenths "$prefix" "$name"
   return "${PIPESTATUS[0]}"
}
