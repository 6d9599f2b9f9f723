package decode

import (
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// check wraps a call returning ([]byte, error): b, err = call; if err != nil { return b, err }.
func check(call jen.Code) jen.Code {
	return jen.If(jen.List(id("b"), jen.Err()).Op("=").Add(call), jen.Err().Op("!=").Nil()).Block(jen.Return(id("b"), jen.Err()))
}

// appendStr appends the literal JSON text s: a raw string literal, which
// reads as the JSON it writes, unless s holds a backquote.
func appendStr(s string) jen.Code {
	lit := jen.Lit(s)
	if !strings.Contains(s, "`") {
		lit = jen.Op("`" + s + "`")
	}
	return id("b").Op("=").Append(id("b"), lit.Op("..."))
}

func appendByte(c byte) jen.Code {
	return id("b").Op("=").Append(id("b"), jen.LitRune(rune(c)))
}

// A nilWrite says what the encoder writes for a nil value of a nilable
// type (pointer, union, slice, map, []byte).
type nilWrite int

const (
	nilFails nilWrite = iota // an error for a pointer or union, [] or {} for a slice or map
	nilNull                  // null: the property is nullable
	nilNever                 // nothing: the value is known not to be nil (an omitempty guard tested it)
)

// nilWriteOf is the nilWrite of a property.
func nilWriteOf(nullable, knownNonNil bool) nilWrite {
	switch {
	case knownNonNil:
		return nilNever
	case nullable:
		return nilNull
	}
	return nilFails
}

// enc returns statements appending the JSON of the addressable expression
// x of type t to b. nw says how a nil is written; where names the value in
// errors.
func (e *emitter) enc(t *model.Type, x place, nw nilWrite, where string, lvl int) []jen.Code {
	switch t.Kind {
	case model.KindString:
		return []jen.Code{id("b").Op("=").Add(rt("AppendString")).Call(id("b"), jen.String().Parens(x.expr()))}
	case model.KindBool:
		return []jen.Code{id("b").Op("=").Qual("strconv", "AppendBool").Call(id("b"), jen.Bool().Parens(x.expr()))}
	case model.KindInt:
		return []jen.Code{id("b").Op("=").Qual("strconv", "AppendInt").Call(id("b"), jen.Int64().Parens(x.expr()), jen.Lit(10))}
	case model.KindUint:
		return []jen.Code{id("b").Op("=").Qual("strconv", "AppendUint").Call(id("b"), jen.Uint64().Parens(x.expr()), jen.Lit(10))}
	case model.KindFloat:
		return []jen.Code{check(rt("AppendFloat").Call(id("b"), jen.Float64().Parens(x.expr()), jen.Lit(t.Bits)))}
	case model.KindBytes:
		w := id("b").Op("=").Add(rt("AppendBytes")).Call(id("b"), jen.Index().Byte().Parens(x.expr()))
		if nw == nilNull {
			return e.encNilable(x, nw, where, w)
		}
		return []jen.Code{w}
	case model.KindTime, model.KindText, model.KindAny, model.KindOpaque, model.KindNumber, model.KindBigInt:
		return []jen.Code{check(rt("AppendJSON").Call(id("b"), x.addr()))}
	case model.KindDuration:
		return []jen.Code{id("b").Op("=").Add(rt("AppendDuration")).Call(id("b"), x.expr())}
	case model.KindNullable:
		val := v("nv", lvl)
		return []jen.Code{jen.If(jen.List(id(val), id("ok")).Op(":=").Add(x.expr()).Dot("Get").Call(), id("ok")).Block(
			e.enc(t.Elem, named(val), nilFails, where, lvl+1)...,
		).Else().Block(appendStr("null"))}
	case model.KindStruct:
		if !e.local(t) {
			return []jen.Code{check(rt("AppendJSON").Call(id("b"), x.addr()))}
		}
		return []jen.Code{check(id(encodeFuncName(t)).Call(id("b"), x.addr()))}
	case model.KindUnion:
		return e.encNilable(x, nw, where, check(id(encodeFuncName(t)).Call(id("b"), x.expr())))
	case model.KindPointer:
		return e.encNilable(x, nw, where, e.enc(t.Elem, x.elem(), nilFails, where, lvl)...)
	case model.KindSlice, model.KindArray:
		return e.encSlice(t, x, nw, where, lvl)
	case model.KindMap:
		return e.encMap(t, x, nw, where, lvl)
	}
	e.fail("cannot encode a value of kind %s", t.Kind)
	return nil
}

// encNilable writes null (nilNull) or fails (nilFails) for a nil x, else
// body.
func (e *emitter) encNilable(x place, nw nilWrite, where string, body ...jen.Code) []jen.Code {
	switch nw {
	case nilNever:
		return body
	case nilNull:
		return []jen.Code{jen.If(x.expr().Op("==").Nil()).Block(appendStr("null")).Else().Block(body...)}
	}
	// The body follows the early return in the same block: it declares
	// nothing outside its own statements.
	fail := jen.If(x.expr().Op("==").Nil()).Block(jen.Return(id("b"), rt("NilError").Call(jen.Lit(where))))
	return append([]jen.Code{fail}, body...)
}

// orNil writes onNil for a nil x (or null for nilNull), else body.
func orNil(x place, nw nilWrite, onNil string, body []jen.Code) []jen.Code {
	switch nw {
	case nilNever:
		return body
	case nilNull:
		onNil = "null"
	}
	return []jen.Code{jen.If(x.expr().Op("==").Nil()).Block(appendStr(onNil)).Else().Block(body...)}
}

// encSlice writes a slice or array; a nil slice is [] unless nullable.
func (e *emitter) encSlice(t *model.Type, x place, nw nilWrite, where string, lvl int) []jen.Code {
	el := v("v", lvl)
	loop := e.enc(t.Elem, named(el), nilFails, where+"[]", lvl+1)
	loop = append(loop, appendByte(','))
	body := []jen.Code{
		appendByte('['),
		jen.For(jen.List(id("_"), id(el)).Op(":=").Range().Add(x.expr())).Block(loop...),
		id("b").Op("=").Add(rt("AppendClose")).Call(id("b"), jen.LitRune(']')),
	}
	if t.Kind == model.KindArray {
		return body
	}
	return orNil(x, nw, "[]", body)
}

// encMap writes a map with its keys sorted, as encoding/json does.
func (e *emitter) encMap(t *model.Type, x place, nw nilWrite, where string, lvl int) []jen.Code {
	k, el := v("k", lvl), v("v", lvl)
	loop := []jen.Code{
		id("b").Op("=").Add(rt("AppendString")).Call(id("b"), id(k)),
		appendByte(':'),
		id(el).Op(":=").Add(x.expr()).Index(id(k)),
	}
	loop = append(loop, e.enc(t.Elem, named(el), nilFails, where+"[]", lvl+1)...)
	loop = append(loop, appendByte(','))
	body := []jen.Code{
		appendByte('{'),
		jen.For(jen.List(id("_"), id(k)).Op(":=").Range().Qual("slices", "Sorted").Call(jen.Qual("maps", "Keys").Call(x.expr()))).Block(loop...),
		id("b").Op("=").Add(rt("AppendClose")).Call(id("b"), jen.LitRune('}')),
	}
	return orNil(x, nw, "{}", body)
}

// encodeStructFunc emits func stitchEncodeT(b []byte, x *T) ([]byte, error):
// the discriminator of a variant first, the fields in declaration order,
// then the catchall members (sorted, never a declared key again).
func (e *emitter) encodeStructFunc(t *model.Type) {
	st := t.Struct
	body := []jen.Code{jen.Var().Err().Error(), appendByte('{')}
	body = append(body, e.encDiscriminator(st)...)
	for _, f := range st.Fields {
		if st.Discriminator != "" && f.JSONName == st.Discriminator {
			continue
		}
		body = append(body, e.encField(t, f)...)
	}
	if c := st.Catchall; c != nil {
		body = append(body, e.encCatchall(t, st, c)...)
	}
	body = append(body, id("b").Op("=").Add(rt("AppendClose")).Call(id("b"), jen.LitRune('}')), jen.Return(id("b"), jen.Err()))
	e.f.Line().Func().Id(encodeFuncName(t)).Params(id("b").Index().Byte(), id("x").Op("*").Add(e.goType(t))).
		Params(jen.Index().Byte(), jen.Error()).Block(body...)
}

// encDiscriminator writes a variant's discriminator: the declared field's
// value (its first value when empty), or the implied first value.
func (e *emitter) encDiscriminator(st *model.Struct) []jen.Code {
	if st.Discriminator == "" || len(st.Values) == 0 {
		return nil
	}
	key := jsonKeyLit(st.Discriminator)
	for _, f := range st.Fields {
		if f.JSONName != st.Discriminator {
			continue
		}
		fx := fieldExpr(f)
		var vals []jen.Code
		for _, v := range st.Values {
			vals = append(vals, jen.Lit(v))
		}
		first := jsonKeyLit(st.Values[0])
		return []jen.Code{
			appendStr(key),
			jen.Switch(jen.String().Parens(fx.expr())).Block(
				jen.Case(jen.Lit("")).Block(appendStr(first[:len(first)-1])),
				jen.Case(vals...).Block(id("b").Op("=").Add(rt("AppendString")).Call(id("b"), jen.String().Parens(fx.expr()))),
				jen.Default().Block(jen.Return(id("b"), jen.Qual("fmt", "Errorf").Call(
					jen.Lit("stitch: cannot encode "+f.GoName+": %q is not a discriminator value of this variant ("+quoteList(st.Values)+")"), fx.expr())))),
			appendByte(','),
		}
	}
	lit := jsonKeyLit(st.Values[0])
	return []jen.Code{appendStr(key + lit[:len(lit)-1] + ",")}
}

// encField writes one field unless omitempty/omitzero omit it.
func (e *emitter) encField(owner *model.Type, f *model.Field) []jen.Code {
	x := fieldExpr(f)
	where := owner.Name + "." + f.GoName
	cond, nonNil := e.omitCond(f, x)
	stmts := []jen.Code{appendStr(jsonKeyLit(f.JSONName))}
	stmts = append(stmts, e.enc(f.Type, x, nilWriteOf(f.Nullable, nonNil), where, 0)...)
	stmts = append(stmts, appendByte(','))
	if cond != nil {
		stmts = []jen.Code{jen.If(cond).Block(stmts...)}
	}
	// Fields promoted through nil embedded pointers are absent, as in encoding/json.
	s := named("x")
	var guards []jen.Code
	for i, step := range f.Path {
		s = s.field(step.Name)
		if i < len(f.Path)-1 && step.Pointer {
			guards = append(guards, s.expr().Op("!=").Nil())
		}
	}
	if len(guards) > 0 {
		cond := guards[0]
		for _, g := range guards[1:] {
			cond = jen.Add(cond).Op("&&").Add(g)
		}
		stmts = []jen.Code{jen.If(cond).Block(stmts...)}
	}
	return stmts
}

// omitCond returns the condition under which the field is written, or nil
// when it always is, and whether the condition implies that the value is
// not nil (so that the encoder needs no nil branch under it).
func (e *emitter) omitCond(f *model.Field, x place) (jen.Code, bool) {
	if f.Type.Kind == model.KindNullable {
		// Absent is left out whatever the tag says: a Nullable is optional.
		return x.expr().Dot("IsSet").Call(), false
	}
	if f.Default != "" && (f.OmitEmpty || f.OmitZero) {
		c := e.defaultOmitCond(f, x)
		return c, c != nil
	}
	var conds []jen.Code
	if f.OmitEmpty {
		if c := e.nonEmpty(f.Type, x); c != nil {
			conds = append(conds, c)
		}
	}
	if f.OmitZero {
		if c := e.nonZero(f.Type, x); c != nil {
			conds = append(conds, c)
		}
	}
	// Every test of a nilable kind above is x != nil or len(x) != 0.
	nonNil := len(conds) > 0 && nilable(f.Type)
	switch len(conds) {
	case 0:
		return nil, false
	case 1:
		return conds[0], nonNil
	}
	return jen.Add(conds[0]).Op("&&").Add(conds[1]), nonNil
}

// nilable reports whether a value of t can be nil and has a nil branch in
// the encoder.
func nilable(t *model.Type) bool {
	switch t.Kind {
	case model.KindPointer, model.KindUnion, model.KindSlice, model.KindMap, model.KindBytes:
		return true
	}
	return false
}

// defaultOmitCond is omitCond for an omitempty/omitzero member with a
// default: unlike encoding/json it is written even when empty, since an
// absent member decodes to its default and Marshal(Unmarshal(x)) must keep
// the empty value. Only a nil that has no JSON form (a pointer, union or
// free-form value that is not nullable) is still omitted.
func (e *emitter) defaultOmitCond(f *model.Field, x place) jen.Code {
	if f.Nullable {
		return nil
	}
	switch f.Type.Kind {
	case model.KindPointer, model.KindUnion, model.KindAny:
		return x.expr().Op("!=").Nil()
	}
	return nil
}

// nonEmpty is encoding/json's omitempty test, negated.
func (e *emitter) nonEmpty(t *model.Type, x place) jen.Code {
	switch t.Kind {
	case model.KindString, model.KindNumber:
		return x.expr().Op("!=").Lit("")
	case model.KindDuration:
		return x.expr().Op("!=").Lit(0)
	case model.KindNullable:
		return x.expr().Dot("IsSet").Call()
	case model.KindBool:
		return x.expr()
	case model.KindInt, model.KindUint, model.KindFloat:
		return x.expr().Op("!=").Lit(0)
	case model.KindPointer, model.KindUnion:
		return x.expr().Op("!=").Nil()
	case model.KindAny:
		if t.RawMessage {
			return jen.Len(x.expr()).Op("!=").Lit(0)
		}
		return x.expr().Op("!=").Nil()
	case model.KindSlice, model.KindMap, model.KindBytes:
		return jen.Len(x.expr()).Op("!=").Lit(0)
	case model.KindArray:
		if t.Len == 0 {
			return jen.False()
		}
	}
	return nil
}

// nonZero is encoding/json's omitzero test, negated.
func (e *emitter) nonZero(t *model.Type, x place) jen.Code {
	switch t.Kind {
	case model.KindString, model.KindBool, model.KindInt, model.KindUint, model.KindFloat,
		model.KindNumber, model.KindDuration, model.KindNullable:
		return e.nonEmpty(t, x)
	case model.KindPointer, model.KindUnion, model.KindSlice, model.KindMap, model.KindBytes, model.KindAny:
		return x.expr().Op("!=").Nil()
	case model.KindTime:
		return jen.Op("!").Add(x.expr()).Dot("IsZero").Call()
	}
	// Structs, arrays, text and opaque types: an IsZero method if the type
	// has one, else the Go zero value, as encoding/json decides.
	return jen.Op("!").Add(rt("IsZero")).Call(x.addr())
}

// encCatchall writes the catchall members, skipping declared keys.
func (e *emitter) encCatchall(owner *model.Type, st *model.Struct, c *model.Field) []jen.Code {
	x := fieldExpr(c)
	var declared []jen.Code
	for _, f := range st.Fields {
		declared = append(declared, jen.Lit(f.JSONName))
	}
	if st.Discriminator != "" {
		declared = append(declared, jen.Lit(st.Discriminator))
	}
	loop := []jen.Code{}
	if len(declared) > 0 {
		loop = append(loop, jen.Switch(id("k")).Block(jen.Case(declared...).Block(jen.Continue())))
	}
	loop = append(loop,
		id("b").Op("=").Add(rt("AppendString")).Call(id("b"), id("k")),
		appendByte(':'),
		id("v").Op(":=").Add(x.expr()).Index(id("k")))
	loop = append(loop, e.enc(c.Type.Elem, named("v"), nilFails, owner.Name+"."+c.GoName+"[]", 1)...)
	loop = append(loop, appendByte(','))
	return []jen.Code{jen.For(jen.List(id("_"), id("k")).Op(":=").Range().Qual("slices", "Sorted").Call(jen.Qual("maps", "Keys").Call(x.expr()))).Block(loop...)}
}

// encodeUnionFunc emits func stitchEncodeU(b []byte, x U) ([]byte, error).
func (e *emitter) encodeUnionFunc(t *model.Type) {
	var cases []jen.Code
	for _, vr := range t.Union.Variants {
		vt := e.goType(vr.Type)
		var val []jen.Code
		val = append(val, jen.Var().Err().Error())
		val = append(val, e.enc(vr.Type, named("v"), nilFails, t.Name, 1)...)
		val = append(val, jen.Return(id("b"), jen.Err()))
		if !vr.Pointer {
			cases = append(cases, jen.Case(vt).Block(val...))
		}
		cases = append(cases, jen.Case(jen.Op("*").Add(vt)).Block(
			jen.If(id("v").Op("==").Nil()).Block(jen.Return(id("b"), rt("NilError").Call(jen.Lit(t.Name)))),
			jen.Block(append([]jen.Code{id("v").Op(":=").Op("*").Id("v")}, val...)...)))
	}
	cases = append(cases, jen.Case(jen.Nil()).Block(jen.Return(id("b"), rt("NilError").Call(jen.Lit(t.Name)))))
	e.f.Line().Func().Id(encodeFuncName(t)).Params(id("b").Index().Byte(), id("x").Add(e.goType(t))).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Switch(id("v").Op(":=").Id("x").Assert(jen.Type())).Block(cases...),
		jen.Return(id("b"), jen.Qual("fmt", "Errorf").Call(jen.Lit("stitch: cannot encode %T as "+t.Name), id("x"))),
	)
}
