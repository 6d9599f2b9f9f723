package hostile

import (
	"fmt"
	"math/rand"
	"strings"
)

// cleanFragments are pieces of contract source, each valid Go and a valid
// contract, that stress the loader and the later stages: cycles through
// unions, embedded pointers, deep nesting, odd names. %[1]s is a suffix that
// keeps the Go names of different fragments in one package apart.
var cleanFragments = []string{
	// A union whose variant contains the union (a cycle through a union).
	`//stitch:tool
type Tool%[1]s struct{ Expr Expr%[1]s ` + "`json:\"expr\"`" + ` }

//stitch:union op
type Expr%[1]s interface{ isExpr%[1]s() }

//stitch:variant add
type Add%[1]s struct {
	L Expr%[1]s ` + "`json:\"l\"`" + `
	R []Expr%[1]s ` + "`json:\"r,omitempty\"`" + `
	M map[string]Expr%[1]s ` + "`json:\"m,omitempty\"`" + `
}

//stitch:variant lit
type Lit%[1]s struct{ V *Expr%[1]s ` + "`json:\"v\" jsonschema:\"nullable\"`" + ` }

func (Add%[1]s) isExpr%[1]s() {}
func (*Lit%[1]s) isExpr%[1]s() {}
`,
	// An untagged union of named scalars and a struct, two of them strings.
	`//stitch:tool
type Pick%[1]s struct{ V Val%[1]s ` + "`json:\"v\"`" + ` }

//stitch:union
type Val%[1]s interface{ isVal%[1]s() }

type S1%[1]s string
type S2%[1]s string
type N%[1]s float64
type P%[1]s struct{ X int ` + "`json:\"x\"`" + ` }

func (S1%[1]s) isVal%[1]s() {}
func (S2%[1]s) isVal%[1]s() {}
func (N%[1]s) isVal%[1]s()  {}
func (P%[1]s) isVal%[1]s()  {}
`,
	// Embedded pointers, a cycle through embedding, an embedded non-struct.
	`type Base%[1]s struct {
	*More%[1]s
	ID string ` + "`json:\"id\"`" + `
}
type More%[1]s struct {
	*Base%[1]s
	Note string ` + "`json:\"note,omitempty\"`" + `
}
type Count%[1]s int

//stitch:tool
type Emb%[1]s struct {
	*Base%[1]s
	Count%[1]s
	Name string ` + "`json:\"name\"`" + `
}
`,
	// A struct that recurses through a map and a slice.
	`//stitch:tool
type Rec%[1]s struct {
	Kids map[string]Rec%[1]s ` + "`json:\"kids\"`" + `
	List []*Rec%[1]s ` + "`json:\"list,omitempty\"`" + `
}
`,
	// Deeply nested slices and maps.
	`//stitch:tool
type Deep%[1]s struct {
	V [][][][][][][][][][][][][][][][][][][][][][][][][][][][][][]int ` + "`json:\"v\"`" + `
	M map[string]map[string]map[string]map[string]map[string]map[string][]*[]map[string]bool ` + "`json:\"m\"`" + `
}
`,
	// Union variants with pointer receivers, a multi-value variant that
	// declares its discriminator, a nullable union, odd JSON names.
	`//stitch:tool
type Odd%[1]s struct {
	Sh   Sh%[1]s ` + "`json:\"sh\"`" + `
	Opt  Sh%[1]s ` + "`json:\"opt\" jsonschema:\"nullable\"`" + `
	Uni  string ` + "`json:\"ключ\"`" + `
	Ptr  string ` + "`json:\"a/b~c\"`" + `
	HTML string ` + "`json:\"<&>\"`" + `
	Sp   string ` + "`json:\"with space\"`" + `
}

//stitch:union type
type Sh%[1]s interface{ isSh%[1]s() }

//stitch:variant a b c
type V1%[1]s struct {
	Type string ` + "`json:\"type\"`" + `
	N    int ` + "`json:\"n\" jsonschema:\"enum=1,enum=2\"`" + `
}

//stitch:variant d
//stitch:strip
type V2%[1]s struct{ Issues []string ` + "`json:\"issues\"`" + ` }

func (*V1%[1]s) isSh%[1]s() {}
func (*V2%[1]s) isSh%[1]s() {}
`,
	// Names a reviewer might fear: a field called Issues or Error, types
	// called Tool, Handler and Error, a method Validate on several types.
	`type Error%[1]s struct{ Error string ` + "`json:\"error\"`" + ` }

func (e Error%[1]s) Validate() error { return nil }

//stitch:tool
//stitch:strip
type Handler%[1]s struct {
	Issues []Error%[1]s ` + "`json:\"issues\" jsonschema:\"maxItems=2\"`" + `
	Tool   *Error%[1]s ` + "`json:\"tool,omitempty\"`" + `
	Code   string ` + "`json:\"code\" jsonschema:\"default=x\"`" + `
}

func (h *Handler%[1]s) Validate() error { return nil }
`,
	// Everything optional, nullable or defaulted.
	`//stitch:tool output=Opt%[1]s
type Opt%[1]s struct {
	A *int ` + "`json:\"a,omitempty\" jsonschema:\"nullable,default=3\"`" + `
	B []string ` + "`json:\"b,omitempty\" jsonschema:\"default=[\\\"x\\\"]\"`" + `
	C *bool ` + "`json:\"c\" jsonschema:\"nullable\"`" + `
	D float64 ` + "`json:\"d,omitzero\" jsonschema:\"minimum=-1.5,maximum=1e3,multipleOf=0.5\"`" + `
	E map[string]*string ` + "`json:\"e,omitempty\"`" + `
}
`,
}

