package decode

import (
	"encoding/base64"
	"time"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// defaultValue returns the statements that assign the field's default
// (jsonschema:"default=...") to lhs, or nil when the field has none. The Go
// value is computed at generation time: scalars, slices and arrays of them,
// times and byte strings become literals; only a TextUnmarshaler parses its
// text when the default applies.
func (e *emitter) defaultValue(f *model.Field, lhs place) []jen.Code {
	if f.Default == "" {
		return nil
	}
	val, err := model.Parse([]byte(f.Default))
	if err != nil {
		e.fail("field %s: invalid default %s", f.GoName, f.Default)
		return nil
	}
	t, ptr := f.Type, false
	if t.Kind == model.KindPointer {
		t, ptr = t.Elem, true
	}
	if t.Kind == model.KindText {
		s, _ := val.(string)
		return []jen.Code{jen.Block(
			jen.Var().Id("dv").Add(e.goType(t)),
			jen.If(jen.Err().Op(":=").Id("dv").Dot("UnmarshalText").Call(jen.Index().Byte().Parens(jen.Lit(s))), jen.Err().Op("==").Nil()).Block(
				assignDefault(lhs, jen.Id("dv"), ptr)),
		)}
	}
	lit := e.literal(f, t, val)
	if lit == nil {
		return nil
	}
	if !ptr {
		return []jen.Code{lhs.expr().Op("=").Add(lit)}
	}
	return []jen.Code{jen.Block(id("dv").Op(":=").Add(lit), assignDefault(lhs, jen.Id("dv"), true))}
}

func assignDefault(lhs place, v jen.Code, ptr bool) jen.Code {
	if ptr {
		return lhs.expr().Op("=").Op("&").Add(v)
	}
	return lhs.expr().Op("=").Add(v)
}

// literal spells a JSON value as a Go expression of type t.
func (e *emitter) literal(f *model.Field, t *model.Type, val any) jen.Code {
	conv := func(c jen.Code) jen.Code { return e.goType(t).(*jen.Statement).Clone().Call(c) }
	switch v := val.(type) {
	case string:
		switch t.Kind {
		case model.KindString:
			return conv(jen.Lit(v))
		case model.KindTime:
			if tm, err := time.Parse(time.RFC3339Nano, v); err == nil {
				return timeLit(tm)
			}
		case model.KindBytes:
			if b, err := base64.StdEncoding.DecodeString(v); err == nil {
				return conv(jen.Lit(string(b)))
			}
		}
	case bool:
		if t.Kind == model.KindBool {
			return conv(jen.Lit(v))
		}
	case model.Number:
		if t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindFloat {
			return conv(id(string(v)))
		}
		if t.Kind == model.KindNumber {
			return conv(jen.Lit(string(v)))
		}
	case []any:
		if t.Kind == model.KindSlice || t.Kind == model.KindArray {
			items := make([]jen.Code, len(v))
			for i, x := range v {
				if items[i] = e.literal(f, t.Elem, x); items[i] == nil {
					return nil
				}
			}
			return e.goType(t).(*jen.Statement).Clone().Values(items...)
		}
	}
	e.fail("field %s: default %s is not supported for a value of kind %s", f.GoName, f.Default, t.Kind)
	return nil
}

// timeLit spells a time as time.Date in UTC or a fixed zone.
func timeLit(tm time.Time) jen.Code {
	_, off := tm.Zone()
	loc := jen.Qual("time", "UTC")
	if off != 0 || tm.Location() != time.UTC {
		loc = jen.Qual("time", "FixedZone").Call(jen.Lit(""), jen.Lit(off))
	}
	return jen.Qual("time", "Date").Call(jen.Lit(tm.Year()), jen.Qual("time", "Month").Call(jen.Lit(int(tm.Month()))), jen.Lit(tm.Day()),
		jen.Lit(tm.Hour()), jen.Lit(tm.Minute()), jen.Lit(tm.Second()), jen.Lit(tm.Nanosecond()), loc)
}
