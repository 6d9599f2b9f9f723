package decode

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// A member is one key the struct decoder knows: a field, or the implied
// discriminator of a variant that does not declare it.
type member struct {
	key   string
	field *model.Field // nil for the implied discriminator
	bit   int
}

func members(st *model.Struct) []member {
	var ms []member
	implied := st.Discriminator != ""
	for i, f := range st.Fields {
		ms = append(ms, member{key: f.JSONName, field: f, bit: i})
		if f.JSONName == st.Discriminator {
			implied = false
		}
	}
	if implied {
		ms = append(ms, member{key: st.Discriminator, bit: len(st.Fields)})
	}
	return ms
}

// seenBit returns the expressions seen[w] and the bit mask of member bit,
// 1 << n (parenthesize it beside &).
func seenBit(bit int) (jen.Code, jen.Code) {
	return id("seen").Index(jen.Lit(bit / 64)), jen.Lit(1).Op("<<").Lit(bit % 64)
}

// decodeStructFunc emits func stitchDecodeT(d *stitchDecoder, x *T): one
// pass over the members, then missing keys, defaults and Validate.
func (e *emitter) decodeStructFunc(t *model.Type) {
	st := t.Struct
	ms := members(st)
	keys := make([]string, len(ms))
	for i, m := range ms {
		keys[i] = m.key
	}
	var cases []jen.Code
	for _, m := range ms {
		cases = append(cases, e.memberCase(st, m))
	}
	if sib := e.siblingKeys[t]; len(sib) > 0 {
		// A key only other variants of a flattened union declare: under
		// DecodeOptions.NullAsAbsent a model sends it as null.
		var lits []jen.Code
		for _, k := range sib {
			lits = append(lits, jen.Lit(k))
		}
		cases = append(cases, jen.Case(lits...).Block(
			jen.If(dvar().Dot("NullAsAbsent").Call()).Block(jen.Continue()),
			jen.Fallthrough()))
	}
	cases = append(cases, jen.Default().Block(e.unknownKey(st, strings.Join(keys, ", "))...))
	body := []jen.Code{jen.If(jen.Op("!").Add(dvar()).Dot("ObjStart").Call()).Block(jen.Return())}
	if len(ms) > 0 { // a struct without JSON properties has no key to remember
		body = append(body, jen.Var().Id("seen").Index(jen.Lit((len(ms)+63)/64)).Uint64())
	}
	if slices.ContainsFunc(ms, nullAsAbsent) { // the optional keys a null left absent (DecodeOptions.NullAsAbsent)
		body = append(body, jen.Var().Id("absent").Index(jen.Lit((len(ms)+63)/64)).Uint64())
	}
	if st.Catchall == nil { // the unknown keys, dropped or rejected, for duplicates
		body = append(body, jen.Var().Id("extra").Add(rt("KeySet")))
	}
	if t.Validate {
		body = append(body, id("m").Op(":=").Add(dvar()).Dot("Mark").Call())
	}
	body = append(body, jen.For(jen.List(id("k"), id("more")).Op(":=").Add(dvar()).Dot("ObjNext").Call(), id("more"),
		jen.List(id("k"), id("more")).Op("=").Add(dvar()).Dot("ObjNext").Call()).Block(jen.Switch(jen.String().Parens(id("k"))).Block(cases...)))
	for _, m := range ms {
		body = append(body, e.afterMember(m)...)
	}
	if t.Validate {
		body = append(body, jen.If(jen.Op("!").Add(dvar()).Dot("FailedSince").Call(id("m"))).Block(
			dvar().Dot("Custom").Call(id("x").Dot("Validate").Call())))
	}
	e.f.Line().Func().Id(decodeFuncName(t)).Params(id("d").Op("*").Add(rt("Decoder")), id("x").Op("*").Add(e.goType(t))).Block(body...)
}

// memberCase emits the switch case of one known key.
func (e *emitter) memberCase(st *model.Struct, m member) jen.Code {
	w, mask := seenBit(m.bit)
	stmts := []jen.Code{
		jen.If(jen.Op("!").Add(dvar()).Dot("FirstKey").Call(jen.Op("&").Add(w), mask, id("k"))).Block(jen.Continue()),
	}
	if nullAsAbsent(m) {
		stmts = append(stmts, jen.If(dvar().Dot("NullAsAbsent").Call()).Block(
			id("absent").Index(jen.Lit(m.bit/64)).Op("|=").Add(mask), jen.Continue()))
	}
	stmts = append(stmts, dvar().Dot("PushKey").Call())
	switch {
	case m.field == nil:
		stmts = append(stmts, e.discCheck(st, nil, 0)...)
	case m.field.Discriminator || (st.Discriminator != "" && m.key == st.Discriminator):
		stmts = append(stmts, e.allocPath(m.field)...)
		stmts = append(stmts, e.discCheck(st, ptrTo(fieldExpr(m.field)), 0)...)
	default:
		stmts = append(stmts, e.fieldDecode(m.field)...)
	}
	stmts = append(stmts, dvar().Dot("Pop").Call())
	return jen.Case(jen.Lit(m.key)).Block(stmts...)
}

