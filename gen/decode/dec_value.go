package decode

import (
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

// A site is the place a value is decoded: its nullability, its visible
// constraints and the hidden options of the field that holds it.
type site struct {
	nullable                   bool
	check                      *model.Constraints
	items                      *model.Constraints
	coerce, trim, lower, upper bool
}

// dvar is the generated decoder variable, d: a new statement for each
// use, so no emitted code shares one.
func dvar() *jen.Statement { return jen.Id("d") }

func id(s string) *jen.Statement { return jen.Id(s) }

// rt is an identifier of the runtime package, stitchrt.
func rt(name string) *jen.Statement { return jen.Qual(names.Runtime, name) }

func v(name string, lvl int) string { return name + strconv.Itoa(lvl) }

// dec returns statements that decode the next value into the addressable
// Go expression lhs. lvl makes the names of temporaries unique per nesting.
func (e *emitter) dec(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	if t.Kind == model.KindNullable {
		return e.decNullable(t, lhs, s, lvl)
	}
	body := e.decValue(t, lhs, s, lvl)
	if s.nullable {
		body = []jen.Code{jen.If(jen.Op("!").Add(dvar()).Dot("Null").Call()).Block(body...)}
	}
	if repairable(t) {
		r, rep := v("r", lvl), v("rep", lvl)
		// MayRepair is inlined: the call to StartRepair is made only where
		// a string (or whitespace) comes.
		body = append([]jen.Code{
			jen.Var().Id(r).Add(rt("Repair")),
			id(rep).Op(":=").Add(dvar()).Dot("MayRepair").Call().Op("&&").Add(dvar()).Dot("StartRepair").Call(jen.Op("&").Id(r)),
		}, body...)
		body = append(body, jen.If(id(rep)).Block(dvar().Dot("EndRepair").Call(id(r))))
		return []jen.Code{jen.Block(body...)}
	}
	return body
}

// decNullable decodes a stitch.Nullable: null makes it null, any other
// value is decoded as its T (the key's absence leaves it absent).
func (e *emitter) decNullable(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	val := v("nv", lvl)
	inner := s
	inner.nullable = false
	body := []jen.Code{jen.Var().Id(val).Add(e.goType(t.Elem))}
	body = append(body, e.dec(t.Elem, named(val), inner, lvl)...)
	body = append(body, lhs.expr().Op("=").Qual(names.API, "Value").Call(id(val)))
	return []jen.Code{jen.If(dvar().Dot("Null").Call()).Block(
		lhs.expr().Op("=").Qual(names.API, "Null").Types(e.goType(t.Elem)).Call(),
	).Else().Block(body...)}
}

// decValue decodes a non-null value of t into lhs. A named non-struct type
// with a Validate method has it called once its value decoded cleanly
// (structs call theirs in their own decode function).
func (e *emitter) decValue(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	switch t.Kind {
	case model.KindStruct, model.KindUnion, model.KindPointer:
	default:
		if t.IsNamed() && t.Validate {
			m := v("vm", lvl)
			body := append([]jen.Code{id(m).Op(":=").Add(dvar()).Dot("Mark").Call()}, e.decKind(t, lhs, s, lvl)...)
			body = append(body, jen.If(jen.Op("!").Add(dvar()).Dot("FailedSince").Call(id(m))).Block(
				dvar().Dot("Custom").Call(lhs.expr().Dot("Validate").Call())))
			return []jen.Code{jen.Block(body...)}
		}
	}
	return e.decKind(t, lhs, s, lvl)
}

// decKind decodes a non-null value of t into lhs by its kind.
func (e *emitter) decKind(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	switch t.Kind {
	case model.KindPointer:
		inner := site{check: s.check, items: s.items, coerce: s.coerce, trim: s.trim, lower: s.lower, upper: s.upper}
		return append([]jen.Code{lhs.expr().Op("=").New(e.goType(t.Elem))}, e.decValue(t.Elem, lhs.elem(), inner, lvl)...)
	case model.KindString, model.KindText:
		return e.decString(t, lhs, s, lvl)
	case model.KindBool:
		b := v("b", lvl)
		return e.scalar(b, dvar().Dot("Bool").Call(jen.Lit(s.coerce)), e.enumChecks(t, s.check, b), lhs, t, b)
	case model.KindInt:
		lo, hi := model.IntRange(t)
		n := v("n", lvl)
		return e.scalar(n, dvar().Dot("Int").Call(intLit(lo), intLit(hi), jen.Lit(s.coerce)), e.integerChecks(t, s.check, n), lhs, t, n)
	case model.KindUint:
		_, hi := model.IntRange(t)
		n := v("n", lvl)
		return e.scalar(n, dvar().Dot("Uint").Call(intLit(hi), jen.Lit(s.coerce)), e.integerChecks(t, s.check, n), lhs, t, n)
	case model.KindFloat:
		n := v("n", lvl)
		return e.scalar(n, dvar().Dot("Float").Call(jen.Lit(t.Bits), jen.Lit(s.coerce)), e.numChecks(t, s.check), lhs, t, n)
	case model.KindBytes:
		b := v("b", lvl)
		return e.scalar(b, dvar().Dot("Bytes").Call(), nil, lhs, t, b)
	case model.KindTime:
		tm := v("t", lvl)
		return e.scalar(tm, dvar().Dot("Time").Call(), nil, lhs, t, tm)
	case model.KindNumber:
		n := v("n", lvl)
		return e.scalar(n, dvar().Dot("Number").Call(jen.Lit(s.coerce)), e.numChecks(t, s.check), lhs, t, n)
	case model.KindDuration:
		du := v("du", lvl)
		return e.scalar(du, dvar().Dot("Duration").Call(), nil, lhs, t, du)
	case model.KindBigInt:
		read := dvar().Dot("BigInt").Call(lhs.addr(), jen.Lit(s.coerce))
		if checks := e.numChecks(t, s.check); len(checks) > 0 {
			return []jen.Code{jen.If(read).Block(checks...)}
		}
		return []jen.Code{read}
	case model.KindAny:
		a := v("a", lvl)
		if t.RawMessage {
			return e.scalar(a, dvar().Dot("RawMessage").Call(), nil, lhs, t, a)
		}
		return e.scalar(a, dvar().Dot("Any").Call(), nil, lhs, t, a)
	case model.KindOpaque:
		return e.decOpaque(t, lhs, lvl)
	case model.KindStruct, model.KindUnion:
		if !e.local(t) {
			return e.decOpaque(t, lhs, lvl)
		}
		return []jen.Code{id(decodeFuncName(t)).Call(dvar(), lhs.addr())}
	case model.KindSlice:
		return e.decSlice(t, lhs, s, lvl)
	case model.KindArray:
		return e.decArray(t, lhs, s, lvl)
	case model.KindMap:
		return e.decMap(t, lhs, s, lvl)
	}
	e.fail("cannot decode a value of kind %s", t.Kind)
	return nil
}

// scalar emits `if x, ok := <read>; ok { <checks>; lhs = T(x) }`.
func (e *emitter) scalar(x string, read jen.Code, checks []jen.Code, lhs place, t *model.Type, val string) []jen.Code {
	body := append(checks, lhs.expr().Op("=").Add(e.convert(t, val)))
	return []jen.Code{jen.If(id(x).Op(",").Id("ok").Op(":=").Add(read), id("ok")).Block(body...)}
}

// convert converts the runtime's value to a named type where needed.
func (e *emitter) convert(t *model.Type, val string) jen.Code {
	numeric := t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindFloat
	std := t.Kind == model.KindTime || t.Kind == model.KindNumber || t.Kind == model.KindDuration
	if (t.IsNamed() && !std) || numeric {
		return e.goType(t).(*jen.Statement).Clone().Call(id(val))
	}
	return id(val)
}

// decString reads a string (or a TextUnmarshaler's text), applies the
// rewrites, then the visible constraints (docs/decoding.md).
func (e *emitter) decString(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	x := v("s", lvl)
	var body []jen.Code
	rewrites := s.trim || s.lower || s.upper
	if rewrites { // the value as sent, to report a rewrite that changed it
		body = append(body, id(v("o", lvl)).Op(":=").Id(x))
	}
	if s.trim {
		body = append(body, id(x).Op("=").Qual("strings", "TrimSpace").Call(id(x)))
	}
	if s.lower {
		body = append(body, id(x).Op("=").Qual("strings", "ToLower").Call(id(x)))
	}
	if s.upper {
		body = append(body, id(x).Op("=").Qual("strings", "ToUpper").Call(id(x)))
	}
	if rewrites {
		body = append(body, dvar().Dot("Rewrote").Call(id(v("o", lvl)), id(x)))
	}
	body = append(body, e.stringChecks(t, s.check, x)...)
	if t.Kind == model.KindText {
		body = append(body, jen.If(jen.Err().Op(":=").Add(lhs.expr()).Dot("UnmarshalText").Call(jen.Index().Byte().Parens(id(x))), jen.Err().Op("!=").Nil()).Block(
			dvar().Dot("FormatErr").Call(jen.Lit(t.Name), jen.Err())))
	} else {
		body = append(body, lhs.expr().Op("=").Add(e.convert(t, x)))
	}
	if vals := e.internable(t, s); len(vals) > 0 {
		// An enum value becomes its constant, so it allocates nothing; the
		// checks then run as for any string.
		b := v("b", lvl)
		var cases []jen.Code
		for _, val := range vals {
			cases = append(cases, jen.Case(jen.Lit(val)).Block(id(x).Op("=").Lit(val)))
		}
		cases = append(cases, jen.Default().Block(id(x).Op("=").String().Parens(id(b))))
		body = append([]jen.Code{jen.Var().Id(x).String(), jen.Switch(jen.String().Parens(id(b))).Block(cases...)}, body...)
		return []jen.Code{jen.If(id(b).Op(",").Id("ok").Op(":=").Add(dvar()).Dot("StrView").Call(), id("ok")).Block(body...)}
	}
	return []jen.Code{jen.If(id(x).Op(",").Id("ok").Op(":=").Add(dvar()).Dot("Str").Call(), id("ok")).Block(body...)}
}

// internable returns the string values of the enum (or const) of a plain
// string site without rewrites: the values a decoded string can be
// replaced by its constant for.
func (e *emitter) internable(t *model.Type, s site) []string {
	c := s.check
	if c == nil || t.Kind != model.KindString || s.trim || s.lower || s.upper {
		return nil
	}
	var vals []string
	seen := map[string]bool{}
	for _, lits := range enumSets(c) {
		for _, lit := range lits {
			if val, err := model.Parse([]byte(lit)); err == nil {
				if str, ok := val.(string); ok && !seen[str] {
					seen[str] = true
					vals = append(vals, str)
				}
			}
		}
		if len(vals) > 0 {
			return vals
		}
	}
	return nil
}

// decOpaque hands the exact bytes of the value to the type's own decoder.
func (e *emitter) decOpaque(t *model.Type, lhs place, lvl int) []jen.Code {
	r := v("raw", lvl)
	call := jen.Qual("encoding/json", "Unmarshal").Call(id(r), lhs.addr())
	return []jen.Code{jen.If(id(r).Op(",").Id("ok").Op(":=").Add(dvar()).Dot("Raw").Call(), id("ok")).Block(
		jen.If(jen.Err().Op(":=").Add(call), jen.Err().Op("!=").Nil()).Block(
			dvar().Dot("FormatErr").Call(jen.Lit(t.Name), jen.Err())))}
}

// decSlice decodes an array into a fresh slice (never nil). The first
// items go into a buffer on the stack, so a short array costs one
// allocation of its exact size; a longer one moves to a growing heap slice.
// The buffer is only ever copied, never aliased, so it stays on the stack.
func (e *emitter) decSlice(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	sl, i, el := v("s", lvl), v("i", lvl), v("e", lvl)
	buf, heap, n := v("buf", lvl), v("h", lvl), v("n", lvl)
	elem := e.goType(t.Elem)
	loop := []jen.Code{dvar().Dot("PushIdx").Call(id(i)), jen.Var().Id(el).Add(elem)}
	loop = append(loop, e.dec(t.Elem, named(el), site{check: s.items}, lvl+1)...)
	loop = append(loop,
		jen.If(id(heap).Op("!=").Nil()).Block(
			id(heap).Op("=").Append(id(heap), id(el)),
		).Else().If(id(n).Op("<").Len(id(buf))).Block(
			id(buf).Index(id(n)).Op("=").Id(el), id(n).Op("++"),
		).Else().Block(
			id(heap).Op("=").Append(jen.Append(jen.Make(jen.Index().Add(elem), jen.Lit(0), jen.Lit(4).Op("*").Len(id(buf))), id(buf).Index(jen.Empty(), jen.Empty()).Op("...")), id(el)),
		),
		dvar().Dot("Pop").Call())
	um := v("um", lvl)
	body := uniqueMark(s.check, um)
	body = append(body,
		jen.Var().Id(buf).Index(jen.Lit(8)).Add(elem),
		jen.Var().Id(heap).Index().Add(elem),
		id(n).Op(":=").Lit(0),
		jen.For(id(i).Op(":=").Lit(0), dvar().Dot("ArrNext").Call(), id(i).Op("++")).Block(loop...),
		id(sl).Op(":=").Id(heap),
		jen.If(id(sl).Op("==").Nil()).Block(
			id(sl).Op("=").Make(e.goType(t), id(n)),
			jen.Copy(id(sl), id(buf).Index(jen.Empty(), id(n)))),
	)
	body = append(body, uniqueClean(s.check, um)...)
	body = append(body, e.arrayChecks(t, s.check, id(sl), um)...)
	body = append(body, lhs.expr().Op("=").Id(sl))
	return []jen.Code{jen.If(arrStart(t)).Block(body...)}
}

// decArray decodes exactly Len items into a Go array.
func (e *emitter) decArray(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	n := v("n", lvl)
	item := append([]jen.Code{}, e.dec(t.Elem, lhs.index(id(n)), site{check: s.items}, lvl+1)...)
	loop := []jen.Code{
		dvar().Dot("PushIdx").Call(id(n)),
		jen.If(id(n).Op("<").Lit(t.Len)).Block(item...).Else().Block(dvar().Dot("Skip").Call()),
		dvar().Dot("Pop").Call(),
		id(n).Op("++"),
	}
	um := v("um", lvl)
	body := uniqueMark(s.check, um)
	body = append(body,
		id(n).Op(":=").Lit(0),
		jen.For(dvar().Dot("ArrNext").Call()).Block(loop...),
	)
	body = append(body, uniqueClean(s.check, um)...)
	body = append(body,
		dvar().Dot("Count").Call(id(n), jen.Lit(t.Len), jen.Lit(t.Len), jen.Lit("item count")),
	)
	body = append(body, e.arrayChecks(t, s.check, lhs.whole(), um)...)
	return []jen.Code{jen.If(arrStart(t)).Block(body...)}
}

// arrStart opens the array t: ArrStartOf when its items are scalars of
// one JSON type, so that a single item sent without its array gets an
// issue showing it wrapped.
func arrStart(t *model.Type) jen.Code {
	var item string
	switch el := t.Elem; el.Kind {
	case model.KindString:
		item = "string"
	case model.KindInt, model.KindUint:
		item = "integer"
	case model.KindFloat:
		item = "number"
	case model.KindBool:
		item = "boolean"
	}
	if item == "" {
		return dvar().Dot("ArrStart").Call()
	}
	return dvar().Dot("ArrStartOf").Call(jen.Lit(item))
}

// decMap decodes an object into a fresh map; duplicate keys are issues.
func (e *emitter) decMap(t *model.Type, lhs place, s site, lvl int) []jen.Code {
	m, k, more, el := v("m", lvl), v("k", lvl), v("more", lvl), v("e", lvl)
	loop := []jen.Code{
		jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Id(m).Index(jen.String().Parens(id(k))), jen.Id("dup")).Block(
			dvar().Dot("Dup").Call(id(k)), jen.Continue()),
		dvar().Dot("PushKey").Call(),
		jen.Var().Id(el).Add(e.goType(t.Elem)),
	}
	loop = append(loop, e.dec(t.Elem, named(el), site{check: s.items}, lvl+1)...)
	loop = append(loop, id(m).Index(jen.String().Parens(id(k))).Op("=").Id(el), dvar().Dot("Pop").Call())
	body := []jen.Code{
		id(m).Op(":=").Make(e.goType(t)),
		jen.For(jen.List(id(k), id(more)).Op(":=").Add(dvar()).Dot("ObjNext").Call(), id(more), jen.List(id(k), id(more)).Op("=").Add(dvar()).Dot("ObjNext").Call()).Block(loop...),
	}
	if c := s.check; c != nil && (c.MinProperties != nil || c.MaxProperties != nil) {
		body = append(body, dvar().Dot("Count").Call(jen.Len(id(m)), bound(c.MinProperties), bound(c.MaxProperties), jen.Lit("property count")))
	}
	body = append(body, lhs.expr().Op("=").Id(m))
	return []jen.Code{jen.If(dvar().Dot("ObjStart").Call()).Block(body...)}
}

