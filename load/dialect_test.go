package load

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// TestDialectGoSDK: under //stitch:dialect gosdk the whole jsonschema tag
// is the property's description, verbatim (commas and "=" after a space
// included), replacing the doc comment; jsonschema_extras still adds x-
// keywords; the go-sdk's own refusals are positioned errors.
func TestDialectGoSDK(t *testing.T) {
	p := mustLoadFiles(t, map[string]string{
		"doc.go": "// Package c is served with the go-sdk.\n//\n//stitch:dialect gosdk\npackage c\n",
		"contract.go": "package c\n\n//stitch:tool\ntype T struct {\n" +
			"\t// Ignored: the tag wins.\n" +
			"\tName string `json:\"name\" jsonschema:\"the user's name, e.g. minLength=3\"`\n" +
			"\tAge  int    `json:\"age,omitempty\" jsonschema:\"age in years\" jsonschema_extras:\"x-unit=years\"`\n" +
			"\t// Kept: no tag.\n" +
			"\tNote string `json:\"note\"`\n}\n",
	})
	fs := p.Tools[0].Input.Struct.Fields
	var got []string
	for _, f := range fs {
		x := ""
		for _, e := range f.Extras {
			x += " " + e.Key + "=" + e.Value
		}
		got = append(got, f.JSONName+": "+f.Description+x+" check="+boolWord(f.Check.IsZero()))
	}
	want := []string{
		"name: the user's name, e.g. minLength=3 check=none",
		`age: age in years x-unit="years" check=none`,
		"note: Kept: no tag. check=none",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("fields:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func boolWord(zero bool) string {
	if zero {
		return "none"
	}
	return "some"
}

func TestDialectErrors(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/doc.go": "//stitch:dialect gosdk\npackage a\n",
		"a/x.go": "//stitch:dialect gosdk\npackage a\n\n//stitch:tool\ntype T struct {\n" +
			"\tA string `json:\"a\" jsonschema:\"\"`\n" +
			"\tB int    `json:\"b\" jsonschema:\"minimum=1\"`\n" +
			"\tC int    `json:\"c\" jsonschema:\"the count\"`\n}\n",
		"b/doc.go": "//stitch:dialect invopop\npackage b\n\n//stitch:tool\ntype T struct{}\n",
		"c/doc.go": "// stitch:dialect gosdk\npackage c\n\n//stitch:tool\ntype T struct{}\n",
	})
	_, diags, err := Load(Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	want := `a/x.go:1:1: package a: second //stitch:dialect in the package (the first is at a/doc.go:1:1); keep one
a/x.go:6:2: field T.A: under //stitch:dialect gosdk the jsonschema tag is the description, and the go-sdk refuses an empty one; write the description or remove the tag
a/x.go:7:2: field T.B: under //stitch:dialect gosdk the jsonschema tag is the description, and the go-sdk refuses one that begins with WORD= ("minimum=1"); reword it (constraints cannot be written in this dialect)
b/doc.go:1:1: package b: //stitch:dialect takes one dialect, gosdk (the jsonschema tag is the description, as the official MCP Go SDK reads it); the default, invopop's keywords, needs no directive
c/doc.go:1:1: package c: "// stitch:dialect gosdk" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:dialect gosdk
`
	if got := diagText(diags); got != want {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
	}
}

// mustLoadFiles loads one package made of the given files, which must have
// no diagnostics.
func mustLoadFiles(t *testing.T, files map[string]string) *model.Package {
	t.Helper()
	pkgs, diags, err := Load(Config{Dir: writeModule(t, files)})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%d packages, diagnostics:\n%s", len(pkgs), diagText(diags))
	}
	return pkgs[0]
}

// TestDialectPerPackage: a type's tags are read in the dialect of the
// package that declares it, whichever package uses it: a shared package in
// the go-sdk dialect keeps its tag as the description under a tool package
// in the default dialect, and the tool package's own invopop keywords stay
// constraints.
func TestDialectPerPackage(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"common/common.go": "// Package common is written for the go-sdk.\n//\n//stitch:dialect gosdk\npackage common\n\n" +
			"type Address struct {\n\tZip string `json:\"zip\" jsonschema:\"postal code, e.g. 10115\"`\n}\n",
		"tool/tool.go": "package tool\n\nimport \"example.com/c/common\"\n\n// Ship ships.\n//\n//stitch:tool\n" +
			"type Ship struct {\n\tTo common.Address `json:\"to\"`\n\tN int `json:\"n\" jsonschema:\"minimum=1\"`\n}\n",
	})
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./tool"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%d packages, diagnostics:\n%s", len(pkgs), diagText(diags))
	}
	fs := pkgs[0].Tools[0].Input.Struct.Fields
	zip := fs[0].Type.Struct.Fields[0]
	got := []string{
		"zip: " + zip.Description + " check=" + boolWord(zip.Check.IsZero()),
		"n: " + fs[1].Description + " check=" + boolWord(fs[1].Check.IsZero()),
	}
	want := []string{"zip: postal code, e.g. 10115 check=none", "n:  check=some"}
	if !slices.Equal(got, want) {
		t.Errorf("fields:\n got %q\nwant %q", got, want)
	}
}
