# stitchgen — the commands a developer and CI run. `make test` is what CI runs.
GO ?= go
# Calls to the fuzz function per target in the smoke run (see fuzz-smoke).
FUZZ_SMOKE_EXECS ?= 10000
# The staticcheck release `make staticcheck` runs (2026.1, the first that
# supports Go 1.26); `go run` builds it from the module cache, nothing to
# install.
STATICCHECK := v0.7.0

# The repository's modules (go.work ties them together for development):
# the generator and runtime, one module per SDK adapter, the example
# commands that use an SDK, the end-to-end tests. internal/bench is a module
# of its own outside the workspace (see the bench targets).
MODULES := . adapters/stitchanthropic adapters/stitchgenai adapters/stitchgosdk adapters/stitchmcpgo adapters/stitchopenai adapters/stitchotel examples/demo examples/everything examples/serve e2e

.PHONY: demo test tree-before clean-tree setup vet staticcheck gotest race ts-test conformance tidy-check fuzz-smoke fuzz generate

demo: generate
	$(GO) run ./examples/demo

# generate regenerates every checked-in generated file of the workspace
# (the benchmark contracts: make bench-regen).
generate:
	$(GO) run ./cmd/stitchgen ./examples/... ./internal/fixture ./internal/agreement/contracts/... ./internal/hostile/contracts/... ./adapters/stitchmcpgo/internal/migrating/after

# The whole suite: vet and staticcheck, every Go test of every module (goldens, conformance,
# library and adapter tests, e2e with the Go SDK client), the serving tests
# under -race, the TypeScript SDK client test, the MCP conformance suite's
# server scenarios, tidy go.mod files, the bench module's correctness tests,
# a fuzz smoke run, and a check that none of it changed a tracked file.
test: tree-before setup vet staticcheck gotest race ts-test conformance tidy-check bench-test fuzz-smoke clean-tree

# make test must leave the checkout as it found it (on a fresh clone: git
# status empty; a generated or downloaded file that changes is committed or
# written elsewhere). tree-before records the state of the checkout (git
# status and the diff against HEAD) inside .git; clean-tree, the last step,
# fails when it differs. Outside a git checkout both do nothing.
TREE_STATE = { git status --porcelain=v1 -uall && git diff HEAD --binary; } | cksum
tree-before:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		$(TREE_STATE) > "$$(git rev-parse --git-path stitchgen-tree-before)"; fi

clean-tree:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then \
		before="$$(cat "$$(git rev-parse --git-path stitchgen-tree-before)" 2>/dev/null)"; \
		if [ "$$($(TREE_STATE))" != "$$before" ]; then \
			echo "make test changed the checkout (git status now):"; git status --porcelain=v1 -uall; exit 1; fi; \
		echo "clean-tree: the checkout is as make test found it"; fi

# The npm projects: the TypeScript client test and the conformance suite.
setup:
	cd e2e/ts && npm ci --no-audit --no-fund --loglevel=error
	cd e2e/conformance && npm ci --no-audit --no-fund --loglevel=error
	cd e2e/conformance/2026 && npm ci --no-audit --no-fund --loglevel=error

vet:
	@for m in $(MODULES); do echo "go vet: $$m"; (cd $$m && $(GO) vet ./...) || exit 1; done

# staticcheck over every module; any finding fails (scripts/staticcheck.sh).
staticcheck:
	STATICCHECK=$(STATICCHECK) GO=$(GO) bash scripts/staticcheck.sh $(MODULES)

gotest:
	@for m in $(MODULES); do echo "go test: $$m"; (cd $$m && $(GO) test -count=1 ./...) || exit 1; done

# The serving code again under the race detector (parallel clients).
race:
	$(GO) test -count=1 -race ./stitch/...
	cd adapters/stitchanthropic && $(GO) test -count=1 -race ./...
	cd adapters/stitchgenai && $(GO) test -count=1 -race ./...
	cd adapters/stitchgosdk && $(GO) test -count=1 -race ./...
	cd adapters/stitchmcpgo && $(GO) test -count=1 -race ./...
	cd adapters/stitchotel && $(GO) test -count=1 -race ./...
	cd e2e && $(GO) test -count=1 -race ./...

