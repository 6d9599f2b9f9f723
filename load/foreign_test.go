package load

import (
	"slices"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// TestForeignStems: the stems of other packages' types and of
// instantiations are unique in the package, in a fixed order: a type of
// the package that already has the stem keeps its name, two packages named
// common get _2, and only the types of other packages (and instantiations)
// get a stem.
func TestForeignStems(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/common/common.go": "package common\n\ntype Address struct {\n\tZip string `json:\"zip\"`\n}\n",
		"b/common/common.go": "package common\n\ntype Address struct {\n\tStreet string `json:\"street\"`\n}\n\ntype Page[T any] struct {\n\tEntries []T `json:\"entries\"`\n}\n",
		"tool/tool.go": `package tool

import (
	ca "example.com/c/a/common"
	cb "example.com/c/b/common"
)

// Ship ships.
//
//stitch:tool
type Ship struct {
	A    ca.Address         ` + "`json:\"a\"`" + `
	B    cb.Address         ` + "`json:\"b\"`" + `
	Own  Common_Address     ` + "`json:\"own\"`" + `
	Page cb.Page[ca.Address] ` + "`json:\"page\"`" + `
}

type Common_Address struct {
	X int ` + "`json:\"x\"`" + `
}
`,
	})
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./tool"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%d packages, diagnostics:\n%s", len(pkgs), diagText(diags))
	}
	var got []string
	for _, ty := range pkgs[0].Types {
		got = append(got, ty.PkgPath+"."+ty.InstanceName()+" → "+ty.Stem())
	}
	want := []string{
		"example.com/c/a/common.Address → Common_Address_2",
		"example.com/c/b/common.Address → Common_Address_3",
		"example.com/c/b/common.Page_Address → Common_Page_Address",
		"example.com/c/tool.Ship → Ship",
		"example.com/c/tool.Common_Address → Common_Address",
	}
	if !slices.Equal(got, want) {
		t.Errorf("stems:\n got %q\nwant %q", got, want)
	}
}

// TestForeignStemUnicodePackage: a package name that starts with a
// letter outside ASCII is capitalized as a letter, not as its first byte.
func TestForeignStemUnicodePackage(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"grosse/grosse.go": "package über\n\ntype Maß struct {\n\tCM int `json:\"cm\"`\n}\n",
		"tool/tool.go": `package tool

import "example.com/c/grosse"

// Fit fits.
//
//stitch:tool
type Fit struct {
	Size über.Maß ` + "`json:\"size\"`" + `
}
`,
	})
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./tool"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%d packages, diagnostics:\n%s", len(pkgs), diagText(diags))
	}
	var got []string
	for _, ty := range pkgs[0].Types {
		got = append(got, ty.Stem())
	}
	if want := []string{"Über_Maß", "Fit"}; !slices.Equal(got, want) {
		t.Errorf("stems: got %q, want %q", got, want)
	}
}

// TestForeignPolicy: stitchgen -policy is the default of the generated
// package's own structs; another package's struct keeps its own directive,
// strict without one.
func TestForeignPolicy(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"common/common.go": "package common\n\ntype Plain struct {\n\tA string `json:\"a\"`\n}\n\n//stitch:strip\ntype Stripped struct {\n\tB string `json:\"b\"`\n}\n",
		"tool/tool.go": `package tool

import "example.com/c/common"

// Ship ships.
//
//stitch:tool
type Ship struct {
	P common.Plain    ` + "`json:\"p\"`" + `
	S common.Stripped ` + "`json:\"s\"`" + `
}
`,
	})
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./tool"}, Policy: model.Strip})
	if err != nil || len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%v, %d packages, diagnostics:\n%s", err, len(pkgs), diagText(diags))
	}
	var got []string
	for _, ty := range pkgs[0].Types {
		got = append(got, ty.Name+" "+ty.Struct.Policy.String())
	}
	if want := []string{"Plain strict", "Stripped strip", "Ship strip"}; !slices.Equal(got, want) {
		t.Errorf("policies %q, want %q", got, want)
	}
}

// TestForeignIdentity: a package checked from source because a type
// declaration names it (common) is also what the export data of another
// import (svc, which takes a common.Address) refers to, so the tool
// package's code that passes one to the other type-checks.
func TestForeignIdentity(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"common/common.go": "package common\n\ntype Address struct {\n\tZip string `json:\"zip\"`\n}\n",
		"svc/svc.go":       "package svc\n\nimport \"example.com/c/common\"\n\nfunc Ship(a common.Address) string { return a.Zip }\n",
		"tool/tool.go": `package tool

import (
	"example.com/c/common"
	"example.com/c/svc"
)

// Ship ships.
//
//stitch:tool
type Ship struct {
	To common.Address ` + "`json:\"to\"`" + `
}

func (s Ship) Run() string { return svc.Ship(s.To) }
`,
	})
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./tool"}})
	if err != nil || len(diags) > 0 || len(pkgs) != 1 {
		t.Fatalf("%v, %d packages, diagnostics:\n%s", err, len(pkgs), diagText(diags))
	}
}
