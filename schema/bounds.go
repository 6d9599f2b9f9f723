package schema

import (
	"github.com/stitchgen/stitchgen/model"
)

// IntRange returns the range an integer type advertises: its minimum and
// maximum as JSON number literals, "" for a side without a bound. Types
// narrower than 64 bits carry both sides, 64-bit unsigned types (uint,
// uint64, uintptr) only minimum 0, int and int64 none (docs/contracts.md); a
// standard named integer with a range of its own (time.Month) both.
func IntRange(t *model.Type) (lo, hi string) {
	min, max := model.IntRange(t)
	_, _, std := model.StdIntRange(t)
	switch {
	case std || (t.Bits > 0 && t.Bits < 64):
		return min.String(), max.String()
	case t.Kind == model.KindUint:
		return "0", ""
	}
	return "", ""
}

// tighterLower combines a type's lower bound with a tag's minimum and
// exclusiveMinimum (see the package doc): it returns the minimum to write;
// the exclusive bound is always written as given.
func tighterLower(typeMin, tagMin, tagExMin string) string {
	switch {
	case tagMin != "":
		if typeMin == "" || compare(tagMin, typeMin) >= 0 {
			return tagMin
		}
		return typeMin
	case tagExMin != "" && typeMin != "" && compare(tagExMin, typeMin) >= 0:
		return ""
	}
	return typeMin
}

// tighterUpper mirrors tighterLower for maximum and exclusiveMaximum.
func tighterUpper(typeMax, tagMax, tagExMax string) string {
	switch {
	case tagMax != "":
		if typeMax == "" || compare(tagMax, typeMax) <= 0 {
			return tagMax
		}
		return typeMax
	case tagExMax != "" && typeMax != "" && compare(tagExMax, typeMax) <= 0:
		return ""
	}
	return typeMax
}

// compare compares two JSON number literals by value. A literal that does
// not parse (the loader rejects those) compares as equal, so the tag wins.
func compare(a, b string) int {
	x, ok1 := model.ParseNumber(a)
	y, ok2 := model.ParseNumber(b)
	if !ok1 || !ok2 {
		return 0
	}
	return x.Cmp(y)
}
