# stitchgen — the commands a developer and CI run. `make test` is what CI runs.
GO ?= go
FUZZTIME ?= 10s

.PHONY: demo test setup vet gotest race ts-test fuzz-smoke fuzz generate

demo: generate
	$(GO) run ./examples/demo

generate:
	$(GO) run ./cmd/stitchgen ./examples/...

# The whole suite: vet, every Go test (goldens, conformance, examples, e2e with
# the Go SDK client), the TypeScript SDK client test, and a fuzz smoke run.
test: setup vet gotest race ts-test fuzz-smoke

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

# A short run of every fuzz target (seed corpora are in testdata/fuzz).
fuzz-smoke:
	FUZZTIME=$(FUZZTIME) bash scripts/fuzz.sh

# Long fuzzing: FUZZTIME per target (default 10m).
fuzz:
	FUZZTIME=$${FUZZTIME:-10m} bash scripts/fuzz.sh