// faultyFragments are like cleanFragments, but each has contract mistakes
// the generator must report with positions.
var faultyFragments = []string{
	// Two promoted fields with the same JSON name at the same depth.
	`type A%[1]s struct{ X int ` + "`json:\"x\"`" + ` }
type B%[1]s struct{ Y int ` + "`json:\"x\"`" + ` }

//stitch:tool
type Clash%[1]s struct {
	A%[1]s
	B%[1]s
}
`,
	// Generic types: a generic field type and a generic tool.
	`type Box%[1]s[T any] struct{ V T ` + "`json:\"v\"`" + ` }

//stitch:tool
type Gen%[1]s struct {
	I Box%[1]s[int] ` + "`json:\"i\"`" + `
	S Box%[1]s[[]string] ` + "`json:\"s\"`" + `
}

//stitch:tool
type GenTool%[1]s[T any] struct{ V T ` + "`json:\"v\"`" + ` }
`,
	// Anonymous structs, nested.
	`//stitch:tool
type Anon%[1]s struct {
	Outer struct {
		Inner struct {
			Leaf []struct{ K string ` + "`json:\"k\"`" + ` } ` + "`json:\"leaf\"`" + `
		} ` + "`json:\"inner\"`" + `
		P *struct{ Q int ` + "`json:\"q\"`" + ` } ` + "`json:\"p\" jsonschema:\"nullable\"`" + `
	} ` + "`json:\"outer\"`" + `
}
`,
	// Types the generator cannot express.
	`//stitch:tool
type Bad%[1]s struct {
	C chan int ` + "`json:\"c\"`" + `
	F func() ` + "`json:\"f\"`" + `
	X complex128 ` + "`json:\"x\"`" + `
	M map[int]string ` + "`json:\"m\"`" + `
	A any ` + "`json:\"a\"`" + `
}
`,
	// A user type that already has the methods the generator writes.
	`//stitch:tool
type Own%[1]s struct{ A int ` + "`json:\"a\"`" + ` }

func (o *Own%[1]s) UnmarshalJSON(b []byte) error { return nil }
func (o Own%[1]s) MarshalJSON() ([]byte, error)  { return []byte("{}"), nil }
`,
	// Opaque schema: well-formed, malformed, without a decoder.
	`//stitch:schema {"type":"string","pattern":"^x"}
type Opq%[1]s struct{ s string }

func (o *Opq%[1]s) UnmarshalJSON(b []byte) error { o.s = string(b); return nil }
func (o Opq%[1]s) MarshalJSON() ([]byte, error)  { return []byte(` + "`\"x\"`" + `), nil }

//stitch:schema {"type":
type OpqBad%[1]s struct{}

//stitch:schema {"type":"integer"}
type OpqNoDec%[1]s struct{}

//stitch:tool
type UseOpq%[1]s struct {
	A Opq%[1]s ` + "`json:\"a\"`" + `
	B OpqBad%[1]s ` + "`json:\"b\"`" + `
	C OpqNoDec%[1]s ` + "`json:\"c\"`" + `
}
`,
	// Policies: conflicting, loose without a catchall, catchall misuse.
	`//stitch:tool
//stitch:strict
//stitch:loose
type Pol%[1]s struct{ A int ` + "`json:\"a\"`" + ` }

//stitch:tool
//stitch:loose
type NoCatch%[1]s struct{ A int ` + "`json:\"a\"`" + ` }

//stitch:tool
type Catch%[1]s struct {
	Extra  map[string]int ` + "`json:\"-\" stitch:\"catchall\"`" + `
	Extra2 []int ` + "`json:\"-\" stitch:\"catchall\"`" + `
}
`,
	// Union mistakes: no variants, duplicate values, a variant without a
	// value, an implementer without a directive, a directive on a struct.
	`//stitch:tool
type U%[1]s struct {
	A Empty%[1]s ` + "`json:\"a\"`" + `
	B Dup%[1]s ` + "`json:\"b\"`" + `
}

//stitch:union kind
type Empty%[1]s interface{ isEmpty%[1]s() }

//stitch:union kind
type Dup%[1]s interface{ isDup%[1]s() }

//stitch:variant same
type D1%[1]s struct{}

//stitch:variant same
type D2%[1]s struct{}

//stitch:variant
type D3%[1]s struct{}

type D4%[1]s struct{}

//stitch:union kind
type NotIface%[1]s struct{}

func (D1%[1]s) isDup%[1]s() {}
func (D2%[1]s) isDup%[1]s() {}
func (D3%[1]s) isDup%[1]s() {}
func (D4%[1]s) isDup%[1]s() {}
`,
}

