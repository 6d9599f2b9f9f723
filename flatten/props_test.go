package flatten

import (
	"slices"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// richUnion has collisions of every join rule, descriptions, nullable and
// multi-value variants, and all three key policies.
var richVariants = []string{
	`{"type":"object","properties":{"kind":{"type":"string","const":"a"},"n":{"type":"integer","minimum":0,"description":"N."},` +
		`"m":{"type":"string","const":"x"},"t":{"type":"string"},"o":{"type":"object","properties":{}},"s":{"type":"boolean"}},"required":["kind","n","m"],"additionalProperties":false}`,
	`{"type":"object","properties":{"kind":{"type":"string","enum":["b","c"]},"n":{"type":"integer","minimum":0,"description":"N."},` +
		`"m":{"type":"string","enum":["y","x"]},"t":{"type":["number","null"]},"o":{"type":"array","items":{}},"u":{"type":"string","default":"z"}},"required":["kind","n","t"]}`,
	`{"type":"object","properties":{"kind":{"type":"string","const":"d"},"n":{"type":"integer","minimum":0,"description":"Other."},` +
		`"m":{"type":"string","const":"w"},"t":{"type":"integer"},"s":{"type":"boolean","title":"S"},"p":{}},"required":["kind","n","m","s"],"additionalProperties":{"type":"string"}}`,
	`{"type":"object","properties":{"kind":{"type":"string","const":"e"},"n":{"type":"integer","minimum":0},` +
		`"t":{"type":"boolean"},"o":{"type":"object","properties":{"q":{"type":"string"}}},"p":{"type":"string"}},"required":["kind","n"],"additionalProperties":false}`,
}

func unionOf(variants []string) any {
	return model.MustParse(`{"description":"U.","oneOf":[` + strings.Join(variants, ",") + `]}`)
}

// TestVariantOrderIndependence flattens every permutation of the variants:
// the results are equal up to the order of enum values, required keys and
// the parts of descriptions (which follow variant order by design).
func TestVariantOrderIndependence(t *testing.T) {
	want := normalize(Flatten(unionOf(richVariants), Options{}))
	n := 0
	permute(slices.Clone(richVariants), 0, func(p []string) {
		n++
		got := normalize(Flatten(unionOf(p), Options{}))
		if !model.Equal(got, want) {
			t.Errorf("order %v:\n got %s\nwant %s", p, model.MustMarshal(got), model.MustMarshal(want))
		}
	})
	if n != 24 {
		t.Fatalf("%d permutations, want 24", n)
	}
}

func permute(a []string, i int, f func([]string)) {
	if i == len(a) {
		f(a)
		return
	}
	for j := i; j < len(a); j++ {
		a[i], a[j] = a[j], a[i]
		permute(a, i+1, f)
		a[i], a[j] = a[j], a[i]
	}
}

// normalize sorts enum and required arrays and the words of descriptions
// (punctuation removed, so that labels and parts may come in any order).
func normalize(v any) any {
	switch v := v.(type) {
	case *model.Object:
		out := &model.Object{}
		for _, m := range v.Members {
			val := normalize(m.Value)
			switch a, _ := val.([]any); {
			case (m.Key == "enum" || m.Key == "required") && a != nil:
				slices.SortFunc(a, func(x, y any) int { return strings.Compare(string(model.MustMarshal(x)), string(model.MustMarshal(y))) })
			case m.Key == "description":
				words := strings.Fields(strings.NewReplacer(";", " ", ":", " ", ".", " ", "=", " ").Replace(val.(string)))
				slices.Sort(words)
				val = strings.Join(words, " ")
			}
			out.Set(m.Key, val)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = normalize(e)
		}
		return out
	}
	return v
}

// TestRichUnion pins the full flat object of richUnion, rule by rule.
func TestRichUnion(t *testing.T) {
	want := `{"description":"U.","type":"object","properties":{` +
		`"kind":{"type":"string","enum":["a","b","c","d","e"]},` +
		`"n":{"type":"integer","minimum":0,"description":"kind=a | b | c: N.; kind=d: Other."},` +
		`"m":{"type":"string","enum":["x","y","w"],"description":"Available if kind = a | b | c | d. Required if kind = a | d."},` +
		`"t":{"type":["string","number","boolean","null"],"description":"Available if kind = a | b | c | d | e. Required if kind = b | c."},` +
		`"o":{"type":["object","array"],"description":"Available if kind = a | b | c | e."},` +
		`"s":{"type":"boolean","description":"Available if kind = a | d. Required if kind = d."},` +
		`"u":{"type":"string","description":"Available if kind = b | c."},` +
		`"p":{"description":"Available if kind = d | e."}},` +
		`"required":["kind","n"],"additionalProperties":{}}`
	got := Flatten(unionOf(richVariants), Options{})
	if !model.Equal(got, model.MustParse(want)) {
		t.Errorf("\n got %s\nwant %s", model.MustMarshal(got), want)
	}
}

// TestNoMutationNoSharing checks that Flatten leaves its input byte-for-byte
// unchanged, and that changing the output cannot reach the input.
func TestNoMutationNoSharing(t *testing.T) {
	in := model.MustParse(`{"type":"object","$defs":{"D":{"type":"string","enum":["q"]}},"properties":{"a":{"type":"array","items":` +
		string(model.MustMarshal(unionOf(richVariants))) + `},"b":{"default":{"x":[1]},"oneOf":[{"type":"string"},{"type":"integer"}]}}}`)
	before := string(model.MustMarshal(in))
	out := Flatten(in, Options{Declared: map[string]string{"/properties/a/items": "kind"}})
	if got := string(model.MustMarshal(in)); got != before {
		t.Fatalf("input changed:\n%s\n%s", before, got)
	}
	scribble(out)
	if got := string(model.MustMarshal(in)); got != before {
		t.Fatalf("output shares values with the input:\n%s\n%s", before, got)
	}
}

// scribble changes every object and array of a document in place.
func scribble(v any) {
	switch v := v.(type) {
	case *model.Object:
		for _, m := range v.Members {
			scribble(m.Value)
		}
		v.Set("scribbled", true)
	case []any:
		for i, e := range v {
			scribble(e)
			v[i] = "scribbled"
		}
	}
}

func TestDeterministicAndIdempotent(t *testing.T) {
	in := unionOf(richVariants)
	a := model.MustMarshal(Flatten(in, Options{}))
	for range 5 {
		if b := model.MustMarshal(Flatten(in, Options{})); string(a) != string(b) {
			t.Fatalf("run differs:\n%s\n%s", a, b)
		}
	}
	if b := model.MustMarshal(Flatten(model.MustParse(string(a)), Options{})); string(a) != string(b) {
		t.Fatalf("flattening twice changes the result:\n%s\n%s", a, b)
	}
}

// TestRuntimeToleranceNotAdvertised (docs/flattening.md): coerce and catch fields
// are already nominal in the lossless document (the schema stage writes
// {"type":"integer","minimum":1} for a coerce int), so flatten has nothing
// to do for them: such a schema passes through unchanged, and in a union it
// joins by its nominal type like any other.
func TestRuntimeToleranceNotAdvertised(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "coerce and catch fields pass through",
		in:   `{"type":"object","properties":{"seats":{"type":"integer","minimum":1},"priority":{"type":"integer","minimum":0,"maximum":9,"default":5}}}`,
		want: `{"type":"object","properties":{"seats":{"type":"integer","minimum":1},"priority":{"type":"integer","minimum":0,"maximum":9,"default":5}}}`,
	}, {
		name: "a coerce field collides by its nominal type",
		in:   `{"oneOf":[` + v("a", `"seats":{"type":"integer","minimum":1}`, `"seats"`) + `,` + v("b", `"seats":{"type":"integer","minimum":2}`, `"seats"`) + `]}`,
		want: flat(`"a","b"`, `"seats":{"type":"integer"}`, `"seats"`),
	}})
}

