package stitchrt

import (
	"slices"
	"strings"
	"testing"
)

// A testVariant decodes one variant of a hand-written untagged union and
// reports whether it decoded without an issue, as a generated try
// function does.
type testVariant struct {
	v   Variant
	try func(d *Decoder) bool
}

// objVariant is a strict object whose properties are all required: each
// an integer ("int") or a string ("string").
func objVariant(shape string, props ...[2]string) testVariant {
	var keys []string
	for _, p := range props {
		keys = append(keys, p[0])
	}
	allowed := strings.Join(keys, ", ")
	sorted := slices.Sorted(slices.Values(keys))
	return testVariant{Variant{Shape: shape, Kinds: KindObject, Keys: sorted}, func(d *Decoder) bool {
		if d.ObjStart() {
			seen := map[string]bool{}
			var extra KeySet
		members:
			for k, more := d.ObjNext(); more; k, more = d.ObjNext() {
				for _, p := range props {
					if string(k) != p[0] {
						continue
					}
					seen[p[0]] = true
					d.Push(k)
					if p[1] == "int" {
						d.Int(-1<<63, 1<<63-1, false)
					} else {
						d.Str()
					}
					d.Pop()
					continue members
				}
				d.Unknown(&extra, k, allowed)
			}
			for _, p := range props {
				if !seen[p[0]] {
					d.Missing(p[0])
				}
			}
		}
		return d.TrialOK()
	}}
}

var (
	strVariant = testVariant{Variant{Shape: "a string", Kinds: KindString}, func(d *Decoder) bool { d.Str(); return d.TrialOK() }}
	intVariant = testVariant{Variant{Shape: "an integer", Kinds: KindNumber}, func(d *Decoder) bool {
		d.Int(-1<<63, 1<<63-1, false)
		return d.TrialOK()
	}}
	abVariant = objVariant("an object with keys a, b", [2]string{"a", "int"}, [2]string{"b", "string"})
	acVariant = objVariant("an object with keys a, c", [2]string{"a", "int"}, [2]string{"c", "string"})
)

// decodeUntagged decodes in as the union of vs at /v, as generated code
// does, and returns the error text and how often a variant was decoded
// after its trial.
func decodeUntagged(in string, vs ...testVariant) (text string, retries int) {
	u := &Union{}
	var shapes []string
	for _, v := range vs {
		u.Variants = append(u.Variants, v.v)
		shapes = append(shapes, v.v.Shape)
	}
	u.Shapes = strings.Join(shapes, "; ")
	d := NewDecoder([]byte(in), false)
	d.Push([]byte("v"))
	if raw, ok := d.Raw(); ok {
		hit := make([]bool, len(vs))
		var won *Decoder
		n := 0
		for i := range hit {
			t := d.Trial(raw)
			if hit[i] = vs[i].try(t); hit[i] {
				n++
			}
			if n == 1 && hit[i] {
				won = t
			} else {
				t.Release()
			}
		}
		if n == 1 {
			d.Adopt(won)
		} else {
			d.Unmatched(raw, hit, u, func(t *Decoder, i int) { retries++; vs[i].try(t) })
		}
	}
	d.Pop()
	if err := d.Finish(); err != nil {
		return err.Error(), retries
	}
	return "", retries
}

func TestUnmatched(t *testing.T) {
	objects := "(an object with keys a, b; an object with keys a, c; a string; an integer)"
	all := []testVariant{abVariant, acVariant, strVariant, intVariant}
	cases := []struct {
		name, in, want string
		retries        int // decodes after the trials: the ranking's and the closest one's
	}{
		{"matched once", `"x"`, "", 0},
		{"the closest of two objects by the keys it declares", `{"a":"1","b":"x"}`,
			"/v: type: expected one of " + objects + ", got object; closest is an object with keys a, b: 1 issue follows\n" +
				"/v/a: type: expected integer, got string", 3},
		{"the closest by fewer issues when the keys tie", `{"a":1,"b":2,"c":"x"}`,
			"/v: type: expected one of " + objects + ", got object; closest is an object with keys a, c: 1 issue follows\n" +
				"/v/b: unknown_key: unknown key \"b\"; allowed keys: a, c", 3},
		{"a tie: no closest", `{}`, "/v: type: expected one of " + objects + ", got object", 2},
		{"a tie on keys and issues", `{"a":1,"b":2,"c":3}`, "/v: type: expected one of " + objects + ", got object", 2},
		{"no variant of the kind", `true`, "/v: type: expected one of " + objects + ", got boolean", 0},
		{"the only variant of the kind", `1.5`,
			"/v: type: expected one of " + objects + ", got number; closest is an integer: 1 issue follows\n" +
				"/v: type: expected integer, got 1.5", 1},
		{"null", `null`, "/v: null: null is not allowed here; expected one of " + objects, 0},
		{"a duplicate key: no variant is tried", `{"a":1,"a":2}`, `/v/a: duplicate_key: duplicate key "a"`, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, retries := decodeUntagged(c.in, all...)
			if got != c.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, c.want)
			}
			if retries != c.retries {
				t.Errorf("variants decoded after the trials: %d, want %d", retries, c.retries)
			}
		})
	}
}

