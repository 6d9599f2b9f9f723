package load

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// dump renders a package model as compact text, so positive tests can
// compare the whole model against an expectation written from the SPEC.
func dump(p *model.Package) string {
	var b strings.Builder
	for _, t := range p.Tools {
		out := "-"
		if t.Output != nil {
			out = t.Output.Name
		}
		fmt.Fprintf(&b, "tool %s input=%s output=%s title=%q desc=%q @%s\n", t.Name, t.Input.Name, out, t.Title, t.Description, t.Pos)
	}
	for _, t := range p.Types {
		dumpType(&b, t)
	}
	return b.String()
}

func dumpType(b *strings.Builder, t *model.Type) {
	fmt.Fprintf(b, "type %s %s", t.Name, t.Kind)
	if t.Recursive {
		b.WriteString(" recursive")
	}
	if t.Validate {
		b.WriteString(" validate")
		if t.PtrRecv {
			b.WriteString("(ptr)")
		}
	}
	if t.Doc != "" {
		fmt.Fprintf(b, " doc=%q", t.Doc)
	}
	switch t.Kind {
	case model.KindStruct:
		st := t.Struct
		fmt.Fprintf(b, " %s", st.Policy)
		if st.Discriminator != "" {
			fmt.Fprintf(b, " variant %s=%s", st.Discriminator, strings.Join(st.Values, "|"))
		}
		if st.Catchall != nil {
			fmt.Fprintf(b, " catchall=%s:%s", st.Catchall.GoName, typeExpr(st.Catchall.Type))
		}
		b.WriteByte('\n')
		for _, f := range st.Fields {
			b.WriteString("  " + dumpField(f) + "\n")
		}
	case model.KindUnion:
		fmt.Fprintf(b, " key=%q\n", t.Union.Discriminator)
		for _, v := range t.Union.Variants {
			ptr := ""
			if v.Pointer {
				ptr = "*"
			}
			fmt.Fprintf(b, "  variant %s%s %s\n", ptr, v.Type.Name, strings.Join(v.Values, "|"))
		}
	case model.KindOpaque:
		fmt.Fprintf(b, " schema=%s\n", t.Schema)
	default:
		fmt.Fprintf(b, " = %s\n", typeExpr(&model.Type{Kind: t.Kind, Basic: t.Basic, Elem: t.Elem, Len: t.Len, RawMessage: t.RawMessage}))
	}
}

func dumpField(f *model.Field) string {
	var path []string
	for _, s := range f.Path {
		n := s.Name
		if s.Pointer {
			n = "*" + n
		}
		path = append(path, n)
	}
	parts := []string{fmt.Sprintf("%s (%s) %s", f.JSONName, strings.Join(path, "."), typeExpr(f.Type))}
	flags := []struct {
		on   bool
		name string
	}{{f.Required, "required"}, {f.OmitEmpty, "omitempty"}, {f.OmitZero, "omitzero"}, {f.Nullable, "nullable"},
		{f.Deprecated, "deprecated"}, {f.Discriminator, "discriminator"}, {f.Coerce, "coerce"}, {f.Trim, "trim"},
		{f.Lower, "lower"}, {f.Upper, "upper"}, {f.Catch, "catch"}, {f.Untyped, "untyped"}}
	for _, fl := range flags {
		if fl.on {
			parts = append(parts, fl.name)
		}
	}
	if f.Title != "" {
		parts = append(parts, "title="+strconv.Quote(f.Title))
	}
	if f.Description != "" {
		parts = append(parts, "desc="+strconv.Quote(f.Description))
	}
	if f.Default != "" {
		parts = append(parts, "default="+f.Default)
	}
	for _, e := range f.Examples {
		parts = append(parts, "example="+e)
	}
	if c := dumpCheck(&f.Check); c != "" {
		parts = append(parts, "check{"+c+"}")
	}
	if f.Items != nil {
		parts = append(parts, "items{"+dumpCheck(f.Items)+"}")
	}
	return strings.Join(parts, " ")
}

func dumpCheck(c *model.Constraints) string {
	var p []string
	add := func(k, v string) {
		if v != "" {
			p = append(p, k+"="+v)
		}
	}
	addN := func(k string, n *int) {
		if n != nil {
			p = append(p, k+"="+strconv.Itoa(*n))
		}
	}
	add("minimum", c.Minimum)
	add("maximum", c.Maximum)
	add("exclusiveMinimum", c.ExclusiveMinimum)
	add("exclusiveMaximum", c.ExclusiveMaximum)
	add("multipleOf", c.MultipleOf)
	addN("minLength", c.MinLength)
	addN("maxLength", c.MaxLength)
	addN("minItems", c.MinItems)
	addN("maxItems", c.MaxItems)
	addN("minProperties", c.MinProperties)
	addN("maxProperties", c.MaxProperties)
	add("pattern", c.Pattern)
	add("format", c.Format)
	if len(c.Enum) > 0 {
		p = append(p, "enum=["+strings.Join(c.Enum, ",")+"]")
	}
	add("const", c.Const)
	if c.UniqueItems {
		p = append(p, "uniqueItems")
	}
	return strings.Join(p, " ")
}

// typeExpr spells a model type: named types by name, composites in Go syntax.
func typeExpr(t *model.Type) string {
	if t.IsNamed() {
		return t.Name
	}
	switch t.Kind {
	case model.KindPointer:
		return "*" + typeExpr(t.Elem)
	case model.KindSlice:
		return "[]" + typeExpr(t.Elem)
	case model.KindArray:
		return "[" + strconv.Itoa(t.Len) + "]" + typeExpr(t.Elem)
	case model.KindMap:
		return "map[string]" + typeExpr(t.Elem)
	case model.KindBytes:
		return "[]byte"
	case model.KindAny:
		if t.RawMessage {
			return "RawMessage"
		}
		return "any"
	case model.KindInvalid:
		return "INVALID"
	}
	return t.Basic
}
