package agreement

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
)

// TestContractsAreFresh regenerates the contract packages in memory with the
// options of a plain `stitchgen ./contracts/...` run and fails when a
// checked-in stitch_gen.go differs, so the agreement tests always exercise
// the decoders and schemas the current generator writes.
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
	want := "[contracts/every/stitch_gen.go contracts/mixed/stitch_gen.go]"
	if g := fmtList(got); g != want {
		t.Fatalf("generated %s, want %s", g, want)
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
			t.Errorf("%s is stale; run `go run github.com/stitchgen/stitchgen/cmd/stitchgen ./contracts/...` in internal/agreement", rel)
		}
	}
}

func fmtList(s []string) string {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, x := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x)
	}
	b.WriteByte(']')
	return b.String()
}
