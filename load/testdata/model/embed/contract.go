package c

// Outer promotes fields as encoding/json does.
//
//stitch:tool
//stitch:strip
type Outer struct {
	Base
	*Extra
	// Name shadows Base.Name: depth 0 wins.
	Name string `json:"name"`
	inner
	Meta `json:"meta"`
	Tie1
	Tie2
	Label
	*Stamp `json:"stamp,omitempty"`
}

type Base struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

type Extra struct {
	Note string `json:"note,omitempty"`
	Deep
}

type Deep struct {
	Level int `json:"level"`
}

type inner struct {
	Hidden bool `json:"hidden"`
}

type Meta struct {
	Source string `json:"source"`
}

// Tie1 and Tie2 both promote Key at depth 1; the tagged one wins. Tie2 is
// not a contract type: no property of Outer passes through it.
type Tie1 struct {
	Key string `json:"Key"`
}

type Tie2 struct {
	Key int
}

// Label is embedded but not a struct: it is a property named Label.
type Label string

type Stamp struct {
	At string `json:"at"`
}
