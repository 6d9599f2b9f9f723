package profile

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// TestDecimal pins the literal reading that replaces big arithmetic on
// input numbers (a literal like 1e999999999 must stay cheap).
func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		n                      string
		integral, exact, count bool
	}{
		{"0", true, true, true},
		{"-0.0e5", true, true, false},
		{"1", true, true, true},
		{"1.0", true, true, false},
		{"10e-1", true, true, false},
		{"0.1e1", true, true, false},
		{"100", true, true, true},
		{"007", true, true, false},
		{"1.5", false, true, false},
		{"0.1", false, false, false},
		{"1e2", true, true, false},
		{"12e-1", false, false, false},
		{"1e999999999", true, false, false},
		{"1e-999999999", false, false, false},
		{"0e99999999999999999999", true, true, false},
		{"9007199254740993", true, false, false},
		{"-1", true, true, false},
	} {
		n := model.Number(c.n)
		if got := isIntegral(n); got != c.integral {
			t.Errorf("isIntegral(%s) = %v", c.n, got)
		}
		if got := float64Exact(n); got != c.exact {
			t.Errorf("float64Exact(%s) = %v", c.n, got)
		}
		if got := isCount(n); got != c.count {
			t.Errorf("isCount(%s) = %v", c.n, got)
		}
	}
}
