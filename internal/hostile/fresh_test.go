package hostile

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
)

// TestContractsAreFresh regenerates the contract packages under contracts/
// in memory with the options of a plain `stitchgen ./contracts/...` run and
// fails when a checked-in stitch_gen.go differs: the hostile tests must
// exercise the decoders the current generator writes.
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
	var got []string
	for path := range files {
		rel, err := filepath.Rel(wd, path)
		if err != nil {
			rel = path
		}
		got = append(got, filepath.ToSlash(rel))
	}
	sort.Strings(got)
	want := []string{"contracts/anyjson/stitch_gen.go", "contracts/kitchen/stitch_gen.go", "contracts/limits/stitch_gen.go", "contracts/tolerant/stitch_gen.go"}
	if len(got) != len(want) {
		t.Fatalf("generated %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("generated %q, want %q", got, want)
		}
	}
	for path, content := range files {
		if !filepath.IsAbs(path) {
			path = filepath.Join(wd, path)
		}
		have, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(have, content) {
			rel, _ := filepath.Rel(wd, path)
			t.Errorf("%s is stale; run `go run github.com/stitchgen/stitchgen/cmd/stitchgen ./contracts/...` in internal/hostile", rel)
		}
	}
}
