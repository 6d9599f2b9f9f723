// Package every is an agreement contract: together with package mixed it
// uses every visible constraint and shape of the contract language (docs/contracts.md),
// so the agreement tests of package agreement can compare the generated
// decoder with a JSON Schema validator on every keyword. stitch_gen.go is
// generated from it.
package every

import (
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"time"

	"github.com/stitchgen/stitchgen/stitch"
)

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Ints has every integer width, plain and bounded.
//
//stitch:tool ints
type Ints struct {
	I     int     `json:"i"`
	I8    int8    `json:"i8"`
	I16   int16   `json:"i16"`
	I32   int32   `json:"i32"`
	I64   int64   `json:"i64"`
	U     uint    `json:"u"`
	U8    uint8   `json:"u8"`
	U16   uint16  `json:"u16"`
	U32   uint32  `json:"u32"`
	U64   uint64  `json:"u64"`
	Ptr   uintptr `json:"ptr,omitempty"`
	Range int32   `json:"range" jsonschema:"minimum=-10,maximum=10"`
	Open  int     `json:"open" jsonschema:"exclusiveMinimum=-3,exclusiveMaximum=3"`
	Tight int8    `json:"tight" jsonschema:"minimum=-200"`
	Step  int64   `json:"step" jsonschema:"multipleOf=7"`
	Huge  uint64  `json:"huge,omitempty" jsonschema:"minimum=18446744073709551000"`
	Deflt int16   `json:"deflt,omitempty" jsonschema:"default=42"`
}

// Floats has both float widths with bounds and multipleOf.
//
//stitch:tool floats
type Floats struct {
	F32   float32  `json:"f32"`
	F64   float64  `json:"f64"`
	Unit  float64  `json:"unit" jsonschema:"minimum=0,maximum=1"`
	Open  float64  `json:"open" jsonschema:"exclusiveMinimum=-1.5,exclusiveMaximum=2.5"`
	Half  float64  `json:"half" jsonschema:"multipleOf=0.5"`
	Tenth float32  `json:"tenth,omitempty" jsonschema:"multipleOf=0.1,maximum=10"`
	Deflt *float64 `json:"deflt,omitempty" jsonschema:"default=1.25"`
}

// Strings has lengths, patterns, enums, consts and every portable format.
//
//stitch:tool strings
type Strings struct {
	Short   string  `json:"short" jsonschema:"minLength=2,maxLength=4"`
	Code    string  `json:"code" jsonschema:"pattern=^[a-z]{2}-[0-9]+$"`
	Color   string  `json:"color" jsonschema:"enum=red,enum=green,enum=blue"`
	Version string  `json:"version" jsonschema:"const=v1"`
	Deflt   string  `json:"deflt,omitempty" jsonschema:"default=hello,maxLength=8"`
	Formats Formats `json:"formats"`
}

// Formats has one optional property per portable format.
type Formats struct {
	Date     string `json:"date,omitempty" jsonschema:"format=date"`
	Time     string `json:"time,omitempty" jsonschema:"format=time"`
	DateTime string `json:"dateTime,omitempty" jsonschema:"format=date-time"`
	Duration string `json:"duration,omitempty" jsonschema:"format=duration"`
	URI      string `json:"uri,omitempty" jsonschema:"format=uri"`
	URIRef   string `json:"uriRef,omitempty" jsonschema:"format=uri-reference"`
	URITmpl  string `json:"uriTmpl,omitempty" jsonschema:"format=uri-template"`
	Email    string `json:"email,omitempty" jsonschema:"format=email"`
	Host     string `json:"host,omitempty" jsonschema:"format=hostname"`
	IPv4     string `json:"ipv4,omitempty" jsonschema:"format=ipv4"`
	IPv6     string `json:"ipv6,omitempty" jsonschema:"format=ipv6"`
	Regex    string `json:"regex,omitempty" jsonschema:"format=regex"`
	UUID     string `json:"uuid,omitempty" jsonschema:"format=uuid"`
	Pointer  string `json:"pointer,omitempty" jsonschema:"format=json-pointer"`
	RelPtr   string `json:"relPtr,omitempty" jsonschema:"format=relative-json-pointer"`
}

// Containers has arrays, fixed arrays, maps, bytes and times.
//
//stitch:tool containers
type Containers struct {
	Tags   []string          `json:"tags" jsonschema:"minItems=1,maxItems=4,uniqueItems,maxLength=3"`
	Nums   []float64         `json:"nums,omitempty" jsonschema:"uniqueItems"`
	Trio   [3]int8           `json:"trio"`
	Labels map[string]uint16 `json:"labels" jsonschema:"minProperties=1,maxProperties=3"`
	Grid   [][]bool          `json:"grid,omitempty" jsonschema:"maxItems=3"`
	Points []Point           `json:"points,omitempty" jsonschema:"uniqueItems,maxItems=3"`
	ByName map[string]Point  `json:"byName,omitempty"`
	Blob   []byte            `json:"blob"`
	When   time.Time         `json:"when"`
	Times  []time.Time       `json:"times,omitempty" jsonschema:"maxItems=2"`
}

