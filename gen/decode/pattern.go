package decode

import (
	"fmt"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"
)

// Patterns of a simple subset are compiled at generation time into a Go
// matcher that is exactly regexp.MatchString (decision 0011); the others
// keep a package-level *regexp.Regexp.
//
// The subset, decided on the pattern parsed by regexp/syntax with the flags
// regexp.Compile uses (syntax.Perl): a leading ^ (OpBeginText), then a
// sequence of items, then optionally $ (OpEndText). An item is a literal
// code point (no case folding), a character class or `.` (OpAnyCharNotNL),
// alone or under *, +, ?, {n}, {n,} or {n,m} (greedy or not: whether a
// match exists does not depend on it). Every item whose count may vary is
// the last one, or is followed by an item of count at least 1 whose code
// points are disjoint from its own.
//
// Why a greedy scan without backtracking is then exact: in any match an
// item of variable count consumes a run of its code points and the next
// code point starts the following item, so it is not one of the item's
// own; hence the count is the length of the maximal run (capped by the
// item's maximum, beyond which no match exists because the next code
// point can start nothing). Fixed counts leave no choice. So every match
// consumes the same counts as the greedy scan, and the scan succeeds if
// and only if a match exists. Without $ the last item only needs its
// minimum. Patterns without ^ (a match anywhere) stay with regexp.

// patItem is one item of a compiled pattern: a set of code points (pairs
// of inclusive bounds, as in syntax.Regexp.Rune) repeated min to max times
// (max < 0: unbounded). lit, when not empty, is an ASCII literal string
// (min = max = 1, ranges unused).
type patItem struct {
	ranges   []rune
	min, max int
	lit      string
}

// patPlan is a compiled pattern: anchored at the start, items in order,
// end says whether the match must reach the end of the text.
type patPlan struct {
	items []patItem
	end   bool
}

// maxPatRanges bounds the ranges of one class compiled to comparisons.
const maxPatRanges = 6

// planPattern returns the plan of p, or ok = false when p is outside the
// subset.
func planPattern(p string) (patPlan, bool) {
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return patPlan{}, false
	}
	var subs []*syntax.Regexp
	switch re.Op {
	case syntax.OpConcat:
		subs = re.Sub
	default:
		subs = []*syntax.Regexp{re}
	}
	if len(subs) == 0 || subs[0].Op != syntax.OpBeginText {
		return patPlan{}, false
	}
	subs = subs[1:]
	var plan patPlan
	if n := len(subs); n > 0 && subs[n-1].Op == syntax.OpEndText {
		plan.end = true
		subs = subs[:n-1]
	}
	for _, s := range subs {
		min, max, one := 1, 1, s
		switch s.Op {
		case syntax.OpStar:
			min, max, one = 0, -1, s.Sub[0]
		case syntax.OpPlus:
			min, max, one = 1, -1, s.Sub[0]
		case syntax.OpQuest:
			min, max, one = 0, 1, s.Sub[0]
		case syntax.OpRepeat:
			min, max, one = s.Min, s.Max, s.Sub[0]
		}
		if max == 0 {
			return patPlan{}, false
		}
		if one.Flags&syntax.FoldCase != 0 {
			return patPlan{}, false
		}
		switch one.Op {
		case syntax.OpLiteral:
			if one != s && len(one.Rune) != 1 {
				return patPlan{}, false
			}
			for _, r := range one.Rune {
				if one == s && r < utf8.RuneSelf {
					if n := len(plan.items); n > 0 && plan.items[n-1].lit != "" {
						plan.items[n-1].lit += string(r)
						continue
					}
					plan.items = append(plan.items, patItem{min: 1, max: 1, lit: string(r)})
					continue
				}
				plan.items = append(plan.items, patItem{ranges: []rune{r, r}, min: min, max: max})
			}
		case syntax.OpCharClass:
			if len(one.Rune) == 0 || len(one.Rune)/2 > maxPatRanges {
				return patPlan{}, false
			}
			plan.items = append(plan.items, patItem{ranges: one.Rune, min: min, max: max})
		case syntax.OpAnyCharNotNL:
			plan.items = append(plan.items, patItem{ranges: []rune{0, '\n' - 1, '\n' + 1, utf8.MaxRune}, min: min, max: max})
		default:
			return patPlan{}, false
		}
	}
	for i, it := range plan.items {
		if it.min == it.max || i == len(plan.items)-1 {
			continue
		}
		next := plan.items[i+1]
		if next.min < 1 || overlaps(it.itemRanges(), next.itemRanges()) {
			return patPlan{}, false
		}
	}
	return plan, true
}

