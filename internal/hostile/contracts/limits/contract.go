// Package limits is a hostile-input contract for resource limits: objects
// with many keys (a loose catchall, a map, a strict object), long arrays,
// long strings and numbers, and items that can all be invalid at once.
// stitch_gen.go is generated from it.
package limits

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Bag keeps every unknown key in its catchall.
//
//stitch:tool bag
type Bag struct {
	ID    string         `json:"id"`
	Extra map[string]int `json:"-" stitch:"catchall"`
}

// Dict holds a map property.
//
//stitch:tool dict
type Dict struct {
	Entries map[string]int `json:"entries"`
}

// Tight is a strict object with one property.
//
//stitch:tool tight
type Tight struct {
	A int `json:"a"`
}

// Numbers holds a long array of small integers.
//
//stitch:tool numbers
type Numbers struct {
	// Every item must be between 0 and 9.
	Items []int `json:"items" jsonschema:"minimum=0,maximum=9"`
}

// Scalars holds one string and numbers of several kinds.
//
//stitch:tool scalars
type Scalars struct {
	S   string  `json:"s"`
	F   float64 `json:"f"`
	I   int64   `json:"i"`
	Any any     `json:"any,omitempty" stitch:"untyped"`
}

// Nest is a recursive object.
//
//stitch:tool nest
type Nest struct {
	Child *Nest `json:"child,omitempty"`
}
