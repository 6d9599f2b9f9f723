package profile

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// notes collect what a projection takes out of one schema node, to be said
// in that node's description (stitchgen's own wording, pinned by tests):
//
//	<description> Constraints: minLength 4, pattern "^[a-z]+$". Default: "x". Examples: "a", "b". Deprecated.
//
// Each constraint is its keyword and its value as compact JSON, in the
// node's key order; a oneOf read as anyOf is "oneOf (exactly one anyOf
// branch matches)". The parts are joined to any description with one
// space.
type notes struct {
	constraints []string
	def         any
	hasDefault  bool
	examples    []any
	deprecated  bool
}

// constraint records keyword k with value v as taken out.
func (n *notes) constraint(k string, v any) {
	n.constraints = append(n.constraints, k+" "+compact(v))
}

// oneOf records a oneOf that the projection writes as anyOf.
func (n *notes) oneOf() {
	n.constraints = append(n.constraints, "oneOf (exactly one anyOf branch matches)")
}

// annotation records an annotation keyword the profile does not take;
// the others (title, $comment, readOnly, ...) say nothing the decoder does.
func (n *notes) annotation(k string, v any) {
	switch k {
	case "default":
		n.def, n.hasDefault = v, true
	case "examples":
		if list, ok := model.List(v); ok {
			n.examples = append(n.examples, list...)
		} else {
			n.examples = append(n.examples, v)
		}
	case "deprecated":
		n.deprecated = n.deprecated || v == true
	}
}

func (n *notes) empty() bool {
	return len(n.constraints) == 0 && !n.hasDefault && len(n.examples) == 0 && !n.deprecated
}

// text returns base with the notes appended.
func (n *notes) text(base string) string {
	parts := []string{}
	if base != "" {
		parts = append(parts, base)
	}
	if len(n.constraints) > 0 {
		parts = append(parts, "Constraints: "+strings.Join(n.constraints, ", ")+".")
	}
	if n.hasDefault {
		parts = append(parts, "Default: "+compact(n.def)+".")
	}
	if len(n.examples) > 0 {
		vals := make([]string, len(n.examples))
		for i, e := range n.examples {
			vals[i] = compact(e)
		}
		parts = append(parts, "Examples: "+strings.Join(vals, ", ")+".")
	}
	if n.deprecated {
		parts = append(parts, "Deprecated.")
	}
	return strings.Join(parts, " ")
}

// compact writes a data value as compact JSON; a value the document type
// cannot write (a malformed number literal) is written "?" rather than
// failing.
func compact(v any) string {
	b, err := model.Marshal(v)
	if err != nil {
		return "?"
	}
	return string(b)
}

// describe sets o's description to base plus the notes, keeping the
// position of an existing description.
func describe(o *model.Object, base string, n *notes) {
	if n.empty() {
		if base != "" {
			o.Set("description", base)
		}
		return
	}
	o.Set("description", n.text(base))
}
