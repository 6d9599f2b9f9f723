package stitchgenai

import "testing"

func TestSameJSON(t *testing.T) {
	cases := []struct {
		a, b string
		path string
		same bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{"b":[true,null,"x"],"a":1.0}`, "", true},
		{`{"n":100}`, `{"n":1e2}`, "", true},
		{`{"n":9007199254740993}`, `{"n":9007199254740992}`, "/n", false},
		{`{"n":1e999999999}`, `{"n":1e999999999}`, "", true},
		{`{"n":1e999999999}`, `{"n":1e999999998}`, "/n", false},
		{`{"a":{"x~/y":1}}`, `{"a":{"x~/y":2}}`, "/a/x~0~1y", false},
		{`{"a":1}`, `{"a":1,"b":2}`, "/b", false},
		{`{"a":[1,2]}`, `{"a":[1]}`, "/a", false},
		{`{"a":"1"}`, `{"a":1}`, "/a", false},
		{`{`, `{}`, "", false},
	}
	for _, c := range cases {
		if path, same := sameJSON([]byte(c.a), []byte(c.b)); path != c.path || same != c.same {
			t.Errorf("sameJSON(%s, %s) = %q, %v; want %q, %v", c.a, c.b, path, same, c.path, c.same)
		}
	}
}

func TestClean(t *testing.T) {
	cases := []struct {
		doc   string
		clean bool
	}{
		{`{"a":[1,{"b":2,"c":3}],"d":"\\ud800 is text","e":"\u00e9"}`, true},
		{`{"a":1,"a":2}`, false},
		{`{"a":1,"\u0061":2}`, false},
		{`[{"a":1},{"a":2}]`, true},
		{`{"x":{"a":1,"a":1}}`, false},
		{`{"s":"\ud800"}`, false},
		{`{"s":"\uD83D\uDE00"}`, false},
		{"{\"s\":\"\xff\"}", false},
		{`{"a":`, false},
	}
	for _, c := range cases {
		if got := clean([]byte(c.doc)); got != c.clean {
			t.Errorf("clean(%s) = %v, want %v", c.doc, got, c.clean)
		}
	}
}
