package load

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// oddSrc declares things a loader could trip over: generic types, an
// embedded pointer to its own type (not a cycle: encoding/json visits each
// embedded type once), aliases, a cycle through an untagged
// union, a field whose type embeds the field's own struct, named funcs and
// pointers, and a file excluded by a build tag.
const oddSrc = `package c

//stitch:tool
type Gen[T any] struct {
	V T ` + "`json:\"v\"`" + `
}

//stitch:tool odd
type Odd struct {
	*Odd
	G     Box[int]    ` + "`json:\"g\"`" + `
	Loop  Loop        ` + "`json:\"loop\"`" + `
	Alias AliasT      ` + "`json:\"alias\"`" + `
	Node  Node        ` + "`json:\"node\"`" + `
	Fn    Fn          ` + "`json:\"fn\"`" + `
	Ptr   PtrT        ` + "`json:\"ptr\"`" + `
	Arr   [2]chan int ` + "`json:\"arr\"`" + `
	T     Gen[string] ` + "`json:\"t\"`" + `
	S     S           ` + "`json:\"s\"`" + `
}

type S struct {
	X *Back ` + "`json:\"x,omitempty\"`" + `
}

type Back struct{ S }

type Box[T any] struct{ V T }

type Loop struct {
	*Loop
	N int ` + "`json:\"n\"`" + `
}

type AliasT = Loop

//stitch:union
type Node interface{ isNode() }

type Leaf string

type Branch struct {
	Kids []Node ` + "`json:\"kids\"`" + `
}

func (Leaf) isNode()    {}
func (*Branch) isNode() {}

type Fn func()

type PtrT *int
`

const excludedSrc = `//go:build never

package c

this file does not even parse
`

const cgoSrc = `package c

/*
static int three(void) { return 3; }
*/
import "C"

func three() int { return int(C.three()) }
`

func TestOddDeclarations(t *testing.T) {
	dir := writeModule(t, map[string]string{"contract.go": oddSrc, "excluded.go": excludedSrc, "cgo.go": cgoSrc})
	pkgs, diags, err := Load(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// Box[int] and Gen[string] are instantiations, contract types of
	// their own (generic.go); only the generic declaration cannot be a tool.
	want := []string{
		"contract.go:3:1: tool gen: generic type Gen[T any] is not supported; declare a non-generic type",
		"contract.go:15:2: field Odd.Fn: func type func() cannot be carried in JSON; remove the field or hide it with json:\"-\"",
		"contract.go:16:2: field Odd.Ptr: named pointer type PtrT is not supported; use *T directly",
		"contract.go:17:2: field Odd.Arr: channel type chan int cannot be carried in JSON; remove the field or hide it with json:\"-\"",
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
	if len(pkgs) != 1 || len(pkgs[0].Tools) != 1 {
		t.Fatalf("want one package with the tool odd, got %v", pkgs)
	}
	var rec []string
	for _, ty := range pkgs[0].Types {
		if ty.Recursive {
			rec = append(rec, ty.Name)
		}
		if ty.Kind == model.KindStruct {
			for _, f := range ty.Struct.Fields {
				if f.Type == nil || f.Path[len(f.Path)-1].Type != f.Type {
					t.Errorf("field %s.%s has no complete type", ty.Name, f.GoName)
				}
			}
		}
	}
	if want := []string{"Back", "Node", "Branch"}; !slices.Equal(rec, want) {
		t.Errorf("recursive types %v, want %v", rec, want)
	}
}
