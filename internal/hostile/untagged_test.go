package hostile

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/hostile/contracts/untagged"
)

var untaggedTools = []fuzzTool{
	{name: "review", fresh: func() toolValue { return new(untagged.Review) }, lossless: untagged.ReviewLosslessSchema, closed: true, strictRoot: true},
	{name: "eval", fresh: func() toolValue { return new(untagged.Eval) }, lossless: untagged.EvalLosslessSchema, closed: true, strictRoot: true},
}

// FuzzUntagged fuzzes the decoders of untagged unions (contract
// untagged): trials, the closest variant's issues, nesting, recursion.
func FuzzUntagged(f *testing.F) {
	f.Fuzz(func(t *testing.T, tool uint8, args []byte) { fuzzTools(t, untaggedTools, tool, args) })
}

// untaggedItems are one comment of each variant of untagged.Comment, the
// object ones in every position of the trial order.
var untaggedItems = []string{
	`{"path":"a.go","line":3,"body":"rename this"}`,
	`{"line":4,"text":"typo"}`,
	`{"anchor":{"start":1,"end":9},"text":"split this function"}`,
	`{"anchor":12,"text":"why?"}`,
	`"looks good"`,
	`["nit","style"]`,
}

// untaggedReview returns a review of n comments cycling through
// untaggedItems, with last in place of the final one when it is not "".
func untaggedReview(n int, last string) []byte {
	items := make([]string, n)
	for i := range items {
		items[i] = untaggedItems[i%len(untaggedItems)]
	}
	if last != "" {
		items[n-1] = last
	}
	return []byte(`{"comments":[` + strings.Join(items, ",") + `],"pinned":null}`)
}