func bound(p *int) jen.Code {
	if p == nil {
		return jen.Lit(-1)
	}
	return jen.Lit(*p)
}

// uniqueMark marks the issues before the items of an array with
// uniqueItems, in the variable um.
func uniqueMark(c *model.Constraints, um string) []jen.Code {
	if c == nil || !c.UniqueItems {
		return nil
	}
	return []jen.Code{id(um).Op(":=").Add(dvar()).Dot("Mark").Call()}
}

// uniqueClean sets um+"ok" after the items: whether every item decoded
// cleanly since the mark um (a failed item holds no value to compare).
func uniqueClean(c *model.Constraints, um string) []jen.Code {
	if c == nil || !c.UniqueItems {
		return nil
	}
	return []jen.Code{id(um + "ok").Op(":=").Op("!").Add(dvar()).Dot("FailedSince").Call(id(um))}
}

// arrayChecks emits item counts and uniqueItems for the slice expression
// sl; uniqueItems is judged only when the items decoded cleanly (um+"ok").
func (e *emitter) arrayChecks(t *model.Type, c *model.Constraints, sl *jen.Statement, um string) []jen.Code {
	if c == nil {
		return nil
	}
	var out []jen.Code
	if c.MinItems != nil || c.MaxItems != nil {
		out = append(out, dvar().Dot("Count").Call(jen.Len(sl.Clone()), bound(c.MinItems), bound(c.MaxItems), jen.Lit("item count")))
	}
	if c.UniqueItems {
		fn := "FirstDupJSON"
		if comparable(t.Elem) && t.Elem.Kind != model.KindTime {
			fn = "FirstDup"
		}
		// A failed item holds no value to compare: the items' JSON is
		// compared instead, so an item's issue never hides a duplicate.
		out = append(out, jen.If(id(um+"ok")).Block(
			dvar().Dot("Unique").Call(rt(fn).Call(sl.Clone()))).Else().Block(
			dvar().Dot("UniqueRaw").Call(id(um))))
	}
	return out
}

