// Package kitchen is a conformance contract for fuzzing: one tool per
// family of features (scalars and bounds, formats, containers, unions,
// recursion, policies), none with a tolerance (coerce, catch, trim), so an
// accepted input must validate against the lossless schema.
// stitch_gen.go is generated from it.
package kitchen

import "time"

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Scalars exercises numbers, bounds and string constraints.
//
//stitch:tool scalars
type Scalars struct {
	Small   uint8    `json:"small"`
	Big     int64    `json:"big" jsonschema:"minimum=-5,exclusiveMaximum=9007199254740993"`
	Ratio   float64  `json:"ratio" jsonschema:"exclusiveMinimum=0,maximum=1"`
	Step    int      `json:"step" jsonschema:"multipleOf=5"`
	Price   float32  `json:"price,omitempty" jsonschema:"multipleOf=0.25"`
	Code    string   `json:"code" jsonschema:"pattern=^[a-z]{2}-[0-9]+$,minLength=4,maxLength=8"`
	Color   string   `json:"color,omitempty" jsonschema:"enum=red,enum=green,enum=blue"`
	Version string   `json:"version,omitempty" jsonschema:"const=v1"`
	Flag    *bool    `json:"flag" jsonschema:"nullable"`
	Count   *uint64  `json:"count,omitempty" jsonschema:"default=7"`
	Label   *string  `json:"label,omitempty" jsonschema:"default=none,maxLength=10"`
	Score   *float64 `json:"score,omitempty" jsonschema:"nullable"`
}

// Formats exercises the portable formats.
//
//stitch:tool formats
type Formats struct {
	When  time.Time `json:"when"`
	Day   string    `json:"day,omitempty" jsonschema:"format=date"`
	Mail  string    `json:"mail,omitempty" jsonschema:"format=email"`
	ID    string    `json:"id,omitempty" jsonschema:"format=uuid"`
	IP    string    `json:"ip,omitempty" jsonschema:"format=ipv4"`
	IP6   string    `json:"ip6,omitempty" jsonschema:"format=ipv6"`
	Link  string    `json:"link,omitempty" jsonschema:"format=uri"`
	Host  string    `json:"host,omitempty" jsonschema:"format=hostname"`
	Ptr   string    `json:"ptr,omitempty" jsonschema:"format=json-pointer"`
	Dur   string    `json:"dur,omitempty" jsonschema:"format=duration"`
	Clock string    `json:"clock,omitempty" jsonschema:"format=time"`
	Blob  []byte    `json:"blob,omitempty"`
}

// Containers exercises arrays, maps and uniqueness.
//
//stitch:tool containers
type Containers struct {
	Tags   []string          `json:"tags" jsonschema:"uniqueItems,maxItems=5,minLength=1"`
	Pair   [2]int            `json:"pair"`
	Labels map[string]string `json:"labels,omitempty"`
	Grid   [][]int8          `json:"grid,omitempty"`
	Points []Point           `json:"points,omitempty" jsonschema:"uniqueItems"`
	Props  map[string]*Point `json:"props,omitempty"`
}

// Point is a strict pair of coordinates.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Shapes exercises a discriminated union and an untagged one.
//
//stitch:tool shapes
type Shapes struct {
	Shape  Shape   `json:"shape"`
	Others []Shape `json:"others,omitempty"`
	Value  Value   `json:"value"`
	Maybe  Shape   `json:"maybe" jsonschema:"nullable"`
}

// Shape is a figure.
//
//stitch:union kind
type Shape interface{ isShape() }

// Circle is round.
//
//stitch:variant circle
type Circle struct {
	R float64 `json:"r" jsonschema:"minimum=0"`
}

// Rect has corners; it strips unknown keys.
//
//stitch:variant rect square
//stitch:strip
type Rect struct {
	Kind string `json:"kind"`
	W    int    `json:"w"`
	H    int    `json:"h,omitempty"`
}

func (Circle) isShape() {}
func (Rect) isShape()   {}

// Value is a name, a number or a point.
//
//stitch:union
type Value interface{ isValue() }

// Name is a short name.
type Name string

// Amount is a quantity.
type Amount float64

func (Name) isValue()   {}
func (Amount) isValue() {}
func (Point) isValue()  {}

// Tree exercises recursion.
//
//stitch:tool tree
type Tree struct {
	Root Node `json:"root"`
}

// Node is a tree node.
type Node struct {
	Name     string `json:"name" jsonschema:"minLength=1"`
	Children []Node `json:"children,omitempty" jsonschema:"maxItems=4"`
	Next     *Node  `json:"next" jsonschema:"nullable"`
}