// TestUnmatchedOrder: the closest variant does not depend on the order of
// the variants (only the list of shapes does).
func TestUnmatchedOrder(t *testing.T) {
	closest := func(s string) string {
		s, _, _ = strings.Cut(s, "\n")
		if _, after, ok := strings.Cut(s, "closest is "); ok {
			return after
		}
		return "(none)"
	}
	all := []testVariant{abVariant, acVariant, strVariant, intVariant}
	for _, in := range []string{`{"a":"1","b":"x"}`, `{"a":1,"b":2,"c":"x"}`, `{}`, `{"c":1}`, `{"b":"x","z":1}`, `1.5`, `true`} {
		want := ""
		for p := range permutations(len(all)) {
			vs := make([]testVariant, len(all))
			for i, j := range p {
				vs[i] = all[j]
			}
			got, _ := decodeUntagged(in, vs...)
			if want == "" {
				want = closest(got)
			} else if closest(got) != want {
				t.Errorf("%s: order %v: closest %q, first order %q", in, p, closest(got), want)
			}
		}
	}
}

// permutations yields every ordering of 0..n-1.
func permutations(n int) func(yield func([]int) bool) {
	return func(yield func([]int) bool) {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		var rec func(k int) bool
		rec = func(k int) bool {
			if k == n {
				return yield(slices.Clone(p))
			}
			for i := k; i < n; i++ {
				p[k], p[i] = p[i], p[k]
				if !rec(k + 1) {
					return false
				}
				p[k], p[i] = p[i], p[k]
			}
			return true
		}
		rec(0)
	}
}

func TestUnmatchedAmbiguous(t *testing.T) {
	other := testVariant{Variant{Shape: "a string", Kinds: KindString}, strVariant.try}
	got, retries := decodeUntagged(`"x"`, strVariant, intVariant, other)
	want := "/v: ambiguous: matched by 2 of (a string; an integer; a string): a string; a string"
	if got != want || retries != 0 {
		t.Errorf("got %q (%d retries), want %q", got, retries, want)
	}
}

// TestUnmatchedQuiet: in a trial or a ranking the union's issue is only
// counted, and no variant is decoded again; in a caught value no closest
// variant is looked for (its issues are dropped).
func TestUnmatchedQuiet(t *testing.T) {
	u := &Union{Variants: []Variant{abVariant.v, intVariant.v}, Shapes: "an object with keys a, b; an integer"}
	raw := []byte(`{"a":"x"}`)
	outer := NewDecoder(raw, false)
	tr := outer.Trial(raw)
	tr.Unmatched(raw, make([]bool, 2), u, func(*Decoder, int) { t.Error("a variant decoded again in a trial") })
	if tr.TrialOK() || len(tr.issues) != 0 || tr.cut != 1 {
		t.Errorf("trial: ok %v, issues %v, counted %d; want a failure counted once and none kept", tr.TrialOK(), tr.issues, tr.cut)
	}
	tr.Release()
	outer.Release()

	d := NewDecoder(raw, false)
	d.Raw()
	m := d.CatchMark()
	d.Unmatched(raw, make([]bool, 2), u, func(*Decoder, int) { t.Error("a variant decoded again in a caught value") })
	if !d.CatchEnd(m) || d.Finish() != nil {
		t.Error("the caught union's issue was not dropped")
	}
}

func TestKnownKeys(t *testing.T) {
	for _, c := range []struct {
		keys, props []string
		want        int
	}{
		{nil, []string{"a"}, 0},
		{[]string{"a", "b", "z"}, []string{"a", "b", "c"}, 2},
		{[]string{"a"}, nil, 0},
	} {
		if got := knownKeys(c.keys, c.props); got != c.want {
			t.Errorf("knownKeys(%v, %v) = %d, want %d", c.keys, c.props, got, c.want)
		}
	}
	d := NewDecoder(nil, false)
	if got := d.topKeys([]byte(`{"a":{"b":1},"c\u0064":[1],"e":"f"}`)); !slices.Equal(got, []string{"a", "cd", "e"}) {
		t.Errorf("topKeys = %q", got)
	}
}

// TestUnmatchedNestedBound: maxNested unions deep, no closest variant is
// looked for; the issue lists the shapes only.
func TestUnmatchedNestedBound(t *testing.T) {
	u := &Union{Variants: []Variant{intVariant.v}, Shapes: "an integer"}
	for _, c := range []struct {
		nested int
		want   string
	}{
		{maxNested - 1, "(root): type: expected one of (an integer), got number; closest is an integer: 1 issue follows\n(root): type: expected integer, got 1.5"},
		{maxNested, "(root): type: expected one of (an integer), got number"},
	} {
		d := NewDecoder([]byte(`1.5`), false)
		d.nested = c.nested
		raw, _ := d.Raw()
		d.Unmatched(raw, make([]bool, 1), u, func(t *Decoder, i int) { intVariant.try(t) })
		if err := d.Finish(); err == nil || err.Error() != c.want {
			t.Errorf("%d deep: got %v, want %s", c.nested, err, c.want)
		}
	}
}