// shadowFragment declares package-level names equal to the package names
// the generated file imports and to names it declares: a diagnostic, not a
// generated file that does not compile.
var shadowFragment = `type StitchError%[1]s struct{}
type strconv struct{}
type json struct{}

//stitch:tool
type Shadow%[1]s struct {
	Strconv strconv ` + "`json:\"strconv\"`" + `
}
`

// directiveLines are tool and type directives, most of them malformed.
var directiveLines = []string{
	"//stitch:tool", "//stitch:tool bad name!", "//stitch:tool " + strings.Repeat("n", 65),
	"//stitch:tool ok output=Missing", "//stitch:tool ok output=", `//stitch:tool ok title="unterminated`,
	"//stitch:tool ok title=noquote", "//stitch:tool ok foo=bar", "//stitch:tool a b", "//stitch:tool dup",
	"//stitch:tool dup", "//stitch:tool ok output=Out%[1]s output=Out%[1]s", "//stitch:tool ok output=*Out%[1]s",
	"//stitch:strict", "//stitch:strip", "//stitch:loose", "//stitch:strict extra", "//stitch:union",
	"//stitch:union a b", "//stitch:variant x", "//stitch:variant", "//stitch:schema", "//stitch:schema {",
	"//stitch:schema null", "//stitch:bogus", "//stitch:", "//stitch:TOOL", "// stitch:tool spaced",
	"//stitch:tool\tTab", "//stitch:tool ok title=\"\\x\"", "//stitch:tool ok title=\"ok\" title=\"again\"",
}

// validTags and invalidTags are field tags: well-formed ones, and
// malformed or misapplied ones (%[2]d is the field number).
var validTags = []string{
	`json:"f%[2]d"`, `json:"f%[2]d,omitempty"`, `json:"f%[2]d,omitzero"`, `json:"-"`, `json:"f%[2]d" jsonschema:"description=a\"b"`,
	`json:"f%[2]d" jsonschema:"deprecated"`, `json:"f%[2]d" jsonschema:"title=T,example=1"`, `json:"f%[2]d,omitempty" jsonschema:"nullable"`,
}

