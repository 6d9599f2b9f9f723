package stitchrt

import (
	"slices"
	"strconv"
	"strings"

	"github.com/stitchgen/stitchgen/stitch"
)

// Kinds is a set of JSON kinds: those a variant of an untagged union takes
// at its top level, as its advertised schema branch says.
type Kinds uint8

// The JSON kinds. KindNumber is every number, integral or not: an integer
// variant is the right kind for 1.5 (its issue then says it is not an
// integer).
const (
	KindObject Kinds = 1 << iota
	KindArray
	KindString
	KindNumber
	KindBool
	KindNull
	// KindAll is a branch that takes every kind (a free-form value, an
	// opaque schema without a type).
	KindAll = KindObject | KindArray | KindString | KindNumber | KindBool | KindNull
)

// kindBit returns the kind of the value that starts with c.
func kindBit(c byte) Kinds {
	switch c {
	case '{':
		return KindObject
	case '[':
		return KindArray
	case '"':
		return KindString
	case 't', 'f':
		return KindBool
	case 'n':
		return KindNull
	}
	return KindNumber
}

// A Variant is one variant of an untagged union as the union's advertised
// anyOf branch describes it; the generator writes it.
type Variant struct {
	// Shape says in words what the branch accepts: "a string", "an
	// object with keys path, line and optional side".
	Shape string
	// Kinds are the JSON kinds the branch takes at its top level.
	Kinds Kinds
	// Keys are the property names of an object branch, sorted.
	Keys []string
}

// A Union describes an untagged union for the issues of its decoder
// (Unmatched): its variants in anyOf order.
type Union struct {
	Variants []Variant
	// Shapes are the variants' shapes in order, joined with "; ".
	Shapes string
}

// Unmatched records the issue of an untagged union whose value raw (at
// the current path) was matched by no variant or by several (generated
// code calls it when the trials did not match exactly once): hit says
// which trials matched, try(t, i) decodes raw as variant i with t (the
// value is dropped).
//
//   - Two or more matched: "ambiguous", naming the shapes that matched.
//   - None matched: "null" for a null (docs/decoding.md: a nullable union takes
//     null before its variants are tried), else "type"; when one variant
//     is the closest (closest), its issues follow this one, with their own
//     paths, as a whole decode of that variant reports them.
//
// Inside a trial or a ranking the issue is only counted.
func (d *Decoder) Unmatched(raw []byte, hit []bool, u *Union, try func(t *Decoder, i int)) {
	if d.fatal || len(raw) == 0 {
		return
	}
	if d.quiet {
		d.add(stitch.Issue{})
		return
	}
	var matched []string
	for i, h := range hit {
		if h && i < len(u.Variants) {
			matched = append(matched, u.Variants[i].Shape)
		}
	}
	if len(matched) == 1 { // not called so: the one match is the value
		return
	}
	list := "(" + u.Shapes + ")"
	if len(matched) > 1 {
		d.issue("ambiguous", "exactly one of "+list,
			"matched by "+strconv.Itoa(len(matched))+" of "+list+": "+strings.Join(matched, "; "))
		return
	}
	kind := kindBit(raw[0])
	code, msg := "type", "expected one of "+list+", got "+kindOf(raw[0])
	if kind == KindNull {
		code, msg = "null", "null is not allowed here; expected one of "+list+d.nullHint(d.pos-len(raw))
	}
	best := -1
	// A caught value's issues are dropped, and issues beyond the cap are
	// only counted: no closest variant then. Nor beyond maxNested closest
	// variants deep, which bounds the work of an error (below).
	if d.catching == 0 && d.nested < maxNested && len(d.issues) < maxIssues {
		best = d.closest(raw, kind, u, try)
	}
	if best < 0 {
		d.issue(code, "one of "+list, msg)
		return
	}
	t := d.variantDecoder(raw, false)
	t.nested = d.nested + 1
	defer t.Release()
	try(t, best)
	t.end()
	n := len(t.issues) + t.cut
	if n == 0 || t.fatal { // cannot happen: the variant's trial failed
		d.issue(code, "one of "+list, msg)
		return
	}
	follow := " issues follow"
	if n == 1 {
		follow = " issue follows"
	}
	d.issue(code, "one of "+list, msg+"; closest is "+u.Variants[best].Shape+": "+strconv.Itoa(n)+follow)
	for _, is := range t.issues {
		d.add(is)
	}
	d.cut += t.cut
}

// maxNested is how many unions deep closest variants are looked for: a
// union in the closest variant of a union in the closest variant of ...
// Each level decodes its value again (the ranking's decodes and the
// closest variant's), and each of those decodes tries the unions inside
// again, so without a bound a recursive union nested n deep would cost
// n times its valid decode; beyond it a union's issue lists the shapes
// only.
const maxNested = 4

// closest returns the variant of u that comes closest to matching raw,
// whose JSON kind is kind, or -1 when none does. Defined so that it does
// not depend on the order of the variants:
//
//  1. The candidates are the variants whose branch takes kind (a number
//     is the right kind for an integer variant). None: -1; one: that one.
//  2. Of several, each is decoded in full with its issues counted (in
//     these decodes a nested union only counts its own issue), and ranked
//     by the number of the object's top-level keys that it declares as
//     properties (more is closer: the caller used its words), then by the
//     number of issues (fewer is closer).
//  3. A tie for the first rank: -1 (no variant is closer than another).
func (d *Decoder) closest(raw []byte, kind Kinds, u *Union, try func(t *Decoder, i int)) int {
	best, candidates := -1, 0
	for i := range u.Variants {
		if u.Variants[i].Kinds&kind != 0 {
			best, candidates = i, candidates+1
		}
	}
	if candidates < 2 {
		return best
	}
	var keys []string
	if kind == KindObject {
		keys = d.topKeys(raw)
	}
	best = -1
	bestKnown, bestIssues, tie := 0, 0, false
	for i := range u.Variants {
		v := &u.Variants[i]
		if v.Kinds&kind == 0 {
			continue
		}
		t := d.variantDecoder(raw, true)
		try(t, i)
		t.end()
		known, issues := knownKeys(keys, v.Keys), len(t.issues)+t.cut
		t.Release()
		switch {
		case best < 0 || known > bestKnown || (known == bestKnown && issues < bestIssues):
			best, bestKnown, bestIssues, tie = i, known, issues, false
		case known == bestKnown && issues == bestIssues:
			tie = true
		}
	}
	if tie {
		return -1
	}
	return best
}

// topKeys returns the (unescaped) keys of the object raw, which Raw has
// validated.
func (d *Decoder) topKeys(raw []byte) []string {
	t := &Decoder{data: raw, maxDepth: d.maxDepth - d.depth}
	t.path = t.pathBuf[:0]
	if !t.ObjStart() {
		return nil
	}
	var keys []string
	for k, more := t.ObjNext(); more; k, more = t.ObjNext() {
		keys = append(keys, string(k))
		t.skipValue(false)
	}
	return keys
}

// knownKeys counts the keys that are in the sorted list props.
func knownKeys(keys, props []string) int {
	n := 0
	for _, k := range keys {
		if _, ok := slices.BinarySearch(props, k); ok {
			n++
		}
	}
	return n
}
