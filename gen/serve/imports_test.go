package serve

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// isStd reports whether an import path belongs to the standard library.
func isStd(path string) bool { return !strings.Contains(strings.Split(path, "/")[0], ".") }

// TestEmittedImports pins SPEC §3: the emitted code imports only the
// standard library and, for the adapter, the MCP SDK.
func TestEmittedImports(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "emitted.go", render(t, fixturePackage(), Options{}), parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if !isStd(path) && path != pathMCP {
			t.Errorf("emitted code imports %s", path)
		}
	}
}

// TestPackageImports pins doc.go: package serve imports only the standard
// library, jennifer and model.
func TestPackageImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"github.com/dave/jennifer/jen": true, "github.com/stitchgen/stitchgen/model": true}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if !isStd(path) && !allowed[path] {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}
