package schema

import (
	"strconv"

	"github.com/stitchgen/stitchgen/facts"
	"github.com/stitchgen/stitchgen/model"
)

// A Doc is one built schema document with what later stages need to know
// about it.
type Doc struct {
	Schema *model.Object
	// Discriminators maps the JSON Pointer of every discriminated-union node
	// (a "oneOf") in Schema to its declared discriminator key, for flatten.
	Discriminators map[string]string
	// Positions maps the dotted property path of every property in Schema
	// ("items.sku", "delivery.address"; array items, map values and union
	// variants are transparent) to the Go field that declares it, for the
	// diagnostics. The first declaration wins. Properties inside a $defs
	// entry are recorded under the path of the entry's first reference
	// (see DefPaths); for a recursive root that is the root ("").
	Positions map[string]model.Pos
	// DefPaths maps each $defs entry name to the dotted path of its first
	// reference, so a finding at "/$defs/Node/properties/name" can be named
	// DefPaths["Node"] + ".name".
	DefPaths map[string]string
}

// Input returns the lossless input schema of a tool. The root is an inline
// object without a description: the tool's description says it.
func Input(t *model.Tool) *Doc {
	d := build(t.Input)
	d.Schema.Delete("description")
	return d
}

// Output returns the lossless output schema of a tool; nil when the tool
// has no output type. Its root carries the output type's doc comment as
// description, since nothing else in a tool listing says it.
func Output(t *model.Tool) *Doc {
	if t.Output == nil {
		return nil
	}
	return build(t.Output)
}

// A loc is where a node sits: its JSON Pointer in the document and the
// dotted property path used for diagnostics.
type loc struct {
	ptr  string
	path string
}

func (l loc) at(suffix string) loc { return loc{l.ptr + suffix, l.path} }

func (l loc) prop(name string) loc {
	p := name
	if l.path != "" {
		p = l.path + "." + name
	}
	return loc{l.ptr + "/properties/" + facts.PointerToken(name), p}
}

func (l loc) branch(keyword string, i int) loc {
	return l.at("/" + keyword + "/" + strconv.Itoa(i))
}

// A builder builds one document.
type builder struct {
	names    map[*model.Type]string // $defs names of the recursive types reachable from the root
	queued   map[*model.Type]bool
	inlining map[*model.Type]bool // named types whose inline schema is being built
	pending  []*model.Type        // recursive types referenced so far, in order of first reference
	doc      *Doc
}

func build(root *model.Type) *Doc {
	b := &builder{
		names:    defNames(reachableRecursive(root)),
		queued:   map[*model.Type]bool{},
		inlining: map[*model.Type]bool{},
		doc: &Doc{
			Discriminators: map[string]string{},
			Positions:      map[string]model.Pos{},
			DefPaths:       map[string]string{},
		},
	}
	if root == nil {
		b.doc.Schema = model.NewObject("type", "object", "properties", &model.Object{})
		return b.doc
	}
	root = root.Deref()
	if root.Recursive && root.IsNamed() {
		b.enqueue(root, "") // the root's own properties name its $defs entry
	}
	n := b.inline(root, loc{})
	for i := 0; i < len(b.pending); i++ {
		t := b.pending[i]
		name := b.defName(t)
		dn := b.inline(t, loc{"/$defs/" + facts.PointerToken(name), b.doc.DefPaths[name]})
		n.defs = append(n.defs, def{name, dn})
	}
	b.doc.Schema = n.object()
	return b.doc
}

// enqueue schedules the $defs entry of a recursive type, once.
func (b *builder) enqueue(t *model.Type, path string) {
	if b.queued[t] {
		return
	}
	b.queued[t] = true
	b.pending = append(b.pending, t)
	b.doc.DefPaths[b.defName(t)] = path
}

// position records the Go position of a property path; the first wins.
func (b *builder) position(path string, pos model.Pos) {
	if _, ok := b.doc.Positions[path]; !ok {
		b.doc.Positions[path] = pos
	}
}
