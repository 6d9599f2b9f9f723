package flatten

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports keeps flatten a pure JSON-to-JSON function: its non-test
// files import the standard library and package model only.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, imp := range pkg.Imports {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && imp != "github.com/stitchgen/stitchgen/model" {
			t.Errorf("flatten imports %s; it may import only the standard library and model", imp)
		}
	}
}
