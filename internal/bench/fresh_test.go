package bench

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
)

// TestContractsAreFresh regenerates the benchmark contracts in memory with
// the options of a plain `stitchgen ./contracts/...` run and fails when a
// checked-in stitch_gen.go differs: the benchmarks must time the decoders
// that the current generator writes.
func TestContractsAreFresh(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(gen.Config{Dir: wd, Patterns: []string{"./contracts/..."},
		Policy: model.Strict, Flatten: true, MCP: "gosdk"})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		t.Errorf("diagnostic: %s", d.String())
	}
	files := res.Files()
	if len(files) != 3 {
		t.Fatalf("generated %d files, want 3 (contracts s, u, l)", len(files))
	}
	for path, want := range files {
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, want) {
			rel, _ := filepath.Rel(wd, path)
			t.Errorf("%s is stale; run `go run github.com/stitchgen/stitchgen/cmd/stitchgen ./contracts/...` in internal/bench", rel)
		}
	}
}