// itemRanges returns the code points an item can start with.
func (it patItem) itemRanges() []rune {
	if it.lit != "" {
		r := rune(it.lit[0])
		return []rune{r, r}
	}
	return it.ranges
}

// overlaps reports whether two range lists share a code point.
func overlaps(a, b []rune) bool {
	for i := 0; i < len(a); i += 2 {
		for j := 0; j < len(b); j += 2 {
			if a[i] <= b[j+1] && b[j] <= a[i+1] {
				return true
			}
		}
	}
	return false
}

// ascii reports whether every code point of the item is ASCII.
func (it patItem) ascii() bool {
	return it.ranges[len(it.ranges)-1] < utf8.RuneSelf
}

// cond is the Go condition that the variable c (byte or rune) is in the
// item's set.
func (it patItem) cond(c string) string {
	var parts []string
	for i := 0; i < len(it.ranges); i += 2 {
		lo, hi := it.ranges[i], it.ranges[i+1]
		switch {
		case lo == hi:
			parts = append(parts, c+" == "+runeLit(lo))
		case lo == 0:
			parts = append(parts, c+" <= "+runeLit(hi))
		case hi == utf8.MaxRune:
			parts = append(parts, c+" >= "+runeLit(lo))
		default:
			parts = append(parts, c+" >= "+runeLit(lo)+" && "+c+" <= "+runeLit(hi))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "(" + strings.Join(parts, ") || (") + ")"
}

// runeLit spells r as a Go constant.
func runeLit(r rune) string {
	if r >= ' ' && r < utf8.RuneSelf && r != '\'' && r != '\\' {
		return "'" + string(r) + "'"
	}
	return fmt.Sprintf("0x%x", r)
}

// emitMatcher emits func name(s string) bool implementing plan.
func emitMatcher(name, pattern string, plan patPlan) jen.Code {
	var body []jen.Code
	body = append(body, jen.Id("i").Op(":=").Lit(0))
	for _, it := range plan.items {
		switch {
		case len(it.lit) == 1:
			body = append(body,
				jen.If(jen.Id("i").Op(">=").Len(jen.Id("s")).Op("||").Id("s").Index(jen.Id("i")).Op("!=").Id(runeLit(rune(it.lit[0])))).Block(jen.Return(jen.False())),
				jen.Id("i").Op("++"))
		case it.lit != "":
			body = append(body,
				jen.If(jen.Op("!").Qual("strings", "HasPrefix").Call(jen.Id("s").Index(jen.Id("i").Op(":")), jen.Lit(it.lit))).Block(jen.Return(jen.False())),
				jen.Id("i").Op("+=").Lit(len(it.lit)))
		case it.min == 1 && it.max == 1 && it.ascii():
			body = append(body,
				jen.If(jen.Id("i").Op(">=").Len(jen.Id("s")).Op("||").Op("!").Parens(jen.Id(it.cond("s[i]")))).Block(jen.Return(jen.False())),
				jen.Id("i").Op("++"))
		default:
			loopCond := jen.Id("i").Op("<").Len(jen.Id("s"))
			if it.max > 0 {
				loopCond = loopCond.Op("&&").Id("n").Op("<").Lit(it.max)
			}
			var step []jen.Code
			if it.ascii() {
				step = []jen.Code{
					jen.If(jen.Op("!").Parens(jen.Id(it.cond("s[i]")))).Block(jen.Break()),
					jen.Id("i").Op("++"),
				}
			} else {
				step = []jen.Code{
					jen.List(jen.Id("c"), jen.Id("w")).Op(":=").Qual("unicode/utf8", "DecodeRuneInString").Call(jen.Id("s").Index(jen.Id("i").Op(":"))),
					jen.If(jen.Op("!").Parens(jen.Id(it.cond("c")))).Block(jen.Break()),
					jen.Id("i").Op("+=").Id("w"),
				}
			}
			step = append(step, jen.Id("n").Op("++"))
			blk := []jen.Code{
				jen.Id("n").Op(":=").Lit(0),
				jen.For(loopCond).Block(step...),
			}
			if it.min > 0 {
				blk = append(blk, jen.If(jen.Id("n").Op("<").Lit(it.min)).Block(jen.Return(jen.False())))
			}
			body = append(body, jen.Block(blk...))
		}
	}
	if plan.end {
		body = append(body, jen.Return(jen.Id("i").Op("==").Len(jen.Id("s"))))
	} else {
		body = append(body, jen.Id("_").Op("=").Id("i"), jen.Return(jen.True()))
	}
	return jen.Commentf("%s reports whether s matches the pattern %s, as regexp.MatchString does", name, strconv.Quote(pattern)).Line().
		Func().Id(name).Params(jen.Id("s").String()).Bool().Block(body...)
}
