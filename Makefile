# stitchgen — the commands a developer and CI run. `make test` is what CI runs.
GO ?= go
FUZZTIME ?= 30s

.PHONY: demo test setup vet gotest race ts-test fuzz-smoke fuzz generate

demo: generate
	$(GO) run ./examples/demo

generate:
	$(GO) run ./cmd/stitchgen ./examples/...

# The whole suite: vet, every Go test (goldens, conformance, examples, e2e with
# the Go SDK client), the serving tests under -race, the TypeScript SDK client
# test, the bench module's correctness tests, and a fuzz smoke run.
test: setup vet gotest race ts-test bench-test fuzz-smoke

setup:
	cd e2e/ts && npm ci --no-audit --no-fund --loglevel=error

vet:
	$(GO) vet ./...

gotest:
	$(GO) test -count=1 ./...

# The serving tests again under the race detector (parallel clients).
race:
	$(GO) test -count=1 -race ./e2e/... ./gen/serve/...

# The foreign client: the TypeScript MCP SDK starts the examples over stdio.
ts-test:
	cd e2e/ts && npm test

# A short run of every fuzz target from its committed seeds (testdata/fuzz).
fuzz-smoke:
	FUZZ_FRESH_CACHE=1 FUZZTIME=$(FUZZTIME) bash scripts/fuzz.sh

# Long fuzzing: FUZZTIME per target (default 10m).
fuzz:
	FUZZTIME=$${FUZZTIME:-10m} bash scripts/fuzz.sh

# --- benchmarks (internal/bench is a separate module: its comparison
# dependencies never reach users of stitchgen; `go test ./...` at the root
# does not enter it, and go.work leaves it out, so every go command there
# runs with GOWORK=off) ---
BENCH = cd internal/bench && export GOWORK=off &&

# bench runs the decode benchmarks interleaved (-count=10) and the
# generation/compile measurement, and rewrites docs/benchmarks.md from
# that run. Takes ~15 minutes on 2 cores; run it on a quiet machine.
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
# every benchmark runs once.
bench-test:
	$(BENCH) $(GO) vet ./... && $(GO) test -count=1 ./... && $(GO) test -run '^$$' -bench . -benchtime=1x ./...

# bench-regen regenerates the benchmark contracts after a generator change.
bench-regen:
	$(BENCH) $(GO) run github.com/stitchgen/stitchgen/cmd/stitchgen ./contracts/...
