package decode

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

// goType spells t in the generated package.
func (e *emitter) goType(t *model.Type) jen.Code {
	c, ok := GoType(e.pkg.Path, t)
	if !ok {
		e.fail("unsupported unnamed type of kind %s", t.Kind)
	}
	return c
}

// GoType spells t as Go code in the package with import path pkg; ok is
// false for an unnamed type of a kind that has no Go spelling here.
func GoType(pkg string, t *model.Type) (c *jen.Statement, ok bool) {
	if t.IsNamed() {
		c = jen.Qual(t.PkgPath, t.Name)
		if t.PkgPath == pkg || t.PkgPath == "" {
			c = jen.Id(t.Name)
		}
		if len(t.Args) == 0 {
			return c, true
		}
		args := make([]jen.Code, len(t.Args))
		ok = true
		for i, a := range t.Args {
			ac, aok := GoType(pkg, a)
			args[i], ok = ac, ok && aok
		}
		return c.Types(args...), ok
	}
	elem := func(prefix *jen.Statement) (*jen.Statement, bool) {
		e, ok := GoType(pkg, t.Elem)
		return prefix.Add(e), ok
	}
	switch t.Kind {
	case model.KindBool, model.KindInt, model.KindUint, model.KindFloat, model.KindString:
		return jen.Id(t.Basic), true
	case model.KindBytes:
		return jen.Index().Byte(), true
	case model.KindTime:
		return jen.Qual("time", "Time"), true
	case model.KindAny:
		if t.RawMessage {
			return jen.Qual("encoding/json", "RawMessage"), true
		}
		return jen.Any(), true
	case model.KindSlice:
		return elem(jen.Index())
	case model.KindArray:
		return elem(jen.Index(jen.Lit(t.Len)))
	case model.KindMap:
		return elem(jen.Map(jen.String()))
	case model.KindPointer:
		return elem(jen.Op("*"))
	case model.KindNullable:
		e, ok := GoType(pkg, t.Elem)
		return jen.Qual(names.API, "Nullable").Types(e), ok
	}
	return jen.Any(), false
}

// local reports whether t is a named struct or union with decode and
// encode functions in the generated file: one declared in the generated
// package, or another package's that the contract uses (Foreign).
func (e *emitter) local(t *model.Type) bool {
	return t.IsNamed() && (t.PkgPath == e.pkg.Path || t.PkgPath == "" || t.Foreign)
}

// acceptsString reports whether a JSON string can be a valid value of t,
// which turns JSON-string repair off where t is expected (docs/decoding.md).
func acceptsString(t *model.Type) bool {
	t = t.Deref()
	switch t.Kind {
	case model.KindString, model.KindBytes, model.KindTime, model.KindText, model.KindAny, model.KindOpaque, model.KindDuration:
		return true
	case model.KindUnion:
		if t.Union.Discriminator != "" {
			return false
		}
		for _, v := range t.Union.Variants {
			if acceptsString(v.Type) {
				return true
			}
		}
		return false
	case model.KindStruct:
		return false
	}
	return false
}

// repairable reports whether JSON-string repair applies where t is expected:
// an object, array or union that accepts no string.
func repairable(t *model.Type) bool {
	switch t.Deref().Kind {
	case model.KindStruct, model.KindSlice, model.KindArray, model.KindMap, model.KindUnion:
		return !acceptsString(t)
	}
	return false
}

// comparable reports whether values of t can be compared with == in Go,
// as uniqueItems compares them. A json.Number or a pointer can, but ==
// compares a number's text or a pointer's address, and 1 and 1.0, or two
// pointers to "a", are one JSON value.
func comparable(t *model.Type) bool {
	switch t.Kind {
	case model.KindSlice, model.KindMap, model.KindBytes, model.KindAny, model.KindOpaque, model.KindText, model.KindNumber,
		model.KindBigInt, model.KindPointer:
		return false
	case model.KindArray, model.KindNullable:
		return comparable(t.Elem)
	case model.KindStruct:
		for _, f := range t.Struct.Fields {
			if !comparable(f.Type) {
				return false
			}
		}
		return t.Struct.Catchall == nil
	}
	return true
}

// jsonKeyLit returns the bytes `"key":` as encoding/json writes the key.
func jsonKeyLit(k string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range k {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == '<' || r == '>' || r == '&' || r == '\u2028' || r == '\u2029':
			b.WriteString(`\u`)
			s := strconv.FormatInt(int64(r), 16)
			b.WriteString(strings.Repeat("0", 4-len(s)) + s)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(`":`)
	return b.String()
}

// quoteList renders Go strings as a comma-separated list of JSON strings.
func quoteList(vs []string) string {
	q := make([]string, len(vs))
	for i, v := range vs {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

// intLit is the Go integer literal of n, untyped, so that it compares
// with a variable of any integer type that holds it; beyond int64 (the
// top of uint64) a uint64 literal. Like model.IntRange, it takes int to be
// 64 bits; on a host where it is not, a value beyond int32 is a typed
// int64 literal (a compile error where it mixes types, never a wrong
// value).
func intLit(n *big.Int) jen.Code {
	switch {
	case !n.IsInt64():
		return jen.Lit(n.Uint64())
	case strconv.IntSize == 64 || n.Int64() >= math.MinInt32 && n.Int64() <= math.MaxInt32:
		return jen.Lit(int(n.Int64()))
	}
	return jen.Lit(n.Int64())
}

// formatFuncs names the runtime check of each portable format (docs/contracts.md).
var formatFuncs = map[string]string{
	"date": "FormatDate", "time": "FormatTime", "date-time": "FormatDateTime",
	"duration": "FormatDuration", "uri": "FormatURI", "uri-reference": "FormatURIReference",
	"uri-template": "FormatURITemplate", "email": "FormatEmail", "hostname": "FormatHostname",
	"ipv4": "FormatIPv4", "ipv6": "FormatIPv6", "regex": "FormatRegex", "uuid": "FormatUUID",
	"json-pointer": "FormatJSONPointer", "relative-json-pointer": "FormatRelativeJSONPointer",
}
