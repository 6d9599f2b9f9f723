#!/usr/bin/env bash
# Runs every Go fuzz target of the module (func FuzzXxx in *_test.go; the
# separate benchmark module is left out), one `go test -fuzz` per target.
#
# FUZZTIME is the -fuzztime of each target (default 10s): a duration (10m)
# or a count of calls to the fuzz function (10000x).
#
# `make fuzz` gives a duration: long runs, stopped by the clock. `make
# fuzz-smoke` (CI) gives a count. On a duration, Go 1.26's fuzz coordinator
# can report the expiry of -fuzztime itself as a failure, "context deadline
# exceeded" with no crasher (golang/go#75804: it compares the error of the
# timed-out context with that of its child before the child is cancelled);
# a count sets no deadline, so a smoke run fails only on a real finding.
# See docs/decisions/0015-fuzz-smoke.md.
#
# With FUZZ_FRESH_CACHE=1 (the smoke run) each target starts from its
# committed seeds only, in a throw-away cache, so every machine fuzzes the
# same corpus. This matters for a count: the baseline coverage run over the
# corpus counts towards it, and a large cached corpus from earlier long runs
# could use up the count before a single new input is generated.
#
# When FUZZTIME is a count, every target must have fuzzed: the coordinator
# logged "now fuzzing" and ran more calls than its corpus holds. A count no
# larger than the corpus would only replay the seeds, and the smoke run
# would pass without fuzzing anything.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cacheargs=()
if [ "${FUZZ_FRESH_CACHE:-}" = 1 ]; then
  cacheargs=(-args -test.fuzzcachedir="$work/cache")
fi
start=$SECONDS

# fuzzed prints how many calls the run logged in file $1 made after the
# baseline run over the corpus (on generated inputs, minimisation included);
# it fails when fuzzing never began.
fuzzed() {
  local corpus execs
  corpus=$(sed -nE 's#.*: ([0-9]+)/[0-9]+ completed, now fuzzing with.*#\1#p' "$1" | tail -n 1)
  execs=$(sed -nE 's#^fuzz: elapsed: .*, execs: ([0-9]+) .*#\1#p' "$1" | tail -n 1)
  [ -n "$corpus" ] && [ -n "$execs" ] && [ "$execs" -gt "$corpus" ] || return 1
  echo "$((execs - corpus)) calls after the baseline run over $corpus corpus entries"
}

while IFS= read -r line; do
  file=${line%%:*}
  name=$(sed -E 's/.*func (Fuzz[A-Za-z0-9_]*).*/\1/' <<<"$line")
  pkg=$(dirname "$file")
  echo "== $pkg $name ($fuzztime)"
  t0=$SECONDS
  if ! go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "$pkg" "${cacheargs[@]}" 2>&1 | tee "$work/log"; then
    status=1
  elif [[ $fuzztime == *x ]]; then
    if ! summary=$(fuzzed "$work/log"); then
      echo "FAIL: $name logged no fuzzing after its baseline run: is -fuzztime=$fuzztime no larger than its corpus? raise the count"
      status=1
    else
      echo "-- $name: $summary, $((SECONDS - t0))s"
    fi
  fi
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(' . | grep -v '/internal/bench/' | sort)
echo "== all fuzz targets: $((SECONDS - start))s"
exit $status
