package gen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestFromScratchWithEveryName: a package whose own code already uses
// every name the generator writes into it (each package-level declaration
// and each method of the generated file, the schema constants of every
// provider profile included) generates when no generated file exists yet,
// and the package then builds. The names are read from the generator's own
// output, so a name the emitters add is covered without editing the test;
// the loader tells them from real errors by gen/names
// (names.IsGenerated, names.IsGeneratedMethod).
func TestFromScratchWithEveryName(t *testing.T) {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/scratch")
	contract := "package p\n\n// Receipt is what Greet returns.\ntype Receipt struct {\n\tText string `json:\"text\"`\n}\n\n" +
		"// Greet greets someone.\n//\n//stitch:tool output=Receipt\ntype Greet struct {\n\tName string `json:\"name\"`\n\tAge *int `json:\"age,omitempty\" jsonschema:\"minimum=0\"`\n}\n"
	write(t, m, "p/p.go", contract)
	cfg := gen.Config{Dir: m.Dir, Patterns: []string{"./p"}, Flatten: true}
	first, err := gen.Generate(cfg)
	if err != nil || len(first.Diagnostics) > 0 || len(first.Packages) != 1 {
		t.Fatalf("generate the contract alone: %v %v", err, first.Diagnostics)
	}
	uses := generatedNames(t, first.Packages[0].Content)
	// The profile constants are among them: Greet has an optional
	// property, so every provider profile's schema differs from the
	// advertised one.
	for _, p := range facts.Profiles()[1:] {
		if c := names.ProfileSchema("Greet", p.Ident); !slices.Contains(uses, "_ = "+c) {
			t.Fatalf("the generated file declares no %s; uses: %v", c, uses)
		}
	}
	service := "package p\n\nvar (\n\t" + strings.Join(uses, "\n\t") + "\n)\n"
	write(t, m, "p/service.go", service)
	again, err := gen.Generate(cfg)
	if err != nil || len(again.Diagnostics) > 0 || len(again.Packages) != 1 {
		t.Fatalf("generate with service.go using every generated name:\n%s\nerror %v, diagnostics %v", service, err, again.Diagnostics)
	}
	write(t, m, "p/stitch_gen.go", string(again.Packages[0].Content))
	if r := m.Go("", "build", "./p"); r.Err != nil || r.ExitCode != 0 {
		t.Fatalf("the package does not build: %v\n%s", r.Err, r.Stderr)
	}
}

// generatedNames returns, for each package-level name and each method the
// file declares, a var spec that uses it ("_ = Name", "_ = (*T).M").
func generatedNames(t *testing.T, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "stitch_gen.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var uses []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			switch {
			case d.Name.Name == "_":
			case d.Recv == nil:
				uses = append(uses, "_ = "+d.Name.Name)
			default:
				recv := d.Recv.List[0].Type
				if s, ok := recv.(*ast.StarExpr); ok {
					uses = append(uses, "_ = (*"+s.X.(*ast.Ident).Name+")."+d.Name.Name)
				} else {
					uses = append(uses, "_ = "+recv.(*ast.Ident).Name+"."+d.Name.Name)
				}
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if n.Name != "_" {
							uses = append(uses, "_ = "+n.Name)
						}
					}
				case *ast.TypeSpec:
					uses = append(uses, "_ "+s.Name.Name)
				}
			}
		}
	}
	sort.Strings(uses)
	return uses
}

func write(t *testing.T, m *testmod.Module, rel, src string) {
	t.Helper()
	if err := m.WriteFile(rel, []byte(src)); err != nil {
		t.Fatal(err)
	}
}
