package decode

import (
	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

// intChecks emits the bounds and multipleOf of an integer field as integer
// comparisons computed at generation time: for an integer x, x >= 0.5 is
// x >= 1, x < 10 is x <= 9, and x is a multiple of p/q (in lowest terms)
// exactly when p divides x. Messages still quote the tag's literal.
func (e *emitter) intChecks(t *model.Type, c *model.Constraints, n string) []jen.Code {
	lo, hi := model.IntRange(t)
	var out []jen.Code
	bound := func(lit string, lower, exclusive bool) {
		if lit == "" {
			return
		}
		r, ok := model.ParseNumber(lit)
		if !ok {
			e.fail("invalid bound %s", lit)
			return
		}
		limit := model.IntBound(r, lower, exclusive) // x must be >= limit (lower) or <= limit (upper)
		method := "MaximumFail"
		if lower {
			method = "MinimumFail"
		}
		fail := dvar().Dot(method).Call(jen.Lit(lit), jen.Lit(exclusive))
		switch {
		case lower && limit.Cmp(lo) <= 0, !lower && limit.Cmp(hi) >= 0:
			// the Go type's range already implies the bound
		case lower && limit.Cmp(hi) > 0, !lower && limit.Cmp(lo) < 0:
			out = append(out, fail) // no value of the type meets it
		case lower:
			out = append(out, jen.If(id(n).Op("<").Add(intLit(limit))).Block(fail))
		default:
			out = append(out, jen.If(id(n).Op(">").Add(intLit(limit))).Block(fail))
		}
	}
	bound(c.Minimum, true, false)
	bound(c.ExclusiveMinimum, true, true)
	bound(c.Maximum, false, false)
	bound(c.ExclusiveMaximum, false, true)
	if c.MultipleOf != "" {
		r, ok := model.ParseNumber(c.MultipleOf)
		if !ok || r.Sign() <= 0 {
			e.fail("invalid multipleOf %s", c.MultipleOf)
			return out
		}
		p := r.Num()
		fail := dvar().Dot("MultipleOfFail").Call(jen.Lit(c.MultipleOf))
		if p.Cmp(hi) > 0 {
			out = append(out, jen.If(id(n).Op("!=").Lit(0)).Block(fail))
		} else {
			out = append(out, jen.If(id(n).Op("%").Add(intLit(p)).Op("!=").Lit(0)).Block(fail))
		}
	}
	return out
}