// stringChecks emits the visible string constraints on the variable x.
func (e *emitter) stringChecks(t *model.Type, c *model.Constraints, x string) []jen.Code {
	if c == nil {
		return nil
	}
	var out []jen.Code
	if c.MinLength != nil || c.MaxLength != nil {
		// A code point is 1 to 4 bytes: the count is only taken (by strLen)
		// when the byte length cannot decide the bounds.
		var conds []jen.Code
		if c.MaxLength != nil {
			conds = append(conds, jen.Len(id(x)).Op(">").Lit(*c.MaxLength))
		}
		if c.MinLength != nil && 4**c.MinLength-3 > 0 {
			conds = append(conds, jen.Len(id(x)).Op("<").Lit(4**c.MinLength-3))
		}
		call := dvar().Dot("StrLen").Call(id(x), bound(c.MinLength), bound(c.MaxLength))
		switch {
		case len(conds) == 2 && 4**c.MinLength-3 > *c.MaxLength:
			// Every byte length is above the maximum or below the least
			// that proves the minimum: the count always decides.
			out = append(out, call)
		case len(conds) == 1:
			out = append(out, jen.If(conds[0]).Block(call))
		case len(conds) == 2:
			out = append(out, jen.If(jen.Add(conds[0]).Op("||").Add(conds[1])).Block(call))
		}
	}
	if c.Pattern != "" {
		if fn, ok := e.matcherFunc(c.Pattern); ok {
			out = append(out, jen.If(jen.Op("!").Id(fn).Call(id(x))).Block(
				dvar().Dot("PatternFailOn").Call(jen.Lit(c.Pattern), id(x))))
		} else {
			out = append(out, dvar().Dot("Pattern").Call(id(x), id(e.regexpVar(c.Pattern))))
		}
	}
	if c.Format != "" && (t.Kind == model.KindString || t.Kind == model.KindText) {
		if fn, ok := formatFuncs[c.Format]; ok {
			out = append(out, dvar().Dot("FormatOn").Call(rt(fn).Call(id(x)), jen.Lit(c.Format), id(x)))
		}
	}
	out = append(out, e.enumChecks(t, c, x)...)
	return out
}

