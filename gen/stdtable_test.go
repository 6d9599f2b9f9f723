package gen_test

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/model"
)

// stdImports are the packages the standard-types table names.
var stdImports = map[string]string{
	"json": "encoding/json", "time": "time", "stitch": "github.com/stitchgen/stitchgen/stitch",
	"netip": "net/netip", "net": "net", "big": "math/big", "regexp": "regexp", "url": "net/url",
	"sql": "database/sql",
}

// A stdRow is one row of the standard-types table of docs/contracts.md.
type stdRow struct{ goType, schema, decoder string }

// stdTable reads the rows between the table's markers.
func stdTable(t *testing.T) []stdRow {
	t.Helper()
	doc, err := os.ReadFile("../docs/contracts.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok1 := strings.Cut(string(doc), "<!-- standard-types -->\n")
	table, _, ok2 := strings.Cut(rest, "<!-- /standard-types -->")
	if !ok1 || !ok2 {
		t.Fatal("docs/contracts.md has no <!-- standard-types --> table")
	}
	var rows []stdRow
	for _, line := range strings.Split(strings.TrimSpace(table), "\n")[2:] {
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) != 3 {
			t.Fatalf("table row %q has %d cells, want 3", line, len(cells))
		}
		rows = append(rows, stdRow{
			goType:  strings.Trim(strings.TrimSpace(cells[0]), "`"),
			schema:  strings.Trim(strings.TrimSpace(cells[1]), "`"),
			decoder: strings.TrimSpace(cells[2]),
		})
	}
	return rows
}

var qualifier = regexp.MustCompile(`\b([a-z]+)\.`)

// TestStandardTypesTable generates a contract with one field of each
// type of the table and compares what the generator says with the table:
// the advertised schema of each property, and for an error row the
// diagnostic of its field.
func TestStandardTypesTable(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	rows := stdTable(t)
	if len(rows) < 20 {
		t.Fatalf("the table has %d rows; want every standard type", len(rows))
	}
	m := testmod.New(t, "example.com/stdtable")
	src := map[string]*strings.Builder{"good": {}, "bad": {}}
	imports := map[string][]string{}
	for i, r := range rows {
		pkg := "good"
		if r.schema == "error" {
			pkg = "bad"
		}
		for _, q := range qualifier.FindAllStringSubmatch(r.goType, -1) {
			path, ok := stdImports[q[1]]
			if !ok {
				t.Fatalf("row %s: no import known for %s", r.goType, q[1])
			}
			if !slices.Contains(imports[pkg], path) {
				imports[pkg] = append(imports[pkg], path)
			}
		}
		tag := fmt.Sprintf(`json:"f%d"`, i)
		if r.schema == "{}" {
			tag += ` stitch:"untyped"`
		}
		fmt.Fprintf(src[pkg], "\tF%d %s `%s`\n", i, r.goType, tag)
	}
	for pkg, fields := range src {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg)
		for _, path := range imports[pkg] {
			fmt.Fprintf(&b, "\t%q\n", path)
		}
		fmt.Fprintf(&b, ")\n\n// T has one field per row of the table.\n//\n//stitch:tool\ntype T struct {\n%s}\n", fields)
		if err := m.WriteFile(pkg+"/contract.go", []byte(b.String())); err != nil {
			t.Fatal(err)
		}
	}
	good, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./good"}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(good.Packages) != 1 || len(good.Packages[0].Tools) != 1 {
		t.Fatalf("package good was not generated; diagnostics:\n%v", good.Diagnostics)
	}
	doc := model.MustParse(string(good.Packages[0].Tools[0].Advertised)).(*model.Object)
	v, _ := doc.Get("properties")
	props := v.(*model.Object)
	bad, err := gen.Generate(gen.Config{Dir: m.Dir, Patterns: []string{"./bad"}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	diags := map[string]string{} // field → message
	for _, d := range append(good.Diagnostics, bad.Diagnostics...) {
		if !d.Warning {
			_, field, _ := strings.Cut(d.Subject, ".")
			diags[field] = d.Msg
		}
	}
	for i, r := range rows {
		field := fmt.Sprintf("F%d", i)
		if r.schema == "error" {
			want := "type " + strings.TrimPrefix(r.goType, "*") + " is not supported: " + r.decoder
			if got := diags[field]; got != want {
				t.Errorf("%s: diagnostic\n got %q\nwant %q", r.goType, got, want)
			}
			delete(diags, field)
			continue
		}
		got, _ := props.Get(fmt.Sprintf("f%d", i))
		if want := model.MustParse(r.schema); !model.Equal(got, want) {
			t.Errorf("%s: advertised %s, the table says %s", r.goType, model.MustMarshal(got), r.schema)
		}
	}
	if len(diags) > 0 {
		t.Errorf("diagnostics no row explains: %v", diags)
	}
}
