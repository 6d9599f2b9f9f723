package gen

import (
	"bytes"
	"go/format"
	"strings"
	"testing"
)

// Every runtime declaration's text is gofmt-clean on its own, after one
// blank line; so is any sequence of them, since gofmt keeps a single blank
// line between top-level declarations and aligns nothing across it.
func TestRuntimeDeclsFormatted(t *testing.T) {
	g, err := runtimeDecls()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.decls) < 100 {
		t.Fatalf("%d runtime declarations: the joiner lost some", len(g.decls))
	}
	for _, d := range g.decls {
		src := append([]byte("package p\n"), d.text...)
		got, err := format.Source(src)
		if err != nil || !bytes.Equal(got, src) {
			t.Errorf("not gofmt-clean on its own (err %v):\n%s", err, d.text)
		}
	}
}

const toyRuntime = `package rt

import (
	"sort"
	"strconv"
	"strings"
)

// stitchA is reached from the file.
func stitchA() string { return strconv.Itoa(stitchB()) }

func stitchB() int { return 1 }

// stitchUnused is not reached; its import of strings goes with it.
func stitchUnused() string { return strings.ToUpper("x") }

type stitchT struct{ n int }

func (t stitchT) used() int { return t.n }

func (t stitchT) unused() int { return t.n }

// String may satisfy fmt.Stringer: kept with its type.
func (t stitchT) String() string { return "t" }

type stitchU struct{}

func (stitchU) used() {}

func stitchShadow() {
	var sort = []int{1}
	_ = sort
}

func stitchSorts(s []int) { sort.Ints(s) }

const (
	stitchC1 = iota
	stitchC2
)
`

func TestRuntimeReach(t *testing.T) {
	g, err := newRuntimeGraph([]byte(toyRuntime))
	if err != nil {
		t.Fatal(err)
	}
	text, imports, _ := g.pruned(map[string]bool{"stitchA": true, "stitchT": true, "used": true, "stitchShadow": true, "stitchC2": true})
	want := `
// stitchA is reached from the file.
func stitchA() string { return strconv.Itoa(stitchB()) }

func stitchB() int { return 1 }

type stitchT struct{ n int }

func (t stitchT) used() int { return t.n }

// String may satisfy fmt.Stringer: kept with its type.
func (t stitchT) String() string { return "t" }

func stitchShadow() {
	var sort = []int{1}
	_ = sort
}

const (
	stitchC1 = iota
	stitchC2
)
`
	if string(text) != want {
		t.Errorf("pruned runtime:\n%s\nwant:\n%s", text, want)
	}
	var paths []string
	for p := range imports {
		paths = append(paths, p)
	}
	if got := strings.Join(paths, ","); got != "strconv" {
		t.Errorf("imports %s, want strconv (a local named sort is no use of package sort)", got)
	}
}

func TestRuntimeNoInit(t *testing.T) {
	_, err := newRuntimeGraph([]byte("package rt\n\nfunc init() {}\n"))
	want := "runtime: an init function would run in every package whether reached or not; there is none by design"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
