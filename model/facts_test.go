package model

import (
	"math/big"
	"testing"
)

func TestIntRange(t *testing.T) {
	for _, c := range []struct {
		t      Type
		lo, hi string
	}{
		{Type{Kind: KindInt, Bits: 8}, "-128", "127"},
		{Type{Kind: KindInt, Bits: 32}, "-2147483648", "2147483647"},
		{Type{Kind: KindInt}, "-9223372036854775808", "9223372036854775807"},
		{Type{Kind: KindInt, Bits: 64}, "-9223372036854775808", "9223372036854775807"},
		{Type{Kind: KindUint, Bits: 8}, "0", "255"},
		{Type{Kind: KindUint}, "0", "18446744073709551615"},
	} {
		lo, hi := IntRange(&c.t)
		if lo.String() != c.lo || hi.String() != c.hi {
			t.Errorf("IntRange(%+v) = %s..%s, want %s..%s", c.t, lo, hi, c.lo, c.hi)
		}
	}
}

func TestIntBound(t *testing.T) {
	cases := []struct {
		bound            string
		lower, exclusive bool
		want             string
	}{
		{"1", true, false, "1"}, {"0.5", true, false, "1"}, {"-0.5", true, false, "0"}, {"-1.5", true, false, "-1"},
		{"1", true, true, "2"}, {"0.5", true, true, "1"}, {"-0.5", true, true, "0"},
		{"10", false, false, "10"}, {"2.5", false, false, "2"}, {"-2.5", false, false, "-3"},
		{"10", false, true, "9"}, {"2.5", false, true, "2"}, {"-2.5", false, true, "-3"},
		{"1e3", false, false, "1000"},
	}
	for _, c := range cases {
		r, _ := new(big.Rat).SetString(c.bound)
		if got := IntBound(r, c.lower, c.exclusive).String(); got != c.want {
			t.Errorf("IntBound(%s, lower=%v, exclusive=%v) = %s, want %s", c.bound, c.lower, c.exclusive, got, c.want)
		}
	}
}
