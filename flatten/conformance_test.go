package flatten

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/stitchgen/stitchgen/model"
)

// conformanceDir holds the shared black-box cases (see the project README).
const conformanceDir = "../../shared/conformance"

// TestConformanceSchemas reproduces every advertised schema.json of the
// shared conformance cases from a hand-written lossless input in
// testdata/conformance/<case>.json ({"tool": {"lossless": ..., "declared":
// {...}}}). A case without such a file has no union: its advertised schema
// is its lossless schema, so flattening must return it unchanged.
func TestConformanceSchemas(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no shared conformance case at " + conformanceDir + ": the suite must run every one")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		want := schemaSection(t, file)
		if want == nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			inputs := losslessInputs(t, name, want)
			for _, tool := range want.Keys() {
				in, ok := inputs.Get(tool)
				if !ok {
					t.Fatalf("tool %s: no lossless input", tool)
				}
				lossless, declared := splitInput(t, in.(*model.Object))
				got := Flatten(lossless, Options{Declared: declared})
				w, _ := want.Get(tool)
				if !model.Equal(got, w) {
					t.Errorf("tool %s:\n got %s\nwant %s", tool, model.MustMarshal(got), model.MustMarshal(w))
				}
			}
		})
	}
}

func schemaSection(t *testing.T, file string) *model.Object {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		if f.Name == "schema.json" {
			return mustParse(t, string(f.Data)).(*model.Object)
		}
	}
	return nil
}

// losslessInputs reads testdata/conformance/<name>.json, or derives the
// identity inputs from want when the case has no union.
func losslessInputs(t *testing.T, name string, want *model.Object) *model.Object {
	data, err := os.ReadFile(filepath.Join("testdata", "conformance", name+".json"))
	if os.IsNotExist(err) {
		in := &model.Object{}
		for _, m := range want.Members {
			if strings.Contains(string(model.MustMarshal(m.Value)), `"oneOf"`) {
				t.Fatalf("tool %s has a union but no hand-written lossless input", m.Key)
			}
			in.Set(m.Key, model.NewObject("lossless", model.Clone(m.Value)))
		}
		return in
	}
	if err != nil {
		t.Fatal(err)
	}
	return mustParse(t, string(data)).(*model.Object)
}

func splitInput(t *testing.T, in *model.Object) (any, map[string]string) {
	lossless, ok := in.Get("lossless")
	if !ok {
		t.Fatal(`input without "lossless"`)
	}
	var declared map[string]string
	if d, ok := in.Get("declared"); ok {
		declared = map[string]string{}
		for _, m := range d.(*model.Object).Members {
			declared[m.Key] = m.Value.(string)
		}
	}
	return lossless, declared
}

func mustParse(t *testing.T, s string) any {
	t.Helper()
	v, err := model.Parse([]byte(s))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, s)
	}
	return v
}