// FuzzFlatten: any JSON document flattens without panicking, the input is
// not modified, and flattening is idempotent.
func FuzzFlatten(f *testing.F) {
	f.Add(string(model.MustMarshal(unionOf(richVariants))))
	f.Add(`{"oneOf":"x","properties":7,"items":[{"oneOf":[]}],"required":[1]}`)
	f.Add(`{"oneOf":[{"properties":{"k":{"const":"a"}},"required":"k"},{"properties":{"k":{"enum":[]}},"required":["k"]}]}`)
	f.Add(`[true,null,{"$defs":{"a":{"oneOf":[{"type":"object","properties":{"k":{"const":"a"}},"required":["k"]},{"type":"object","properties":{"k":{"const":"b"}},"required":["k"]}]}}}]`)
	f.Fuzz(func(t *testing.T, s string) {
		in, err := model.Parse([]byte(s))
		if err != nil {
			return
		}
		before := string(model.MustMarshal(in))
		once := Flatten(in, Options{})
		if string(model.MustMarshal(in)) != before {
			t.Fatal("input modified")
		}
		twice := Flatten(once, Options{})
		if a, b := model.MustMarshal(once), model.MustMarshal(twice); string(a) != string(b) {
			t.Fatalf("not idempotent:\n%s\n%s", a, b)
		}
	})
}

