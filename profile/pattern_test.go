package profile

import "testing"

func TestSimplePattern(t *testing.T) {
	for _, c := range []struct {
		p    string
		want bool
	}{
		{`^[A-Z0-9-]+$`, true},
		{`^o-[0-9]+$`, true},
		{`^[a-z]+(?:-[a-z]+)*$`, true},
		{`^\d{3}-\d{4}$`, true},
		{`^(ab|cd)?\s\w*\.$`, true},
		{`^a{1,100}$`, true},
		{`^a{1,101}$`, false},
		{`^a{101}$`, false},
		{`\bword\b`, false},
		{`^\p{L}+$`, false},
		{`(?i)^abc$`, false},
		{`^(?P<x>a)$`, false},
		{`^a+?$`, false},
		{`^[[:alpha:]]+$`, false},
		{`\Aabc\z`, false},
		{`(a`, false},
		{`(?=a)`, false},
		{`\(?:x`, false},
	} {
		if got := simplePattern(c.p); got != c.want {
			t.Errorf("simplePattern(%q) = %v, want %v", c.p, got, c.want)
		}
	}
}
