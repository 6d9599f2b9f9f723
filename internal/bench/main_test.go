package bench

import (
	"fmt"
	"os"
	"testing"
)

// TestMain runs the tests, or, when the environment asks for it, serves
// the end-to-end benchmark's servers (BenchmarkEndToEnd starts the test
// binary again as its server process).
func TestMain(m *testing.M) {
	if impl := os.Getenv(e2eServeEnv); impl != "" {
		if err := serveE2E(impl); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
