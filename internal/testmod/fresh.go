package testmod

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
)

// CheckFresh regenerates the packages matching patterns (relative to dir)
// in memory, with the options of a plain `stitchgen` run, reports every
// diagnostic and every checked-in generated file that differs as a test
// error, and returns the generated files' paths relative to dir, sorted.
// It keeps the checked-in generated code that tests exercise honest.
func CheckFresh(tb testing.TB, dir string, patterns ...string) []string {
	tb.Helper()
	res, err := gen.Generate(gen.Config{Dir: dir, Patterns: patterns, Flatten: true})
	if err != nil {
		tb.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		tb.Errorf("diagnostic: %s", d.String())
	}
	var rels []string
	for path, content := range res.Files() {
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, path)
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			rel = path
		}
		rel = filepath.ToSlash(rel)
		rels = append(rels, rel)
		have, err := os.ReadFile(path)
		if err != nil {
			tb.Errorf("%s: %v", rel, err)
			continue
		}
		if !bytes.Equal(have, content) {
			tb.Errorf("%s is stale; run `go run github.com/stitchgen/stitchgen/cmd/stitchgen %s` in %s", rel, strings.Join(patterns, " "), filepath.Base(dir))
		}
	}
	sort.Strings(rels)
	return rels
}