// discCheck reads a variant's discriminator value and checks it is one of
// the variant's values; lhs (when not nil) receives it. The value is read
// in place and lhs gets the constant, so a discriminator allocates nothing.
func (e *emitter) discCheck(st *model.Struct, lhs *place, lvl int) []jen.Code {
	var cases []jen.Code
	for _, val := range st.Values {
		var ok []jen.Code
		if lhs != nil {
			ok = append(ok, lhs.expr().Op("=").Lit(val))
		}
		cases = append(cases, jen.Case(jen.Lit(val)).Block(ok...))
	}
	cases = append(cases, jen.Default().Add(dvar().Dot("DiscValue").Call(jen.String().Parens(id("s")), jen.Lit(quoteList(st.Values)))))
	return []jen.Code{jen.If(id("s").Op(",").Id("ok").Op(":=").Add(dvar()).Dot("StrView").Call(), id("ok")).Block(
		jen.Switch(jen.String().Parens(id("s"))).Block(cases...))}
}

// fieldExpr is the place of the field through its embedding path:
// x.A.B.F.
func fieldExpr(f *model.Field) place {
	if len(f.Path) == 0 {
		return named("x").field(f.GoName)
	}
	path := make([]string, len(f.Path))
	for i, st := range f.Path {
		path[i] = st.Name
	}
	return named("x").field(path...)
}

func ptrTo(p place) *place { return &p }

// allocPath allocates the nil embedded pointers on the way to f.
func (e *emitter) allocPath(f *model.Field) []jen.Code {
	var out []jen.Code
	s := named("x")
	for i, st := range f.Path {
		s = s.field(st.Name)
		if i < len(f.Path)-1 && st.Pointer {
			out = append(out, jen.If(s.expr().Op("==").Nil()).Block(s.expr().Op("=").New(e.goType(st.Type.Deref()))))
		}
	}
	return out
}

// fieldDecode decodes one field, with catch when asked.
func (e *emitter) fieldDecode(f *model.Field) []jen.Code {
	lhs := fieldExpr(f)
	s := site{nullable: f.Nullable, check: &f.Check, items: f.Items, coerce: f.Coerce, trim: f.Trim, lower: f.Lower, upper: f.Upper}
	out := e.allocPath(f)
	body := e.dec(f.Type, lhs, s, 0)
	if !f.Catch {
		return append(out, body...)
	}
	out = append(out, id("cm").Op(":=").Add(dvar()).Dot("CatchMark").Call())
	out = append(out, body...)
	fallback := e.defaultValue(f, lhs)
	if fallback == nil {
		fallback = []jen.Code{lhs.expr().Op("=").Op("*").New(e.goType(f.Type))}
	}
	return append(out, jen.If(dvar().Dot("CatchEnd").Call(id("cm"))).Block(fallback...))
}

// afterMember emits the missing-key check or the default of a member.
func (e *emitter) afterMember(m member) []jen.Code {
	if m.field == nil {
		return nil
	}
	w, mask := seenBit(m.bit)
	absent := jen.Add(w).Op("&").Parens(mask).Op("==").Lit(0)
	f := m.field
	if f.Required {
		return []jen.Code{jen.If(absent).Block(dvar().Dot("Missing").Call(jen.Lit(f.JSONName)))}
	}
	if def := e.defaultValue(f, fieldExpr(f)); def != nil {
		if nullAsAbsent(m) {
			absent = jen.Add(absent).Op("||").Id("absent").Index(jen.Lit(m.bit / 64)).Op("&").Parens(mask).Op("!=").Lit(0)
		}
		return []jen.Code{jen.If(absent).Block(append(e.allocPath(f), def...)...)}
	}
	return nil
}

// nullAsAbsent reports whether a null for member m is read as absent
// under DecodeOptions.NullAsAbsent: it is an optional property that does
// not accept null itself (docs/profiles.md, openai-strict).
func nullAsAbsent(m member) bool {
	f := m.field
	return f != nil && !f.Required && !f.Nullable && !f.Discriminator && f.Type.Kind != model.KindAny
}

// unknownKey emits the default case: the struct's key policy.
func (e *emitter) unknownKey(st *model.Struct, allowed string) []jen.Code {
	if allowed == "" {
		allowed = "(none)"
	}
	if c := st.Catchall; c != nil {
		lhs := fieldExpr(c)
		body := append(e.allocPath(c),
			jen.If(lhs.expr().Op("==").Nil()).Block(lhs.expr().Op("=").Make(e.goType(c.Type))),
			jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Add(lhs.expr()).Index(jen.String().Parens(id("k"))), jen.Id("dup")).Block(
				dvar().Dot("Dup").Call(id("k")), jen.Continue()),
			dvar().Dot("PushKey").Call(),
			jen.Var().Id("e").Add(e.goType(c.Type.Elem)),
		)
		body = append(body, e.dec(c.Type.Elem, named("e"), site{check: c.Items}, 1)...)
		return append(body, lhs.expr().Index(jen.String().Parens(id("k"))).Op("=").Id("e"), dvar().Dot("Pop").Call())
	}
	if st.Policy == model.Strip {
		return []jen.Code{dvar().Dot("Drop").Call(jen.Op("&").Id("extra"), id("k"))}
	}
	return []jen.Code{dvar().Dot("Unknown").Call(jen.Op("&").Id("extra"), id("k"), jen.Lit(allowed))}
}