// BenchmarkUntagged decodes reviews of 60 untagged-union comments: valid
// ones (every variant tried on every comment, the wrong kinds failing at
// their first byte), and ones whose last comment matches no variant, with
// a closest variant (a member of the wrong type) and without (a boolean).
func BenchmarkUntagged(b *testing.B) {
	for _, c := range []struct {
		name, last string
		valid      bool
	}{
		{"valid", "", true},
		{"invalid-closest", `{"path":"a.go","line":"3","body":"x"}`, false},
		{"invalid-kind", `true`, false},
	} {
		in := untaggedReview(60, c.last)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				var r untagged.Review
				if err := r.UnmarshalJSON(in); (err == nil) != c.valid {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestUntaggedErrors pins the full error texts of untagged unions: the
// variants named as the schema's anyOf branches say them, the closest
// variant's own issues after the union's, a nested union inside it, null.
func TestUntaggedErrors(t *testing.T) {
	const comments = "(an object with keys path, line, body and optional side; an object with keys line, text; an object with keys anchor, text; a string; an array of strings)"
	const anchors = "(an integer; an object with keys start, end)"
	cases := []struct {
		name, in, want string
		tool           bool // DecodeToolCall only (JSON-string repair on)
	}{
		{"the only object variant with the keys", `{"comments":[{"path":"a.go","line":"3","body":"x"}]}`,
			"/comments/0: type: expected one of " + comments + ", got object; closest is an object with keys path, line, body and optional side: 1 issue follows\n" +
				"/comments/0/line: type: expected integer, got string", false},
		{"more keys declared wins over fewer issues", `{"comments":[{"path":"a.go","line":0,"side":"up","text":"x"}]}`,
			"/comments/0: type: expected one of " + comments + ", got object; closest is an object with keys path, line, body and optional side: 4 issues follow\n" +
				"/comments/0/line: range: must be >= 1, got 0\n" +
				"/comments/0/side: enum: must be one of \"left\", \"right\"; got \"up\"\n" +
				"/comments/0/text: unknown_key: unknown key \"text\"; allowed keys: path, line, side, body\n" +
				"/comments/0/body: missing: missing required key \"body\"", false},
		{"a tie", `{"comments":[{"text":"x"}]}`, "/comments/0: type: expected one of " + comments + ", got object", false},
		{"a nested union", `{"comments":[{"anchor":{"start":2,"end":"9"},"text":"t"}]}`,
			"/comments/0: type: expected one of " + comments + ", got object; closest is an object with keys anchor, text: 2 issues follow\n" +
				"/comments/0/anchor: type: expected one of " + anchors + ", got object; closest is an object with keys start, end: 1 issue follows\n" +
				"/comments/0/anchor/end: type: expected integer, got string", false},
		{"the array variant", `{"comments":[["a",2]]}`,
			"/comments/0: type: expected one of " + comments + ", got array; closest is an array of strings: 1 issue follows\n" +
				"/comments/0/1: type: expected string, got number", false},
		{"no variant of the kind, and null", `{"comments":[false,null]}`,
			"/comments/0: type: expected one of " + comments + ", got boolean\n" +
				"/comments/1: null: null is not allowed here; expected one of " + comments, false},
		{"a nullable union takes null, not a number", `{"comments":[],"pinned":7}`,
			"/pinned: type: expected one of " + comments + ", got number", false},
		{"a repaired string in a nested union", `{"comments":[{"anchor":"{\"start\":1,\"end\":true}","text":"t"}]}`,
			"/comments/0: type: expected one of " + comments + ", got object; closest is an object with keys anchor, text: 2 issues follow\n" +
				"/comments/0/anchor: type: expected one of " + anchors + ", got object; closest is an object with keys start, end: 1 issue follows\n" +
				"/comments/0/anchor/end: type: expected integer, got boolean", true},
		{"a string that is not JSON is not repaired", `{"comments":[{"anchor":"x","text":"t"}]}`,
			"/comments/0: type: expected one of " + comments + ", got object; closest is an object with keys anchor, text: 1 issue follows\n" +
				"/comments/0/anchor: type: expected one of " + anchors + ", got string", true},
	}
	for _, c := range cases {
		var r untagged.Review
		if !c.tool {
			if err := r.UnmarshalJSON([]byte(c.in)); errText(err) != c.want {
				t.Errorf("%s: UnmarshalJSON:\n got: %s\nwant: %s", c.name, errText(err), c.want)
			}
		}
		if _, _, err := r.DecodeToolCall([]byte(c.in)); errText(err) != c.want {
			t.Errorf("%s: DecodeToolCall:\n got: %s\nwant: %s", c.name, errText(err), c.want)
		}
	}
	var r untagged.Review
	_, repaired, err := r.DecodeToolCall([]byte(`{"comments":[{"anchor":"{\"start\":1,\"end\":2}","text":"t"}]}`))
	if err != nil || strings.Join(repaired, " ") != "/comments/0/anchor" || r.Comments[0] != (untagged.RangeComment{Anchor: untagged.Span{Start: 1, End: 2}, Text: "t"}) {
		t.Errorf("repair in a nested union: %v, %v, %#v", err, repaired, r)
	}
}

// TestUntaggedDeepError: a recursive untagged union 500 levels deep whose
// innermost value matches no variant. Closest variants are looked for four
// unions deep (the fifth lists its shapes only), so the error costs a
// small multiple of the valid decode, not a multiple that grows with the
// depth.
func TestUntaggedDeepError(t *testing.T) {
	const depth = 500
	exprs := "(a number; an array; an object with keys fn, args)"
	doc := func(inner string) []byte {
		return []byte(`{"expr":` + strings.Repeat("[", depth) + inner + strings.Repeat("]", depth) + `}`)
	}
	valid := measure(t, func() error { var e untagged.Eval; return e.UnmarshalJSON(doc("1")) })
	if valid.err != nil {
		t.Fatal(valid.err)
	}
	bad := measure(t, func() error { var e untagged.Eval; return e.UnmarshalJSON(doc("true")) })
	t.Logf("valid: %v, %d bytes allocated; invalid: %v, %d bytes allocated", valid.elapsed, valid.allocBytes, bad.elapsed, bad.allocBytes)
	var want []string
	for i, n := range []int{4, 3, 2, 1} {
		want = append(want, "/expr"+strings.Repeat("/0", i)+": type: expected one of "+exprs+", got array; closest is an array: "+
			map[bool]string{true: "1 issue follows", false: strconv.Itoa(n) + " issues follow"}[n == 1])
	}
	want = append(want, "/expr/0/0/0/0: type: expected one of "+exprs+", got array")
	if got := errText(bad.err); got != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if bad.allocBytes > 20*valid.allocBytes+1<<20 {
		t.Errorf("the error allocates %d bytes, the valid decode %d", bad.allocBytes, valid.allocBytes)
	}
}
