package model

import (
	"math/big"
)

// The facts below are computed in one place for every stage: the loader
// (checking tag values and defaults), the schema builder (what a type
// advertises) and the decoder emitter (which checks to emit).

// IntRange returns the values of an integer type: -2^(b-1) .. 2^(b-1)-1
// for KindInt, 0 .. 2^b-1 for KindUint, where b is t.Bits (64 when 0),
// except for a standard named integer with a range of its own
// (StdIntRange).
func IntRange(t *Type) (lo, hi *big.Int) {
	if l, h, ok := StdIntRange(t); ok {
		return big.NewInt(l), big.NewInt(h)
	}
	bits := uint(t.Bits)
	if bits == 0 {
		bits = 64
	}
	one := big.NewInt(1)
	if t.Kind == KindUint {
		return new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
	}
	half := new(big.Int).Lsh(one, bits-1)
	return new(big.Int).Neg(half), new(big.Int).Sub(half, one)
}

// IntBound turns a number bound of an integer value into the integer
// limit it means: an integer x meets "x >= r" (lower) exactly when
// x >= IntBound(r, true, false), and "x < r" (upper, exclusive) exactly
// when x <= IntBound(r, false, true), and so on.
func IntBound(r *big.Rat, lower, exclusive bool) *big.Int {
	q, m := new(big.Int).QuoRem(r.Num(), r.Denom(), new(big.Int))
	floor := q
	if m.Sign() < 0 {
		floor = new(big.Int).Sub(q, big.NewInt(1))
	}
	ceil := floor
	if m.Sign() != 0 {
		ceil = new(big.Int).Add(floor, big.NewInt(1))
	}
	switch {
	case lower && exclusive:
		return new(big.Int).Add(floor, big.NewInt(1))
	case lower:
		return ceil
	case exclusive:
		return new(big.Int).Sub(ceil, big.NewInt(1))
	}
	return floor
}

// ParseNumber reads a JSON number literal (or any decimal literal
// math/big accepts) exactly; ok is false when s is not one.
func ParseNumber(s string) (r *big.Rat, ok bool) {
	return new(big.Rat).SetString(s)
}

// StdIntRange returns the values a standard library's named integer means,
// where they are fewer than its Go type holds: time.Month 1..12 (January
// to December), time.Weekday 0..6 (Sunday to Saturday). encoding/json
// writes both as numbers; a contract takes only the meaningful ones.
func StdIntRange(t *Type) (lo, hi int64, ok bool) {
	if t.PkgPath != "time" || t.Kind != KindInt {
		return 0, 0, false
	}
	switch t.Name {
	case "Month":
		return 1, 12, true
	case "Weekday":
		return 0, 6, true
	}
	return 0, 0, false
}
