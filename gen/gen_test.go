package gen_test

import (
	"bytes"
	"go/format"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/model"
)

// A contract spread over several files, with the features whose output
// order could depend on file order: tools, unions and their variants,
// recursive types in $defs, shared named types.
var multiFile = map[string]string{
	"a.go": `package shop

// PlaceOrder places an order.
//
//stitch:tool place_order
type PlaceOrder struct {
	Items    []Item   ` + "`json:\"items\" jsonschema:\"minItems=1\"`" + `
	Delivery Delivery ` + "`json:\"delivery\"`" + `
}

// Delivery says how the order arrives.
//
//stitch:union method
type Delivery interface{ isDelivery() }
`,
	"b.go": `package shop

//stitch:variant courier
type Courier struct {
	Address string ` + "`json:\"address\"`" + `
}

func (Courier) isDelivery() {}

// Item is one line.
type Item struct {
	SKU string ` + "`json:\"sku\"`" + `
}
`,
	"c.go": `package shop

//stitch:variant pickup store
type Pickup struct {
	Method  string ` + "`json:\"method\"`" + `
	StoreID int    ` + "`json:\"storeId\" jsonschema:\"minimum=0\"`" + `
}

func (*Pickup) isDelivery() {}

// BuildTree stores a tree.
//
//stitch:tool
type BuildTree struct {
	Root Node ` + "`json:\"root\"`" + `
}

type Node struct {
	Name     string ` + "`json:\"name\"`" + `
	Children []Node ` + "`json:\"children,omitempty\"`" + `
}
`,
}

func generate(t *testing.T, dir string, reverse bool) map[string][]byte {
	t.Helper()
	res, err := gen.Generate(gen.Config{Dir: dir, Patterns: []string{"./..."}, Flatten: true, ReverseFiles: reverse})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Diagnostics) > 0 {
		var b strings.Builder
		for _, d := range res.Diagnostics {
			b.WriteString(d.String() + "\n")
		}
		t.Fatalf("diagnostics:\n%s", b.String())
	}
	return res.Files()
}

// TestDeterminism generates the same packages three times, once with their
// files processed in reverse order, and compares the bytes.
func TestDeterminism(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/det")
	// Three copies of the package, so that packages render concurrently.
	for _, pkg := range []string{"shop", "shop2", "shop3"} {
		for name, src := range multiFile {
			src = strings.Replace(src, "package shop\n", "package "+pkg+"\n", 1)
			if err := m.WriteFile(pkg+"/"+name, []byte(src)); err != nil {
				t.Fatal(err)
			}
		}
	}
	first := generate(t, m.Dir, false)
	if len(first) != 3 {
		t.Fatalf("generated %d files, want 3", len(first))
	}
	for _, reverse := range []bool{false, true} {
		again := generate(t, m.Dir, reverse)
		for path, want := range first {
			if got := again[path]; !bytes.Equal(got, want) {
				t.Errorf("reverse=%v: %s differs between runs", reverse, path)
			}
		}
	}
	for _, content := range first {
		if !bytes.HasPrefix(content, []byte(gen.Header+"\n")) {
			t.Errorf("generated file does not start with the header line:\n%.200s", content)
		}
		// The runtime part is appended pre-formatted; the whole file must
		// still be exactly what gofmt writes.
		if formatted, err := format.Source(content); err != nil || !bytes.Equal(formatted, content) {
			t.Errorf("generated file is not gofmt-clean (err %v)", err)
		}
	}
}

// TestManifestShape checks the manifest is the tools/list shape with the
// served schema bytes embedded verbatim.
func TestManifestShape(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/man")
	for name, src := range multiFile {
		if err := m.WriteFile("shop/"+name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	res, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./shop"}, Flatten: true})
	if err != nil || len(res.Packages) != 1 {
		t.Fatalf("generate: %v, %d packages, diagnostics %v", err, len(res.Packages), res.Diagnostics)
	}
	doc, err := model.Parse(res.Manifest())
	if err != nil {
		t.Fatalf("manifest is not JSON: %v", err)
	}
	tools, _ := doc.(*model.Object).Get("tools")
	list, _ := tools.([]any)
	var names []string
	for i, tl := range list {
		o := tl.(*model.Object)
		name, _ := o.Get("name")
		names = append(names, name.(string))
		if got := strings.Join(o.Keys(), ","); got != "name,description,inputSchema" {
			t.Errorf("tool %d keys %s, want name,description,inputSchema", i, got)
		}
		in, _ := o.Get("inputSchema")
		served := res.Packages[0].Tools[1-i].Advertised // source order is place_order, build_tree
		if !bytes.Contains(res.Manifest(), served) || !model.Equal(in, model.MustParse(string(served))) {
			t.Errorf("tool %s: manifest inputSchema is not the served bytes", name)
		}
	}
	if got := strings.Join(names, ","); got != "build_tree,place_order" {
		t.Errorf("tools %s, want build_tree,place_order (sorted by name, as the go-sdk lists them)", got)
	}
}

// TestDiagnosticsFromEveryStage: loader errors do not hide the findings of
// the schema checks (docs/contracts.md collects every problem). A tool whose model
// an error left incomplete is not checked, so it adds no follow-on finding
// (u's free-form field, v's property whose untyped option is misspelled).
func TestDiagnosticsFromEveryStage(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/stages")
	src := `package stages

// T has a bad pattern and a non-portable format.
//
//stitch:tool
type T struct {
	Code  string ` + "`json:\"code\" jsonschema:\"pattern=a**\"`" + `
	Phone string ` + "`json:\"phone\" jsonschema:\"format=phone\"`" + `
}

// U has a field no schema can carry.
//
//stitch:tool
type U struct {
	C     chan int ` + "`json:\"c\"`" + `
	Phone string   ` + "`json:\"phone\" jsonschema:\"format=phone\"`" + `
	Any   any      ` + "`json:\"any\"`" + `
}

// V misspells an option.
//
//stitch:tool
type V struct {
	Any any ` + "`json:\"any\" stitch:\"untypd\"`" + `
}
`
	if err := m.WriteFile("stages/contract.go", []byte(src)); err != nil {
		t.Fatal(err)
	}
	res, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./..."}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range res.Diagnostics {
		got = append(got, d.String())
	}
	want := []string{
		"stages/contract.go:7:2: field T.Code: pattern=a** is not a valid RE2 regular expression: error parsing regexp: invalid nested repetition operator: `**`",
		`stages/contract.go:8:2: t.phone: format "phone" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=phone`,
		`stages/contract.go:15:2: field U.C: channel type chan int cannot be carried in JSON; remove the field or hide it with json:"-"`,
		`stages/contract.go:24:2: field V.Any: unknown stitch option "untypd" (known: coerce, trim, lower, upper, catch, catchall, untyped)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
	if len(res.Packages) != 0 {
		t.Errorf("rendered %d packages despite errors", len(res.Packages))
	}
}
