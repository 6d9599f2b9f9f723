package load

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// A diagCase is one contract package that must be rejected with exactly
// the listed diagnostics (positions relative to the case's directory).
type diagCase struct {
	name string
	src  string // file contract.go, after "package c\n"
	want []string
}

var diagCases = []diagCase{
	{"tool_name_invalid", `
//stitch:tool bad.name
type T struct{}`, []string{
		`contract.go:3:1: tool bad.name: invalid tool name "bad.name": use 1 to 64 ASCII letters, digits, '_' or '-'`}},
	{"tool_name_duplicate", `
//stitch:tool same
type A struct{}

//stitch:tool same
type B struct{}`, []string{
		`contract.go:6:1: tool same: tool name "same" is already used by type A (tool_name_duplicate/contract.go:4:6); give one of them another name`}},
	{"tool_not_struct", `
//stitch:tool
type T string`, []string{
		`contract.go:3:1: tool t: //stitch:tool needs a struct type declaration; T is string`}},
	{"output_missing", `
//stitch:tool output=Receipt
type T struct{}`, []string{
		`contract.go:3:1: tool t: output type Receipt is not declared in this package; declare it or fix output=`}},
	{"output_not_struct", `
//stitch:tool output=Code
type T struct{}

type Code string`, []string{
		`contract.go:3:1: tool t: output type Code is not a struct`}},
	{"tool_option_unknown", `
//stitch:tool t outptu=X
type T struct{}`, []string{
		`contract.go:3:1: type T: unknown //stitch:tool option "outptu" (known: a name, output=Type, title="...", readOnly, destructive, idempotent, openWorld)`}},
	{"directive_unknown", `
//stitch:tool
//stitch:stirct
type T struct{}`, []string{
		`contract.go:4:1: type T: unknown directive //stitch:stirct (known: tool, union, variant, strict, strip, loose, schema)`}},
	{"directive_near_miss", `
// stitch:tool ping
type T struct{}

//Stitch:strict
//stitch:tool
type U struct{}

// F is a helper.
//
//  STITCH:tool f
func F() {}

// G keeps prose that names a tag: // stitch:"coerce" is an option.
//
// stitch:"trim" is another.
func G() {}`, []string{
		`contract.go:3:1: type T: "// stitch:tool ping" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:tool ping`,
		`contract.go:6:1: type U: "//Stitch:strict" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:strict`,
		`contract.go:12:1: warning: "//  STITCH:tool f" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:tool f in the doc comment of a type (or of the package, for //stitch:dialect), or reword the comment`}},
	{"directive_stray", `
//stitch:tool

type T struct{}

//stitch:tool
type U struct {
	//stitch:strict
	X int ` + "`json:\"x\"`" + `
}

//stitch:union
func F() {}

//stitch:strip
type (
	V struct{}
)

//stitch:dialect gosdk
type W struct{}

//stitch:dialect gosdk
func G() {}`, []string{
		`contract.go:3:1: //stitch:tool does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between`,
		`contract.go:9:2: //stitch:strict does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between`,
		`contract.go:13:1: //stitch:union does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between`,
		`contract.go:16:1: //stitch:strip does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between`,
		`contract.go:21:1: type W: unknown directive //stitch:dialect (known: tool, union, variant, strict, strip, loose, schema)`,
		`contract.go:24:1: //stitch:dialect does nothing here: it belongs in the package's doc comment, directly above the package clause`}},
	{"directive_in_package_without_tools", `
// T would be a tool.
//
// stitch:tool
type T struct{}

//stitch:tol
type U struct{}

//stitch:tool

type V struct{}

//stitch: tool
type W struct{}`, []string{
		`contract.go:5:1: type T: "// stitch:tool" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:tool`,
		`contract.go:8:1: type U: unknown directive //stitch:tol (known: tool, union, variant, strict, strip, loose, schema)`,
		`contract.go:11:1: //stitch:tool does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between`,
		`contract.go:15:1: type W: unknown directive //stitch: (known: tool, union, variant, strict, strip, loose, schema)`}},
	{"schema_key_unknown", `
//stitch:tool
type T struct {
	Count int ` + "`json:\"count\" jsonschema:\"minimun=1\"`" + `
}`, []string{
		`contract.go:5:2: field T.Count: unknown jsonschema key "minimun" (known: title, description, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minLength, maxLength, pattern, format, enum, const, default, example, minItems, maxItems, uniqueItems, minProperties, maxProperties, nullable, deprecated)`}},
	{"extras_bad", `
//stitch:tool
type T struct {
	Min   int    ` + "`json:\"min\" jsonschema_extras:\"minimum=1\"`" + `
	Bare  string ` + "`json:\"bare\" jsonschema_extras:\"x-flag\"`" + `
	Empty string ` + "`json:\"empty\" jsonschema_extras:\"x-=1\"`" + `
	Twice string ` + "`json:\"twice\" jsonschema_extras:\"x-a=1,x-a=true\"`" + `
}`, []string{
		`contract.go:5:2: field T.Min: jsonschema_extras key "minimum" is not an extension keyword: its keys start with "x-" and a name (constraints and annotations go in the jsonschema tag)`,
		`contract.go:6:2: field T.Bare: jsonschema_extras key x-flag needs a value (x-flag=...)`,
		`contract.go:7:2: field T.Empty: jsonschema_extras key "x-" is not an extension keyword: its keys start with "x-" and a name (constraints and annotations go in the jsonschema tag)`,
		`contract.go:8:2: field T.Twice: jsonschema_extras key x-a is given 2 times with the boolean true among its values; a repeated key collects strings, so give a boolean once`}},
	{"schema_value_unparsable", `
//stitch:tool
type T struct {
	Name  string  ` + "`json:\"name\" jsonschema:\"maxLength=ten\"`" + `
	Min   int     ` + "`json:\"min\" jsonschema:\"minimum=abc\"`" + `
	Enum  int     ` + "`json:\"enum\" jsonschema:\"enum=1,enum=1.5\"`" + `
	Small int8    ` + "`json:\"small\" jsonschema:\"default=300\"`" + `
	Flag  *bool   ` + "`json:\"flag,omitempty\" jsonschema:\"default=maybe\"`" + `
	Step  float64 ` + "`json:\"step\" jsonschema:\"multipleOf=0\"`" + `
	Null  *string ` + "`json:\"null\" jsonschema:\"nullable=yes\"`" + `
	Min2  int     ` + "`json:\"min2\" jsonschema:\"minimum\"`" + `
	Twice int     ` + "`json:\"twice\" jsonschema:\"minimum=1,minimum=2\"`" + `
}`, []string{
		`contract.go:5:2: field T.Name: maxLength=ten is not a non-negative integer`,
		`contract.go:6:2: field T.Min: minimum=abc is not a number`,
		`contract.go:7:2: field T.Enum: enum=1.5 is not an integer`,
		`contract.go:8:2: field T.Small: default=300 is out of range for int8`,
		`contract.go:9:2: field T.Flag: default=maybe is not a bool (true or false)`,
		`contract.go:10:2: field T.Step: multipleOf=0 must be greater than 0`,
		`contract.go:11:2: field T.Null: nullable=yes is not a bool; write nullable or nullable=true`,
		`contract.go:12:2: field T.Min2: jsonschema key minimum needs a value (minimum=...)`,
		`contract.go:13:2: field T.Twice: jsonschema key minimum is given twice; keep one`}},
	{"schema_wrong_type", `
//stitch:tool
type T struct {
	Size  int               ` + "`json:\"size\" jsonschema:\"minLength=2\"`" + `
	Name  string            ` + "`json:\"name\" jsonschema:\"minItems=1\"`" + `
	Tags  []string          ` + "`json:\"tags\" jsonschema:\"minProperties=1\"`" + `
	Nums  []int             ` + "`json:\"nums\" jsonschema:\"pattern=^a$\"`" + `
	Flag  bool              ` + "`json:\"flag\" jsonschema:\"maximum=1\"`" + `
	Meta  map[string]string ` + "`json:\"meta\" jsonschema:\"enum=a\"`" + `
	Plain string            ` + "`json:\"plain\" jsonschema:\"nullable\"`" + `
}`, []string{
		`contract.go:5:2: field T.Size: minLength applies to strings, not to int`,
		`contract.go:6:2: field T.Name: minItems applies to slices and arrays, not to string`,
		`contract.go:7:2: field T.Tags: minProperties applies to maps, not to []string`,
		`contract.go:8:2: field T.Nums: pattern applies to strings, not to items of type int`,
		`contract.go:9:2: field T.Flag: maximum applies to numbers, not to bool`,
		`contract.go:10:2: field T.Meta: enum applies to strings, numbers and bools, not to map[string]string`,
		`contract.go:11:2: field T.Plain: nullable needs a type that can hold null (pointer, slice, map or interface), not string; use *string`}},
	{"pattern_invalid", `
//stitch:tool
type T struct {
	Code string ` + "`json:\"code\" jsonschema:\"pattern=a**\"`" + `
	Big  string ` + "`json:\"big\" jsonschema:\"pattern=[a\"`" + `
}`, []string{
		"contract.go:5:2: field T.Code: pattern=a** is not a valid RE2 regular expression: error parsing regexp: invalid nested repetition operator: `**`",
		"contract.go:6:2: field T.Big: pattern=[a is not a valid RE2 regular expression: error parsing regexp: missing closing ]: `[a`"}},
	{"stitch_option_unknown", `
//stitch:tool
type T struct {
	Name string ` + "`json:\"name\" stitch:\"trim,strip\"`" + `
}`, []string{
		`contract.go:5:2: field T.Name: unknown stitch option "strip" (known: coerce, trim, lower, upper, catch, catchall, untyped)`}},
	{"stitch_option_wrong_type", `
//stitch:tool
type T struct {
	Name  string ` + "`json:\"name\" stitch:\"coerce\"`" + `
	Count int    ` + "`json:\"count\" stitch:\"trim\"`" + `
	Words []string ` + "`json:\"words\" stitch:\"upper\"`" + `
	Label string ` + "`json:\"label\" stitch:\"untyped\"`" + `
}`, []string{
		`contract.go:5:2: field T.Name: coerce applies to number and bool fields, not to string`,
		`contract.go:6:2: field T.Count: trim applies to string fields, not to int`,
		`contract.go:7:2: field T.Words: upper applies to string fields, not to []string`,
		`contract.go:8:2: field T.Label: untyped applies to free-form fields (any, json.RawMessage), not to string`}},
	{"catchall_not_map", `
//stitch:tool
type T struct {
	Extra []string ` + "`json:\"-\" stitch:\"catchall\"`" + `
}`, []string{
		`contract.go:5:2: field T.Extra: a catchall field must be a map[string]T, not []string`}},
	{"catchall_not_hidden", `
//stitch:tool
type T struct {
	Extra map[string]any ` + "`json:\"extra\" stitch:\"catchall\"`" + `
}`, []string{
		`contract.go:5:2: field T.Extra: a catchall field must be hidden with json:"-" (it collects the unknown keys; it is not a property)`}},
	{"catchall_twice", `
//stitch:tool
type T struct {
	A map[string]any ` + "`json:\"-\" stitch:\"catchall\"`" + `
	B map[string]any ` + "`json:\"-\" stitch:\"catchall\"`" + `
}`, []string{
		`contract.go:6:2: field T.B: second catchall field (the first is A); a struct has at most one`}},
	{"loose_without_catchall", `
//stitch:tool
//stitch:loose
type T struct{}`, []string{
		"contract.go:5:6: type T: //stitch:loose needs a catchall field: add Extra map[string]any `json:\"-\" stitch:\"catchall\"`"}},
	{"strict_with_catchall", `
//stitch:tool
//stitch:strict
type T struct {
	Extra map[string]any ` + "`json:\"-\" stitch:\"catchall\"`" + `
}`, []string{
		`contract.go:5:6: type T: //stitch:strict conflicts with the catchall field (a struct with a catchall is loose); remove one of them`}},
	{"policy_twice", `
//stitch:tool
//stitch:strict
//stitch:strip
type T struct{}`, []string{
		`contract.go:5:1: type T: two key policy directives (//stitch:strict and //stitch:strip); keep one`}},
	{"union_value_duplicate", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union kind
type U interface{ isU() }

//stitch:variant a
type A struct{}

//stitch:variant b a
type B struct {
	Kind string ` + "`json:\"kind\"`" + `
}

func (A) isU() {}
func (B) isU() {}`, []string{
		`contract.go:14:1: type B: discriminator value "a" of union U is already used by A`}},
	{"variant_without_value", unionSrc("//stitch:variant\n"), []string{
		`contract.go:11:1: type A: //stitch:variant has no value; add the discriminator value(s): //stitch:variant <value>`}},
	{"implementer_without_variant", unionSrc(""), []string{
		`contract.go:11:6: type A: type implements union U but has no //stitch:variant directive; add //stitch:variant <value>`}},
	{"variant_outside_union", `
//stitch:tool
type T struct{}

//stitch:variant lonely
type L struct{}`, []string{
		`contract.go:6:1: type L: //stitch:variant on a type that implements no //stitch:union interface of this package; add the union's method or remove the directive`}},
	{"multi_value_undeclared", unionSrc("//stitch:variant a aa\n"), []string{
		"contract.go:12:6: type A: multi-value variant (a, aa) must declare the discriminator field so the chosen value is kept: add Kind string `json:\"kind\"`"}},
	{"discriminator_not_string", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union kind
type U interface{ isU() }

//stitch:variant a
type A struct {
	Kind int ` + "`json:\"kind\"`" + `
}

func (A) isU() {}`, []string{
		`contract.go:13:2: field A.Kind: discriminator field "kind" of union U must be a string, not int`}},
	{"untagged_with_variant", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union
type U interface{ isU() }

//stitch:variant a
type A struct{}

func (A) isU() {}`, []string{
		`contract.go:11:1: type A: union U is untagged, so //stitch:variant has no effect; remove it or give the union a key (//stitch:union <key>)`}},
	{"union_without_method", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union kind
type U interface{}`, []string{
		`contract.go:9:6: type U: a union interface needs a method (such as isU()) that its variants implement`}},
	{"union_without_implementers", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union kind
type U interface{ isU() }`, []string{
		`contract.go:9:6: type U: union has no implementers in this package; declare types with its methods`}},
	{"variant_of_two_keys", `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
	V V ` + "`json:\"v\"`" + `
}

//stitch:union kind
type U interface{ isU() }

//stitch:union type
type V interface{ isV() }

//stitch:variant a
type A struct{}

func (A) isU() {}
func (A) isV() {}`, []string{
		`contract.go:16:6: type A: type is a variant of unions with different keys ("kind" and "type"); use one key`}},
	{"tool_title_unquoted", `
//stitch:tool t title="open
type T struct{}`, []string{
		`contract.go:3:1: type T: //stitch:tool has an unterminated quoted string`}},
	{"promoted_conflict", `
//stitch:tool
type T struct {
	A
	B
}

type A struct {
	ID string ` + "`json:\"id\"`" + `
}

type B struct {
	ID int ` + "`json:\"id\"`" + `
}`, []string{
		`contract.go:4:6: type T: fields A.ID and B.ID both have json name "id" at the same depth (encoding/json would drop both); rename one with a json tag`}},
	{"unsupported_types", `
//stitch:tool
type T struct {
	C chan int         ` + "`json:\"c\"`" + `
	F func()           ` + "`json:\"f\"`" + `
	X complex128       ` + "`json:\"x\"`" + `
	M map[int]string   ` + "`json:\"m\"`" + `
	S fmt.Stringer     ` + "`json:\"s\"`" + `
	I interface{ M() } ` + "`json:\"i\"`" + `
	E error            ` + "`json:\"e\"`" + `
	A struct{ X int }  ` + "`json:\"a\"`" + `
}`, []string{
		`contract.go:6:2: field T.C: channel type chan int cannot be carried in JSON; remove the field or hide it with json:"-"`,
		`contract.go:7:2: field T.F: func type func() cannot be carried in JSON; remove the field or hide it with json:"-"`,
		`contract.go:8:2: field T.X: complex number type complex128 cannot be carried in JSON; use two float64 fields`,
		`contract.go:9:2: field T.M: map key type int is not supported; JSON object keys need map[string]T`,
		`contract.go:10:2: field T.S: interface type fmt.Stringer is not supported; mark it //stitch:union [key] or use any`,
		`contract.go:11:2: field T.I: interface type interface{M()} is not supported; use a //stitch:union interface or any`,
		`contract.go:12:2: field T.E: type error is not supported; use a //stitch:union interface or any`,
		`contract.go:13:2: field T.A: anonymous struct types are not supported; declare a named struct type`}},
	{"opaque_bad_json", `
//stitch:tool
type T struct {
	P Point ` + "`json:\"p\"`" + `
}

//stitch:schema {"type":"object",}
type Point struct{}

func (p *Point) UnmarshalJSON([]byte) error { return nil }`, []string{
		`contract.go:8:1: type Point: //stitch:schema is not valid JSON (invalid character '}' looking for beginning of object key string); write the schema as one JSON object on the directive line`}},
	{"opaque_without_unmarshal", `
//stitch:tool
type T struct {
	P Point ` + "`json:\"p\"`" + `
}

//stitch:schema {"type":"string"}
type Point struct{}`, []string{
		`contract.go:9:6: type Point: //stitch:schema type has no UnmarshalJSON method of its own; add func (x *Point) UnmarshalJSON([]byte) error`}},
	{"foreign_struct", `
//stitch:tool
type T struct {
	U url.URL ` + "`json:\"u\"`" + `
}`, []string{
		`contract.go:6:2: field T.U: type url.URL is not supported: encoding/json writes it as an object of its parts; use a string with jsonschema:"format=uri" and parse it with url.Parse`}},
	{"standard_struct", `
//stitch:tool
type T struct {
	A mail.Address ` + "`json:\"a\"`" + `
}`, []string{
		`contract.go:6:2: field T.A: type mail.Address is a struct of package net/mail, whose source stitchgen does not read (it reads the standard library and its own packages from compiled data); declare a struct with the fields you need in this package`}},
	{"decodes_itself", `
//stitch:tool
type T struct {
	S Status ` + "`json:\"s\"`" + `
}

type Status string

func (s *Status) UnmarshalJSON([]byte) error { return nil }`, []string{
		`contract.go:5:2: field T.S: type Status has its own UnmarshalJSON, so stitchgen cannot know its JSON shape; mark it //stitch:schema {...} with its schema`}},
	{"std_unsupported", `
//stitch:tool
type T struct {
	N   net.IPNet      ` + "`json:\"n\"`" + `
	L   *time.Location ` + "`json:\"l\"`" + `
	S   sql.NullString ` + "`json:\"s\"`" + `
	I64 sql.NullInt64  ` + "`json:\"i64\"`" + `
	G   sql.Null[int]  ` + "`json:\"g\"`" + `
}`, []string{
		`contract.go:8:2: field T.N: type net.IPNet is not supported: encoding/json writes it as an object of its parts; use netip.Prefix (a string such as "10.0.0.0/8")`,
		`contract.go:9:2: field T.L: type time.Location is not supported: it has no JSON form; use a string holding an IANA time zone name and load it with time.LoadLocation`,
		`contract.go:10:2: field T.S: type sql.NullString is not supported: encoding/json writes it as an object with a Valid member; use stitch.Nullable[T] (absent, null or a value) or a pointer with jsonschema:"nullable"`,
		`contract.go:11:2: field T.I64: type sql.NullInt64 is not supported: encoding/json writes it as an object with a Valid member; use stitch.Nullable[T] (absent, null or a value) or a pointer with jsonschema:"nullable"`,
		`contract.go:12:2: field T.G: type sql.Null[int] is not supported: encoding/json writes it as an object with a Valid member; use stitch.Nullable[T] (absent, null or a value) or a pointer with jsonschema:"nullable"`}},
	{"std_defaults", `
//stitch:tool
type T struct {
	N json.Number   ` + "`json:\"n,omitempty\" jsonschema:\"default=abc\"`" + `
	M json.Number   ` + "`json:\"m,omitempty\" jsonschema:\"default=5,maximum=4\"`" + `
	D time.Duration ` + "`json:\"d,omitempty\" jsonschema:\"default=PT30S\"`" + `
	L time.Duration ` + "`json:\"l\" jsonschema:\"minLength=1\"`" + `
	O time.Month    ` + "`json:\"o,omitempty\" jsonschema:\"default=13\"`" + `
}`, []string{
		`contract.go:7:2: field T.N: default=abc is not a number`,
		`contract.go:8:2: field T.M: default=5 is greater than maximum=4`,
		`contract.go:9:2: field T.D: default applies to strings, numbers, bools, times, byte strings and slices or arrays of them, not to time.Duration`,
		`contract.go:10:2: field T.L: minLength applies to strings, not to time.Duration`,
		`contract.go:11:2: field T.O: default=13 is out of range for time.Month`}},
	{"validate_signature", `
//stitch:tool
type T struct{}

func (t *T) Validate(strict bool) error { return nil }`, []string{
		`contract.go:6:13: warning: type T: method Validate is not func() error, so it does not run as a hidden check`}},
	{"literal_kinds", `
//stitch:tool
type T struct {
	P  Point      ` + "`json:\"p\" jsonschema:\"example=[1]\"`" + `
	L  []string   ` + "`json:\"l\" jsonschema:\"example=a\"`" + `
	At time.Time  ` + "`json:\"at\" jsonschema:\"default=yesterday\"`" + `
	B  []byte     ` + "`json:\"b\" jsonschema:\"default=!!\"`" + `
	A  any        ` + "`json:\"a\" jsonschema:\"example={\" stitch:\"untyped\"`" + `
	G  [][]int    ` + "`json:\"g\" jsonschema:\"default=1\"`" + `
}

type Point struct {
	X int ` + "`json:\"x\"`" + `
}`, []string{
		`contract.go:6:2: field T.P: example=[1] is not a JSON object`,
		`contract.go:7:2: field T.L: example is not supported on a slice or array field; show examples in the description`,
		`contract.go:8:2: field T.At: default=yesterday is not an RFC 3339 date-time`,
		`contract.go:9:2: field T.B: default=!! is not standard base64`,
		`contract.go:10:2: field T.A: example={ is not valid JSON for any (unexpected end of input)`,
		`contract.go:11:2: field T.G: default=1 is not a JSON array`}},
	{"default_breaks_constraints", `
//stitch:tool
type T struct {
	Max   int            ` + "`json:\"max,omitempty\" jsonschema:\"maximum=3,default=5\"`" + `
	Below *int           ` + "`json:\"below,omitempty\" jsonschema:\"minimum=10,exclusiveMaximum=20,default=20\"`" + `
	ExMin float64        ` + "`json:\"exMin,omitempty\" jsonschema:\"exclusiveMinimum=0.5,default=0.5\"`" + `
	Step  int            ` + "`json:\"step,omitempty\" jsonschema:\"multipleOf=5,default=12\"`" + `
	Short string         ` + "`json:\"short,omitempty\" jsonschema:\"minLength=4,default=bad\"`" + `
	Long  string         ` + "`json:\"long,omitempty\" jsonschema:\"maxLength=4,default=héllo\"`" + `
	Runes string         ` + "`json:\"runes,omitempty\" jsonschema:\"maxLength=2,default=éé\"`" + `
	Code  string         ` + "`json:\"code,omitempty\" jsonschema:\"pattern=^[0-9]+$,default=abc\"`" + `
	Mail  string         ` + "`json:\"mail,omitempty\" jsonschema:\"format=email,default=nobody\"`" + `
	Color string         ` + "`json:\"color,omitempty\" jsonschema:\"enum=red,enum=blue,default=green\"`" + `
	Fixed string         ` + "`json:\"fixed,omitempty\" jsonschema:\"const=x,default=y\"`" + `
	Num   int            ` + "`json:\"num,omitempty\" jsonschema:\"enum=1,enum=2,default=2.0\"`" + `
	Tiny  float32        ` + "`json:\"tiny,omitempty\" jsonschema:\"default=1e39\"`" + `
	Tags  []string       ` + "`json:\"tags,omitempty\" jsonschema:\"maxItems=2,uniqueItems,maxLength=2,default=ab,default=abc,default=ab\"`" + `
	Pair  [2]int         ` + "`json:\"pair,omitzero\" jsonschema:\"default=1\"`" + `
	None  []int          ` + "`json:\"none,omitempty\" jsonschema:\"minItems=1,default=[]\"`" + `
	Mixed []int          ` + "`json:\"mixed,omitempty\" jsonschema:\"default=[],default=1\"`" + `
	Grid  [][]int8       ` + "`json:\"grid,omitempty\" jsonschema:\"default=[1\\\\,300]\"`" + `
	Word  string         ` + "`json:\"word,omitempty\" jsonschema:\"default= Hi\" stitch:\"trim,lower\"`" + `
	P     *Point         ` + "`json:\"p,omitempty\" jsonschema:\"default={}\"`" + `
	M     map[string]int ` + "`json:\"m,omitempty\" jsonschema:\"default={}\"`" + `
	A     any            ` + "`json:\"a,omitempty\" jsonschema:\"default=1\" stitch:\"untyped\"`" + `
}

type Point struct {
	X int ` + "`json:\"x\"`" + `
}`, []string{
		`contract.go:5:2: field T.Max: default=5 is greater than maximum=3`,
		`contract.go:6:2: field T.Below: default=20 is not less than exclusiveMaximum=20`,
		`contract.go:7:2: field T.ExMin: default=0.5 is not greater than exclusiveMinimum=0.5`,
		`contract.go:8:2: field T.Step: default=12 is not a multiple of multipleOf=5`,
		`contract.go:9:2: field T.Short: default=bad is 3 code points long, shorter than minLength=4`,
		`contract.go:10:2: field T.Long: default=héllo is 5 code points long, longer than maxLength=4`,
		`contract.go:12:2: field T.Code: default=abc does not match pattern=^[0-9]+$`,
		`contract.go:13:2: field T.Mail: default=nobody is not a valid email (format=email)`,
		`contract.go:14:2: field T.Color: default=green is not one of the enum values "red", "blue"`,
		`contract.go:15:2: field T.Fixed: default=y is not the const value "x"`,
		`contract.go:17:2: field T.Tiny: default=1e39 is out of range for float32`,
		`contract.go:18:2: field T.Tags: default has 3 items, more than maxItems=2`,
		`contract.go:18:2: field T.Tags: default repeats ab (uniqueItems); give each item once`,
		`contract.go:18:2: field T.Tags: default=abc is 3 code points long, longer than maxLength=2`,
		`contract.go:19:2: field T.Pair: default has 1 item; a [2]int holds exactly 2 (give 2 default= items)`,
		`contract.go:20:2: field T.None: default has 0 items, fewer than minItems=1`,
		`contract.go:21:2: field T.Mixed: default=[] is the empty array and cannot be combined with default= items; keep one of them`,
		`contract.go:22:2: field T.Grid: default=[1,300] holds 300, which is not an integer in the range of int8`,
		`contract.go:23:2: field T.Word: default= Hi is rewritten by stitch:"trim,lower" to "hi"; write the default as the decoder leaves it`,
		`contract.go:24:2: field T.P: default applies to strings, numbers, bools, times, byte strings and slices or arrays of them, not to *Point`,
		`contract.go:25:2: field T.M: default applies to strings, numbers, bools, times, byte strings and slices or arrays of them, not to map[string]int`,
		`contract.go:26:2: field T.A: default applies to strings, numbers, bools, times, byte strings and slices or arrays of them, not to any`}},
	{"tool_kinds", `
//stitch:tool
type Text struct{}

func (t *Text) UnmarshalText([]byte) error { return nil }

//stitch:tool
//stitch:schema {}
type Opaque struct{}

func (o *Opaque) UnmarshalJSON([]byte) error { return nil }`, []string{
		`contract.go:3:1: tool text: tool input type Text implements encoding.TextUnmarshaler, so it decodes from a string, not an object`,
		`contract.go:8:1: tool opaque: tool input type Opaque is opaque (//stitch:schema); a tool type needs generated decoding`}},
	{"directive_misuse", `
//stitch:tool
type T struct {
	E Embeds ` + "`json:\"e\"`" + `
	N Named  ` + "`json:\"n\"`" + `
}

type (
	// Embeds embeds a struct of another package.
	Embeds struct {
		url.Userinfo
	}
	// Named is a slice of a named byte type.
	Named []Byte
	Byte  byte
)

//stitch:union
type NotIface struct{}

//stitch:strict
type NotStruct string

//stitch:schema 3
//stitch:union one two
//stitch:variant x x
type Multi interface{ isMulti() }`, []string{
		`contract.go:7:2: field T.N: slice of named byte type Byte is not supported (encoding/json writes it as base64); use []byte`,
		`contract.go:13:7: field Embeds.Userinfo: embedded struct url.Userinfo is declared in another package; stitchgen cannot generate its decoder here (declare the fields in this package)`,
		`contract.go:21:6: type NotIface: //stitch:union needs an interface type declaration`,
		`contract.go:24:6: type NotStruct: key policy directives apply to struct types only`,
		`contract.go:26:1: type Multi: //stitch:schema must be a JSON object (or boolean) schema`,
		`contract.go:27:1: type Multi: //stitch:union takes at most one discriminator key, got 2 words`,
		`contract.go:28:1: type Multi: //stitch:variant lists "x" twice`,
		`contract.go:28:1: type Multi: //stitch:variant on a type that implements no //stitch:union interface of this package; add the union's method or remove the directive`,
		`contract.go:29:6: type Multi: //stitch:schema type has no UnmarshalJSON method of its own; add func (x *Multi) UnmarshalJSON([]byte) error`}},
	{"hidden_fields", `
//stitch:tool
type T struct {
	Gone  string         ` + "`json:\"-\" stitch:\"trim\"`" + `
	extra map[string]any ` + "`json:\"-\" stitch:\"catchall\"`" + `
	More  map[string]any ` + "`json:\"-\" stitch:\"catchall,catch\"`" + `
}`, []string{
		`contract.go:5:2: field T.Gone: stitch options have no effect on a field hidden by json:"-"; remove them`,
		`contract.go:6:2: field T.extra: a catchall field must be exported`,
		`contract.go:7:2: field T.More: catchall cannot be combined with other stitch options`}},
	{"json_string_option", `
//stitch:tool
type T struct {
	N int ` + "`json:\"n,string\"`" + `
}`, []string{
		`contract.go:5:2: field T.N: the json ",string" option is not supported; remove it (stitch:"coerce" accepts numbers and bools in strings)`}},
	{"own_unmarshal", `
//stitch:tool
type T struct{}

func (t *T) UnmarshalJSON([]byte) error { return nil }`, []string{
		`contract.go:4:6: type T: type declares its own UnmarshalJSON, which stitchgen generates; remove it, or mark the type //stitch:schema {...} to keep your own decoding`}},
}

// unionSrc is a one-variant union whose variant A gets the given directive.
func unionSrc(variantDirective string) string {
	return `
//stitch:tool
type T struct {
	U U ` + "`json:\"u\"`" + `
}

//stitch:union kind
type U interface{ isU() }

` + variantDirective + `type A struct{}

func (A) isU() {}`
}

var (
	diagOnce  sync.Once
	diagByDir map[string][]string
	diagErr   error
)

// loadDiagCases loads every case as one package of a single module, in one
// Load call, and groups the diagnostics by case directory.
func loadDiagCases(t *testing.T) map[string][]string {
	diagOnce.Do(func() {
		files := map[string]string{}
		for _, c := range diagCases {
			imports := ""
			for _, imp := range []string{"fmt", "net/url", "net/mail", "math/big", "time", "net", "database/sql", "encoding/json"} {
				if strings.Contains(c.src, imp[strings.LastIndex(imp, "/")+1:]+".") {
					imports += "import \"" + imp + "\"\n"
				}
			}
			files[c.name+"/contract.go"] = "package c\n" + imports + c.src + "\n"
		}
		dir := writeModule(t, files)
		var diags []model.Diagnostic
		_, diags, diagErr = Load(Config{Dir: dir, Patterns: []string{"./..."}})
		diagByDir = map[string][]string{}
		for _, d := range diags {
			c, rest, _ := strings.Cut(d.String(), "/")
			diagByDir[c] = append(diagByDir[c], rest)
		}
	})
	if diagErr != nil {
		t.Fatal(diagErr)
	}
	return diagByDir
}

func TestDiagnostics(t *testing.T) {
	got := loadDiagCases(t)
	var names []string
	for _, c := range diagCases {
		names = append(names, c.name)
		t.Run(c.name, func(t *testing.T) {
			if g := got[c.name]; !slices.Equal(g, c.want) {
				t.Errorf("diagnostics:\n got: %s\nwant: %s", strings.Join(g, "\n      "), strings.Join(c.want, "\n      "))
			}
		})
	}
	for dir := range got {
		if !slices.Contains(names, dir) {
			t.Errorf("diagnostics outside any case: %v", got[dir])
		}
	}
}