var invalidTags = []string{
	`json:"-,"`, `json:""`, `json:",string"`, `json:"f%[2]d,string"`, `json:"dup"`, `json:"bad name\u00e9"`,
	`json:"f%[2]d" jsonschema:"minimum=abc"`, `json:"f%[2]d" jsonschema:"minimum"`, `json:"f%[2]d" jsonschema:"nokey=1"`,
	`json:"f%[2]d" jsonschema:"enum="`, `json:"f%[2]d" jsonschema:"pattern=["`, `json:"f%[2]d" jsonschema:"pattern=(?=x)"`,
	`json:"f%[2]d" jsonschema:"format=bogus"`, `json:"f%[2]d" jsonschema:"maxLength=-1"`, `json:"f%[2]d" jsonschema:"minItems=1"`,
	`json:"f%[2]d" jsonschema:",,"`, `json:"f%[2]d" jsonschema:"default=x"`, `json:"f%[2]d" jsonschema:"const=1"`,
	`json:"f%[2]d" jsonschema:"minimum=5,maximum=1"`, `json:"f%[2]d" jsonschema:"multipleOf=0"`, `json:"f%[2]d" jsonschema:"enum=a,enum=a"`,
	`json:"f%[2]d" jsonschema:"nullable=maybe"`, `json:"f%[2]d" jsonschema:"uniqueItems=true"`,
	`json:"f%[2]d" stitch:"coerce"`, `json:"f%[2]d" stitch:"trim,lower,upper"`, `json:"f%[2]d" stitch:"catch"`,
	`json:"f%[2]d" stitch:"catchall"`, `json:"f%[2]d" stitch:"untyped"`, `json:"f%[2]d" stitch:"bogus"`, `json:"f%[2]d" stitch:""`,
	`json:"f%[2]d" jsonschema:"default=1e999"`, `json:"f%[2]d" jsonschema:"maximum=1e400"`,
	`json:"f%[2]d" jsonschema:"minLength=1,maxLength=2,pattern=^a+$,format=email"`, `json:"f%[2]d" jsonschema:"enum=1,enum=2"`,
	`json:"f%[2]d" jsonschema:"exclusiveMinimum=0,exclusiveMaximum=0"`,
}

// validTypes and invalidTypes are field types for random tools.
var validTypes = []string{
	"bool", "int8", "uint16", "int", "uint64", "float32", "float64", "string", "[]string", "[3]int", "map[string]int",
	"*string", "time.Time", "[]byte", "[]*time.Time", "map[string][]byte", "*[]*[2]float64",
	"[0]int",
}

var invalidTypes = []string{
	"json.RawMessage", "any", "interface{ M() }", "chan int", "func()", "complex64", "map[int]bool", "uintptr",
	"**int", "error", "[]any", "map[string]any", "unsafePointer", "struct{}", "struct{ A int `json:\"a\"` }",
}

// pick returns an element of good, or of bad with probability 1/n.
func pick(r *rand.Rand, good, bad []string, n int) string {
	if r.Intn(n) == 0 {
		return bad[r.Intn(len(bad))]
	}
	return good[r.Intn(len(good))]
}

// randomTool writes a tool type with random directives and fields.
func randomTool(r *rand.Rand, id string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Out%[1]s is an output type.\ntype Out%[1]s struct{ R int `json:\"r\"` }\n\n", id)
	fmt.Fprintf(&b, "type unsafePointer%s = struct{}\n\n", id)
	fmt.Fprintf(&b, "// Rnd%s is a random tool.\n//\n", id)
	directive := "//stitch:tool"
	if r.Intn(3) == 0 {
		directive = directiveLines[r.Intn(len(directiveLines))]
	}
	b.WriteString(strings.ReplaceAll(directive, "%[1]s", id) + "\n")
	fmt.Fprintf(&b, "type Rnd%s struct {\n", id)
	for i := r.Intn(6); i >= 0; i-- {
		typ := pick(r, validTypes, invalidTypes, 10)
		if typ == "unsafePointer" {
			typ += id
		}
		tag := strings.ReplaceAll(pick(r, validTags, invalidTags, 8), "%[2]d", fmt.Sprint(i))
		fmt.Fprintf(&b, "\t// F%d is a field.\n\tF%d %s `%s`\n", i, i, typ, tag)
	}
	b.WriteString("}\n")
	return b.String()
}

// oddPackage returns the source of one package named name: a few
// fragments and random tools, with the imports they may need.
func oddPackage(r *rand.Rand, name string) string {
	var body strings.Builder
	for i := r.Intn(3); i >= 0; i-- {
		id := fmt.Sprintf("%s_%d", strings.ToUpper(name[:1])+name[1:], i)
		if r.Intn(2) == 0 {
			body.WriteString(randomTool(r, id))
		} else {
			fmt.Fprintf(&body, pick(r, cleanFragments, append(faultyFragments, shadowFragment), 3), id)
		}
		body.WriteString("\n")
	}
	src := body.String()
	var imports []string
	if strings.Contains(src, "time.Time") {
		imports = append(imports, `"time"`)
	}
	if strings.Contains(src, "json.RawMessage") {
		imports = append(imports, `"encoding/json"`)
	}
	head := "// Package " + name + " is a generated odd contract.\npackage " + name + "\n\n"
	if len(imports) > 0 {
		head += "import (\n\t" + strings.Join(imports, "\n\t") + "\n)\n\n"
	}
	return head + src
}