// Point is a strict pair of coordinates.
type Point struct {
	X int16 `json:"x"`
	Y int16 `json:"y"`
}

// Standard has the standard types with a meaning of their own: a number
// whose text is kept, ISO 8601 durations, months and weekdays, and
// properties that tell absent, null and a value apart.
//
//stitch:tool standard
type Standard struct {
	Amount json.Number                    `json:"amount" jsonschema:"minimum=0"`
	Delay  time.Duration                  `json:"delay"`
	Delays []time.Duration                `json:"delays,omitempty" jsonschema:"maxItems=2"`
	Month  time.Month                     `json:"month"`
	Day    time.Weekday                   `json:"day,omitempty"`
	Label  stitch.Nullable[string]        `json:"label" jsonschema:"maxLength=5"`
	Owner  stitch.Nullable[Point]         `json:"owner,omitzero"`
	Limit  stitch.Nullable[json.Number]   `json:"limit"`
	Every  stitch.Nullable[time.Duration] `json:"every"`
	Big    *big.Int                       `json:"big,omitempty" jsonschema:"multipleOf=3"`
}

// Nulls has a nullable property of every kind, required and optional.
//
//stitch:tool nulls
type Nulls struct {
	Str    *string           `json:"str" jsonschema:"nullable,minLength=1"`
	Int    *int32            `json:"int" jsonschema:"nullable,minimum=0"`
	Num    *float64          `json:"num" jsonschema:"nullable"`
	Bool   *bool             `json:"bool" jsonschema:"nullable"`
	Enum   *string           `json:"enum" jsonschema:"nullable,enum=a,enum=b"`
	List   []string          `json:"list" jsonschema:"nullable,maxItems=2"`
	Map    map[string]string `json:"map" jsonschema:"nullable"`
	Obj    *Point            `json:"obj" jsonschema:"nullable"`
	Time   *time.Time        `json:"time" jsonschema:"nullable"`
	Blob   []byte            `json:"blob" jsonschema:"nullable"`
	OptStr *string           `json:"optStr,omitempty" jsonschema:"nullable"`
	OptObj *Point            `json:"optObj,omitempty" jsonschema:"nullable"`
	NoNull *string           `json:"noNull,omitempty"`
	Zero   int               `json:"zero,omitzero"`
}

// Policies nests objects of every key policy.
//
//stitch:tool policies
type Policies struct {
	Strict Point    `json:"strict"`
	Strip  Stripped `json:"strip"`
	Loose  Loose    `json:"loose"`
	Open   Open     `json:"open,omitempty"`
}

// Stripped drops unknown keys and reports them.
//
//stitch:strip
type Stripped struct {
	Name string `json:"name" jsonschema:"minLength=1"`
	Deep Point  `json:"deep,omitempty"`
}

// Loose keeps unknown keys in a typed catchall.
//
//stitch:loose
type Loose struct {
	ID    int            `json:"id" jsonschema:"minimum=1"`
	Extra map[string]int `json:"-" stitch:"catchall"`
}

// Open keeps unknown keys of any value.
type Open struct {
	Kind  string         `json:"kind,omitempty"`
	Extra map[string]any `json:"-" stitch:"catchall"`
}

// Free has free-form values, a hidden check, promoted fields, a
// TextUnmarshaler and annotations.
//
//stitch:tool free
type Free struct {
	Base
	Any   any             `json:"any" stitch:"untyped"`
	Raw   json.RawMessage `json:"raw,omitempty" stitch:"untyped"`
	Check Checked         `json:"check"`
	// Addr is decoded by netip.Addr's UnmarshalText.
	Addr netip.Addr `json:"addr,omitzero" jsonschema:"format=ipv6"`
	Old  string     `json:"old,omitempty" jsonschema:"title=Old,deprecated,example=abc,description=Kept for old callers."`
}

// Base is embedded: its fields are promoted.
type Base struct {
	ID   uint32 `json:"id" jsonschema:"minimum=1"`
	Note string `json:"note,omitempty" jsonschema:"maxLength=3"`
}

// Checked has a hidden Validate check: a must not exceed b.
type Checked struct {
	A int `json:"a"`
	B int `json:"b"`
}

// Validate is a hidden check, never advertised.
func (c Checked) Validate() error {
	if c.A > c.B {
		return errors.New("a must not exceed b")
	}
	return nil
}
