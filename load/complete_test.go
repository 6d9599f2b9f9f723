package load

import (
	"testing"
)

// TestIncompleteTools: a tool is Incomplete when it reaches a type that an
// error left incomplete; errors about one jsonschema keyword (left out)
// keep it complete.
func TestIncompleteTools(t *testing.T) {
	p, diags := loadSource(t, `package c

//stitch:tool
type Keyword struct {
	A string `+"`json:\"a\" jsonschema:\"pattern=a**,minLenght=1\"`"+`
	B int    `+"`json:\"b,omitempty\" jsonschema:\"maximum=3,default=5\"`"+`
}

//stitch:tool
type BadType struct {
	C chan int `+"`json:\"c\"`"+`
}

//stitch:tool
type Nested struct {
	I Inner `+"`json:\"i\"`"+`
}

type Inner struct {
	X string `+"`json:\"x\" stitch:\"bogus\"`"+`
}

//stitch:tool
type HasUnion struct {
	U U `+"`json:\"u\"`"+`
}

//stitch:union kind
type U interface{ isU() }

//stitch:variant a
type A struct{}

type B struct{}

func (A) isU() {}
func (B) isU() {}

//stitch:tool output=Out
type WithOutput struct{}

//stitch:strict
type Out struct {
	E map[string]any `+"`json:\"-\" stitch:\"catchall\"`"+`
}
`)
	if len(diags) != 7 {
		t.Errorf("want 7 diagnostics, got:\n%s", diagText(diags))
	}
	want := map[string]bool{"keyword": false, "bad_type": true, "nested": true, "has_union": true, "with_output": true}
	for _, tl := range p.Tools {
		if tl.Incomplete != want[tl.Name] {
			t.Errorf("tool %s: Incomplete = %v, want %v", tl.Name, tl.Incomplete, want[tl.Name])
		}
		delete(want, tl.Name)
	}
	if len(want) > 0 {
		t.Errorf("tools not loaded: %v", want)
	}
}
