package gen_test

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestNameClashes: a user declaration named like an import or a
// declaration of the generated file is a positioned diagnostic, not a
// generated file that fails to compile.
func TestNameClashes(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/clash")
	src := "package p\n\ntype strconv struct{}\n\nvar StitchTools = 1\n\n// T is a tool.\n//\n//stitch:tool\ntype T struct {\n\tB int `json:\"b\"`\n}\n"
	if err := m.WriteFile("p/p.go", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./p"}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.String())
	}
	want := []string{
		`p/p.go:3:6: identifier strconv: clashes with the import of package "strconv" in the generated stitch_gen.go; rename it (names starting with Stitch or stitch are reserved for generated code)`,
		`p/p.go:5:5: identifier StitchTools: clashes with func StitchTools in the generated stitch_gen.go; rename it (names starting with Stitch or stitch are reserved for generated code)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(res.Packages) != 0 {
		t.Errorf("a run with clashes returned %d packages to write", len(res.Packages))
	}
}
