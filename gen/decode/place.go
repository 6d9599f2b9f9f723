package decode

import "github.com/dave/jennifer/jen"

// A place is an addressable Go expression the decoder writes a value into
// or the encoder reads one from (x.Items, e0, (*x.Next), buf[n]), built as
// jennifer code, never as text. The place of a pointer's element knows the
// pointer, so its address is the pointer itself and never &(*p).
type place struct {
	code func() *jen.Statement // a new statement for each use
	ptr  *place                // the pointer whose element this is, or nil
}

// named is the place of a variable.
func named(name string) place {
	return place{code: func() *jen.Statement { return jen.Id(name) }}
}

// field is the place of a field (a path of field names) of p.
func (p place) field(names ...string) place {
	return place{code: func() *jen.Statement {
		s := p.code()
		for _, n := range names {
			s = s.Dot(n)
		}
		return s
	}}
}

// elem is the place a pointer p points to: (*p).
func (p place) elem() place {
	return place{code: func() *jen.Statement { return jen.Parens(jen.Op("*").Add(p.code())) }, ptr: &p}
}

// index is the place of item i of array p.
func (p place) index(i jen.Code) place {
	return place{code: func() *jen.Statement { return p.code().Index(i) }}
}

// whole is the slice of every item of array p: p[:] (not a place to
// write to, an expression to read).
func (p place) whole() *jen.Statement { return p.code().Index(jen.Empty(), jen.Empty()) }

// expr is the place as an expression.
func (p place) expr() *jen.Statement { return p.code() }

// addr is the address of the place: &p, or the pointer for (*p).
func (p place) addr() *jen.Statement {
	if p.ptr != nil {
		return p.ptr.code()
	}
	return jen.Op("&").Add(p.code())
}
