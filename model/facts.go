package model

import (
	"math/big"
	"strings"
)

// The facts below are computed in one place for every stage: the loader
// (checking tag values and defaults), the schema builder (what a type
// advertises) and the decoder emitter (which checks to emit).

// IntRange returns the values of an integer type: -2^(b-1) .. 2^(b-1)-1
// for KindInt, 0 .. 2^b-1 for KindUint, where b is t.Bits (64 when 0).
func IntRange(t *Type) (lo, hi *big.Int) {
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

// PointerToken escapes one reference token of a JSON Pointer (RFC 6901):
// "~" as "~0", "/" as "~1". (The runtime, package stitchrt, has its own
// copy: it is linked into services, which never link the generator.)
func PointerToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
