package profile_test

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/profile"
)

// FuzzProject feeds arbitrary JSON to every profile and to Lint: no panic,
// no error for a schema object, the input unchanged, the same bytes on a
// second run, and every result in a profile's own form (strict, or
// Gemini's typed Schema) accepted by that provider's checker (names
// aside: no projection renames a property, Lint reports them). Seeds:
// testdata/fuzz/FuzzProject (the corpus schemas and odd documents).
func FuzzProject(f *testing.F) {
	f.Add([]byte(`{"type":"object","properties":{"a":{"type":["string","null"]}},"required":["a"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := model.Parse(data)
		if err != nil {
			return
		}
		doc, ok := v.(*model.Object)
		if !ok {
			return
		}
		src := string(model.MustMarshal(doc))
		profile.Lint("t", doc)
		for _, name := range profile.Names() {
			r, err := profile.Project(name, "t", doc)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out, err := model.Marshal(r.Schema)
			if err != nil {
				t.Fatalf("%s: the result does not marshal: %v", name, err)
			}
			again, _ := profile.Project(name, "t", doc)
			if string(model.MustMarshal(again.Schema)) != string(out) {
				t.Fatalf("%s: two runs differ", name)
			}
			if string(model.MustMarshal(doc)) != src {
				t.Fatalf("%s: Project modified its input", name)
			}
			if r.Strict || r.Dialect == profile.OpenAPI {
				if ps := acceptsShape(name, r); len(ps) > 0 {
					t.Fatalf("%s: the checker rejects %s:\n%v", name, out, ps)
				}
			}
		}
	})
}
