package load

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

func TestStripBodies(t *testing.T) {
	src := generatedHeader + `

package c

import (
	"context"
	"errors"
	"fmt"
	_ "embed"
	"example.com/x/go-thing"
	rt "example.com/runtime"
	"example.com/lib/v2"
)

import "strings"

// StitchHandler handles the tools.
type StitchHandler interface {
	T(ctx context.Context, in T) (string, error)
}

var stitchPool = thing.Pool{New: func() any { return fmt.Sprint(1) }}

var stitchErr = errors.New("x")

func (x *T) UnmarshalJSON(data []byte) error {
	return strings.ToUpper(rt.X(data))
}

func stitchRun(o lib.Options) { fmt.Println(o) }
`
	want := generatedHeader + `

package c

import (
	"context"
	"errors"
	
	_ "embed"
	"example.com/x/go-thing"
	
	"example.com/lib/v2"
)



// StitchHandler handles the tools.
type StitchHandler interface {
	T(ctx context.Context, in T) (string, error)
}

var stitchPool = thing.Pool{New: func() any {}}

var stitchErr = errors.New("x")

func (x *T) UnmarshalJSON(data []byte) error 

func stitchRun(o lib.Options) 
`
	got, ok := stripBodies("stitch_gen.go", []byte(src))
	if !ok || string(got) != want {
		t.Errorf("stripBodies:\n%s\nwant:\n%s", got, want)
	}
	// A file that does not parse keeps its header and package clause.
	got, ok = stripBodies("stitch_gen.go", []byte(generatedHeader+"\n\npackage c\n\nfunc f() {\n"))
	if !ok || string(got) != generatedHeader+"\n\npackage c\n" {
		t.Errorf("broken file: %q, %v", got, ok)
	}
	if _, ok := stripBodies("stitch_gen.go", []byte(generatedHeader+"\n\npackge c\n")); ok {
		t.Error("a file without a package clause was overlaid")
	}
}

func TestAssumedName(t *testing.T) {
	for path, want := range map[string]string{
		"fmt": "fmt", "encoding/json": "json", "github.com/modelcontextprotocol/go-sdk/mcp": "mcp",
		"example.com/lib/v2": "lib", "example.com/go-thing": "thing", "example.com/thing-go": "thing",
		"gopkg.in/yaml.v3": "yaml", "example.com/a.b": "a",
	} {
		if got := assumedName(path); got != want {
			t.Errorf("assumedName(%q) = %q, want %q", path, got, want)
		}
	}
}

// previousGen is the previous output of the regeneration tests: the
// generated declarations user code may use, a runtime import that does not
// resolve (the runtime package the output will import) and an SDK import
// that does not resolve either.
const previousGen = generatedHeader + `

package c

import (
	"context"

	"example.com/nowhere/mcp"
	"github.com/stitchgen/stitchgen/stitchrt"
)

const TInputSchema = "{}"

type StitchHandler interface {
	T(ctx context.Context, in T) (string, error)
	Old(ctx context.Context, in Old) (string, error)
}

func RegisterTools(s *mcp.Server, h StitchHandler) {}

var TTool = stitchrt.Tool{Name: "t"}

func (x *T) UnmarshalJSON(data []byte) error { return stitchrt.Decode(data, x) }

func (x T) MarshalJSON() ([]byte, error) { return nil, nil }

func (x *P) UnmarshalJSON(data []byte) error { return nil }

func (x *Code) UnmarshalText(data []byte) error { return nil }

func (x *T) Validate() error { return nil }
`

// userCode uses the generated API in ways the drop rules for generated
// names do not know (RegisterTools, TTool), implements StitchHandler
// without the method of a tool it removed (Old), declares its own
// UnmarshalJSON on a type it made opaque, and has one error of its own.
const userCode = `package c

import (
	"context"
	"encoding/json"
)

//stitch:tool
type T struct {
	P    P    ` + "`json:\"p\"`" + `
	Code Code ` + "`json:\"code\"`" + `
}

//stitch:schema {"type":"object"}
type P struct{}

func (p *P) UnmarshalJSON([]byte) error { return nil }

type Code string

type impl struct{}

func (impl) T(ctx context.Context, in T) (string, error) { return "", nil }

var (
	_ json.Unmarshaler = (*T)(nil)
	_ StitchHandler    = impl{}
	_                  = RegisterTools
	_                  = TTool.Name
	_                  = len(TInputSchema)
	_ int              = "mine"
)
`

// TestRegeneration: a package whose code uses its previous output loads
// as on a first generation, with only the user's own error reported, and
// a model that nothing in the previous output changes.
func TestRegeneration(t *testing.T) {
	for _, previous := range []bool{false, true} {
		files := map[string]string{"contract.go": userCode}
		if previous {
			files["stitch_gen.go"] = previousGen
		}
		p, diags := loadSource2(t, files)
		var got []string
		for _, d := range diags {
			got = append(got, d.String())
		}
		want := []string{`contract.go:31:23: cannot use "mine" (untyped string constant) as int value in variable declaration`}
		if !previous {
			want = append([]string{"contract.go:28:23: undefined: RegisterTools", "contract.go:29:23: undefined: TTool"}, want...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("previous=%v: diagnostics\n got: %s\nwant: %s", previous, strings.Join(got, "\n      "), strings.Join(want, "\n      "))
		}
		if d := dump(p); !strings.Contains(d, "type T struct strict\n") || !strings.Contains(d, "type Code string = string") ||
			!strings.Contains(d, "type P opaque") {
			t.Errorf("previous=%v: model\n%s", previous, d)
		}
	}
}

// loadSource2 loads one package made of the given files.
func loadSource2(t *testing.T, files map[string]string) (*model.Package, []model.Diagnostic) {
	t.Helper()
	pkgs, diags, err := Load(Config{Dir: writeModule(t, files)})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("got %d packages, want 1 (diagnostics: %v)", len(pkgs), diags)
	}
	return pkgs[0], diags
}

// TestRegenerationAcrossPackages: a contract package that uses another
// one's generated API, under names the drop rules do not know, loads while
// the other's previous output declares them.
func TestRegenerationAcrossPackages(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"a/a.go":          "package a\n\n//stitch:tool\ntype A struct{}\n",
		"a/stitch_gen.go": generatedHeader + "\n\npackage a\n\nfunc RegisterTools() int { return 1 }\n",
		"b/b.go":          "package b\n\nimport \"example.com/c/a\"\n\n//stitch:tool\ntype B struct{}\n\nvar _ = a.RegisterTools()\nvar _ = a.Missing\n",
	})
	_, diags, err := Load(Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"b/b.go:9:11: undefined: a.Missing"}
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics %q, want %q", got, want)
	}
}
