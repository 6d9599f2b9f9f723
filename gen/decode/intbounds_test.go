package decode

import (
	"math/big"
	"testing"
)

func TestIntLimit(t *testing.T) {
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
		if got := intLimit(r, c.lower, c.exclusive).String(); got != c.want {
			t.Errorf("intLimit(%s, lower=%v, exclusive=%v) = %s, want %s", c.bound, c.lower, c.exclusive, got, c.want)
		}
	}
}
