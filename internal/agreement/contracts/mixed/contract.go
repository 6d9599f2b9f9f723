// Package mixed is an agreement contract: unions (discriminated with single
// and multi-value variants of every key policy, untagged with scalar and
// object variants, nullable), recursion, a strip root, and every runtime
// tolerance (coerce, trim, lower, upper, catch). Together with
// package every it uses every visible constraint and shape. stitch_gen.go is
// generated from it.
package mixed

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Draw draws shapes.
//
//stitch:tool draw
type Draw struct {
	Shape  Shape   `json:"shape"`
	Others []Shape `json:"others,omitempty" jsonschema:"maxItems=3"`
	Maybe  Shape   `json:"maybe" jsonschema:"nullable"`
	Value  Value   `json:"value"`
	Values []Value `json:"values,omitempty" jsonschema:"maxItems=3"`
	Opt    Value   `json:"opt,omitempty" jsonschema:"nullable"`
}

// Shape is a figure.
//
//stitch:union kind
type Shape interface{ isShape() }

// Circle is round and strict.
//
//stitch:variant circle
type Circle struct {
	R     float64 `json:"r" jsonschema:"minimum=0"`
	Label string  `json:"label,omitempty" jsonschema:"maxLength=5"`
}

// Rect has two discriminator values and strips unknown keys.
//
//stitch:variant rect square
//stitch:strip
type Rect struct {
	Kind string `json:"kind"`
	W    uint8  `json:"w"`
	H    uint8  `json:"h,omitempty"`
}

// Blob keeps unknown keys as strings; label is an integer here.
//
//stitch:variant blob
//stitch:loose
type Blob struct {
	Label int               `json:"label"`
	Extra map[string]string `json:"-" stitch:"catchall"`
}

func (Circle) isShape() {}
func (Rect) isShape()   {}
func (Blob) isShape()   {}

// Value is a word, a number, a flag or a pair.
//
//stitch:union
type Value interface{ isValue() }

// Word is a short lowercase word.
type Word string

// Amount is a quantity.
type Amount float64

// Flag is a switch.
type Flag bool

// Pair is two words.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
}

func (Word) isValue()   {}
func (Amount) isValue() {}
func (Flag) isValue()   {}
func (Pair) isValue()   {}

// Grow builds a tree with mutual recursion.
//
//stitch:tool grow
//stitch:strip
type Grow struct {
	Root Node   `json:"root"`
	Path []Node `json:"path,omitempty" jsonschema:"maxItems=2"`
}

// Node is a tree node.
type Node struct {
	Name     string `json:"name" jsonschema:"minLength=1,maxLength=6"`
	Children []Node `json:"children,omitempty" jsonschema:"maxItems=3"`
	Next     *Node  `json:"next" jsonschema:"nullable"`
	Leaf     *Leaf  `json:"leaf,omitempty"`
}

// Leaf refers back to a node.
type Leaf struct {
	Weight int8  `json:"weight" jsonschema:"minimum=0"`
	Back   *Node `json:"back,omitempty"`
}

// Tolerate has every runtime tolerance a stitch tag asks for (coerce, trim, lower,
// upper, catch); none is advertised.
//
//stitch:tool tolerate
type Tolerate struct {
	Count int     `json:"count" jsonschema:"minimum=0,maximum=100" stitch:"coerce"`
	Ratio float64 `json:"ratio,omitempty" stitch:"coerce"`
	On    bool    `json:"on,omitempty" stitch:"coerce"`
	Name  string  `json:"name" jsonschema:"minLength=1,maxLength=5" stitch:"trim"`
	Tag   string  `json:"tag,omitempty" jsonschema:"enum=red,enum=blue" stitch:"lower"`
	Code  string  `json:"code,omitempty" jsonschema:"pattern=^[A-Z]+$" stitch:"upper"`
	Level int     `json:"level,omitempty" jsonschema:"minimum=1,maximum=3,default=2" stitch:"catch"`
	Plain int8    `json:"plain"`
}