// TestKeyOrder pins the bytes of a flat object: type, properties, required,
// additionalProperties, then the union's own annotations, as package schema
// orders keys; a flat property's description comes after its constraints.
func TestKeyOrder(t *testing.T) {
	in := `{"oneOf":[` + v("a", `"n":{"description":"N.","type":"integer","minimum":0}`, `"n"`) + `,` + v("b", ``, ``) + `],"description":"U."}`
	want := `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},` +
		`"n":{"type":"integer","minimum":0,"description":"N. Available if kind = a. Required if kind = a."}},` +
		`"required":["kind"],"additionalProperties":false,"description":"U."}`
	if got := string(model.MustMarshal(Flatten(model.MustParse(in), Options{}))); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
}

// TestDiscriminatorDescription: the flat discriminator says what each value
// means, from the variants' own descriptions in variant order, labelled with
// their values; a variant without one adds no part, and without any the
// discriminator has no description.
func TestDiscriminatorDescription(t *testing.T) {
	for _, c := range []struct {
		variants []string
		want     string
	}{{
		[]string{
			`{"type":"object","properties":{"op":{"type":"string","const":"assign"}},"required":["op"],"description":"Assign gives the ticket to an agent."}`,
			`{"type":"object","properties":{"op":{"type":"string","enum":["close","drop"]}},"required":["op"],"description":"Close ends it"}`,
			`{"type":"object","properties":{"op":{"type":"string","const":"wait"}},"required":["op"]}`,
		},
		`{"type":"string","enum":["assign","close","drop","wait"],"description":"assign: Assign gives the ticket to an agent; close | drop: Close ends it."}`,
	}, {
		[]string{
			`{"type":"object","properties":{"op":{"type":"string","const":"a"}},"required":["op"]}`,
			`{"type":"object","properties":{"op":{"type":"string","const":"b"}},"required":["op"]}`,
		},
		`{"type":"string","enum":["a","b"]}`,
	}} {
		flat, ok := Flatten(unionOf(c.variants), Options{}).(*model.Object)
		if !ok {
			t.Fatalf("not flattened: %v", c.variants)
		}
		props, _ := flat.Get("properties")
		disc, _ := props.(*model.Object).Get("op")
		if got := string(model.MustMarshal(disc)); got != c.want {
			t.Errorf("discriminator\n got %s\nwant %s", got, c.want)
		}
	}
}