// enumChecks emits enum and const checks for a string or bool variable x.
func (e *emitter) enumChecks(t *model.Type, c *model.Constraints, x string) []jen.Code {
	if c == nil {
		return nil
	}
	var out []jen.Code
	for _, lits := range enumSets(c) {
		var cases []jen.Code
		var shown []string
		for _, lit := range lits {
			val, err := model.Parse([]byte(lit))
			if err != nil {
				e.fail("invalid enum value %s", lit)
				return nil
			}
			switch val := val.(type) {
			case string:
				if t.Kind == model.KindString || t.Kind == model.KindText {
					cases = append(cases, jen.Lit(val))
					shown = append(shown, lit)
				}
			case bool:
				if t.Kind == model.KindBool {
					cases = append(cases, jen.Lit(val))
					shown = append(shown, lit)
				}
			}
		}
		if len(cases) == 0 {
			continue
		}
		got := jen.Qual("strconv", "Quote").Call(id(x))
		if t.Kind == model.KindBool {
			got = jen.Qual("strconv", "FormatBool").Call(id(x))
		}
		out = append(out, jen.Switch(id(x)).Block(
			jen.Case(cases...),
			jen.Default().Add(dvar().Dot("NotInEnum").Call(jen.Lit(strings.Join(shown, ", ")), got))))
	}
	return out
}

