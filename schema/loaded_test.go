package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/load"
	"github.com/stitchgen/stitchgen/model"
)

// conformanceDir is the shared conformance suite, relative to this package.
const conformanceDir = "../../shared/conformance"

// TestLoadedConformance loads every conformance contract with package load
// (one module, one package per case) and compares each schema.json entry
// with the flattened lossless input schema built here; every document,
// input and output, must compile. Cases rejected at generation time are
// skipped (they have no schema.json).
func TestLoadedConformance(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no shared conformance case at " + conformanceDir + ": the suite must run every one")
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), "module example.com/c\n\ngo 1.26\n")
	wants := map[string]*model.Object{} // "case/tool" → advertised schema
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range ar.Files {
			switch af.Name {
			case "contract.go":
				write(t, filepath.Join(dir, name, "contract.go"), string(af.Data))
			case "schema.json":
				obj := model.MustParse(string(af.Data)).(*model.Object)
				for _, m := range obj.Members {
					wants[name+"/"+m.Key] = m.Value.(*model.Object)
				}
			}
		}
	}
	pkgs, _, err := load.Load(load.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, p := range pkgs {
		for _, tool := range p.Tools {
			key := filepath.Base(p.Dir) + "/" + tool.Name
			t.Run(key, func(t *testing.T) {
				doc := Input(tool)
				compile(t, doc.Schema)
				if out := Output(tool); out != nil {
					compile(t, out.Schema)
				}
				want, ok := wants[key]
				if !ok {
					return
				}
				checked++
				got := flatten.Flatten(doc.Schema, flatten.Options{Declared: doc.Discriminators})
				if !model.Equal(got, want) {
					t.Errorf("advertised schema\n got %s\nwant %s\nlossless %s", model.MustMarshal(got), model.MustMarshal(want), model.MustMarshal(doc.Schema))
				}
			})
		}
	}
	if checked != len(wants) {
		t.Errorf("checked %d schema.json entries, want %d", checked, len(wants))
	}
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