# The foreign client: the TypeScript MCP SDK starts the examples over stdio.
ts-test:
	cd e2e/ts && npm test

# The official MCP conformance suite (npm @modelcontextprotocol/conformance)
# runs all its server scenarios against examples/everything on the Go SDK
# and on mcp-go; a scenario that does not come out as that server's
# e2e/conformance/expected-failures-SDK.yml says (each entry with its
# reason) fails the target. Needs make setup.
conformance:
	bash e2e/conformance/run.sh

# Every module's go.mod and go.sum are complete on their own (as a user of
# that module gets them), without the workspace; and go.work.sum holds every
# checksum the workspace's module graph needs beyond them, so that no go
# command writes to it (`go list -m all` completes it: commit what it adds).
tidy-check:
	@for m in $(MODULES); do echo "go mod tidy -diff: $$m"; (cd $$m && GOWORK=off $(GO) mod tidy -diff) || exit 1; done
	@echo "go.work.sum: complete"; before="$$(cat go.work.sum)"; $(GO) list -m all >/dev/null; \
	if [ "$$(cat go.work.sum)" != "$$before" ]; then \
		echo "go list -m all added checksums to go.work.sum: commit them"; exit 1; fi

# A short run of every fuzz target from its committed seeds (testdata/fuzz),
# bounded by a count of calls, not by time: on Go 1.26 a time-bounded run can
# fail by chance when its time is up ("context deadline exceeded" with no
# crasher, golang/go#75804), and a CI step that fails by chance blocks every
# landing. The count includes the baseline run over the seeds; the script
# fails a target that never got past it. docs/decisions/0015-fuzz-smoke.md.
fuzz-smoke:
	FUZZ_FRESH_CACHE=1 FUZZTIME=$(FUZZ_SMOKE_EXECS)x bash scripts/fuzz.sh

# Long fuzzing: FUZZTIME per target (default 10m), a duration; it can still
# end in the spurious deadline failure above, which a long run can afford.
fuzz:
	FUZZTIME=$${FUZZTIME:-10m} bash scripts/fuzz.sh

# --- benchmarks (internal/bench is a separate module: its comparison
# dependencies never reach users of stitchgen; `go test ./...` at the root
# does not enter it, and go.work leaves it out, so every go command there
# runs with GOWORK=off) ---
BENCH = cd internal/bench && export GOWORK=off &&

# bench runs the decode benchmarks interleaved (-count=10), the
# end-to-end benchmark through the MCP adapters (6 rounds) and the
# generation/compile measurement, and rewrites docs/benchmarks.md from
# that run. Takes ~17 minutes on 2 cores; run it on a quiet machine.
.PHONY: bench bench-quick bench-test bench-regen
bench:
	$(BENCH) $(GO) run ./cmd/report

# bench-quick checks the whole report pipeline in a few minutes and writes
# nothing into docs/.
bench-quick:
	$(BENCH) $(GO) run ./cmd/report -quick -o "$${TMPDIR:-/tmp}/benchmarks-quick.md"

# bench-test is the CI step: the benchmark contracts are fresh, every
# decoder agrees on the inputs, the generated decoders reject every invalid
# input with the pinned text, the go-sdk replica matches the real SDK, and
# every benchmark runs once (the end-to-end one: one call per session
# count and server).
bench-test:
	$(BENCH) $(GO) vet ./... && $(GO) test -count=1 ./... && $(GO) test -run '^$$' -bench . -benchtime=1x ./...

# bench-regen regenerates the benchmark contracts after a generator change.
bench-regen:
	$(BENCH) $(GO) run github.com/stitchgen/stitchgen/cmd/stitchgen ./contracts/...