// enumSets returns the enum list and the const (as a one-value list).
func enumSets(c *model.Constraints) [][]string {
	var sets [][]string
	if len(c.Enum) > 0 {
		sets = append(sets, c.Enum)
	}
	if c.Const != "" {
		sets = append(sets, []string{c.Const})
	}
	return sets
}

// integerChecks emits the checks of an integer: bounds and multipleOf as
// integer comparisons, enum and const on the number's text.
func (e *emitter) integerChecks(t *model.Type, c *model.Constraints, n string) []jen.Code {
	if c == nil {
		return nil
	}
	enums := *c
	enums.Minimum, enums.ExclusiveMinimum, enums.Maximum, enums.ExclusiveMaximum, enums.MultipleOf = "", "", "", "", ""
	return append(e.intChecks(t, c, n), e.numChecks(t, &enums)...)
}

// numChecks emits bounds, multipleOf, enum and const on the number just
// read (its text is d.num), all compared exactly.
func (e *emitter) numChecks(t *model.Type, c *model.Constraints) []jen.Code {
	if c == nil {
		return nil
	}
	var out []jen.Code
	add := func(method, lit string, excl ...jen.Code) {
		if lit != "" {
			out = append(out, dvar().Dot(method).Call(append([]jen.Code{jen.Lit(lit)}, excl...)...))
		}
	}
	add("Minimum", c.Minimum, jen.False())
	add("Minimum", c.ExclusiveMinimum, jen.True())
	add("Maximum", c.Maximum, jen.False())
	add("Maximum", c.ExclusiveMaximum, jen.True())
	add("MultipleOf", c.MultipleOf)
	for _, lits := range enumSets(c) {
		var conds []jen.Code
		var shown []string
		for _, lit := range lits {
			if val, err := model.Parse([]byte(lit)); err == nil {
				if _, ok := val.(model.Number); ok {
					conds = append(conds, rt("CmpDec").Call(dvar().Dot("Num").Call(), jen.Lit(lit)).Op("==").Lit(0))
					shown = append(shown, lit)
				}
			}
		}
		if len(conds) == 0 {
			continue
		}
		cond := conds[0]
		for _, c := range conds[1:] {
			cond = jen.Add(cond).Op("||").Add(c)
		}
		out = append(out, jen.If(jen.Op("!").Parens(cond)).Block(
			dvar().Dot("NotInEnum").Call(jen.Lit(strings.Join(shown, ", ")), jen.String().Parens(dvar().Dot("Num").Call()))))
	}
	return out
}
