#!/usr/bin/env bash
# Runs every Go fuzz target of the module for $FUZZTIME each (default 10s).
# Targets are found by name: func FuzzXxx in *_test.go files.
# With FUZZ_FRESH_CACHE=1 (the CI smoke run) each target starts from its
# committed seeds only, in a throw-away cache: a large cached corpus from
# earlier long runs could make baseline coverage outlast -fuzztime, which Go
# reports as a failure ("context deadline exceeded").
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${FUZZTIME:-10s}
status=0
cacheargs=()
if [ "${FUZZ_FRESH_CACHE:-}" = 1 ]; then
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' EXIT
  cacheargs=(-args -test.fuzzcachedir="$cache")
fi
while IFS= read -r line; do
  file=${line%%:*}
  name=$(sed -E 's/.*func (Fuzz[A-Za-z0-9_]*).*/\1/' <<<"$line")
  pkg=./$(dirname "$file")
  echo "== $pkg $name ($fuzztime)"
  if ! go test -run='^$' -fuzz="^${name}\$" -fuzztime="$fuzztime" "$pkg" "${cacheargs[@]}"; then
    status=1
  fi
done < <(grep -rn --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]*\(' . | grep -v '/internal/bench/' | sort)
exit $status
