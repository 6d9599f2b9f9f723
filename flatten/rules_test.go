package flatten

import (
	"testing"

	"github.com/stitchgen/stitchgen/model"
)

// A ruleCase is one raw-JSON flattening: in is flattened (with declared,
// when given) and must equal want as JSON.
type ruleCase struct {
	name     string
	declared map[string]string
	in, want string
}

func runRules(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := Flatten(mustParse(t, c.in), Options{Declared: c.declared})
			if want := mustParse(t, c.want); !model.Equal(got, want) {
				t.Errorf("\n got %s\nwant %s", model.MustMarshal(got), model.MustMarshal(want))
			}
		})
	}
}

// v builds a strict variant {"type":"object","properties":{"kind":const,
// ...props},"required":["kind",...req],"additionalProperties":false}.
func v(kind, props, req string) string {
	if props != "" {
		props = "," + props
	}
	if req != "" {
		req = "," + req
	}
	return `{"type":"object","properties":{"kind":{"type":"string","const":"` + kind + `"}` + props +
		`},"required":["kind"` + req + `],"additionalProperties":false}`
}

// flat builds the expected strict flat object for discriminator kind.
func flat(values, props, req string) string {
	if props != "" {
		props = "," + props
	}
	if req != "" {
		req = "," + req
	}
	return `{"type":"object","properties":{"kind":{"type":"string","enum":[` + values + `]}` + props +
		`},"required":["kind"` + req + `],"additionalProperties":false}`
}

func TestCollisions(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "object vs array media becomes a type array",
		in: `{"oneOf":[` + v("message", `"media":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`, `"media"`) + `,` +
			v("mediaGroup", `"media":{"type":"array","items":{"type":"string"}}`, `"media"`) + `]}`,
		want: flat(`"message","mediaGroup"`, `"media":{"type":["object","array"]}`, `"media"`),
	}, {
		name: "integer minimum 0 in every variant keeps type and bound",
		in: `{"oneOf":[` + v("a", `"i":{"type":"integer","minimum":0}`, `"i"`) + `,` + v("b", `"i":{"type":"integer","minimum":0}`, `"i"`) + `,` +
			v("c", `"i":{"minimum":0,"type":"integer"}`, `"i"`) + `,` + v("d", `"i":{"type":"integer","minimum":0.0}`, `"i"`) + `]}`,
		want: flat(`"a","b","c","d"`, `"i":{"type":"integer","minimum":0}`, `"i"`),
	}, {
		name: "integer with integer of other bounds stays integer",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"integer","minimum":0}`, `"n"`) + `,` + v("b", `"n":{"type":"integer","maximum":9}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"integer"}`, `"n"`),
	}, {
		name: "integer folds into number",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"integer"}`, `"n"`) + `,` + v("b", `"n":{"type":"number","maximum":1}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"number"}`, `"n"`),
	}, {
		name: "string literals join into one enum in first-appearance order",
		in: `{"oneOf":[` + v("a", `"m":{"type":"string","enum":["x","y"]}`, `"m"`) + `,` + v("b", `"m":{"type":"string","const":"z"}`, `"m"`) + `,` +
			v("c", `"m":{"type":"string","enum":["y","w"]}`, `"m"`) + `]}`,
		want: flat(`"a","b","c"`, `"m":{"type":"string","enum":["x","y","z","w"]}`, `"m"`),
	}, {
		name: "an enum with a free string is a string",
		in:   `{"oneOf":[` + v("a", `"m":{"type":"string","enum":["x"]}`, `"m"`) + `,` + v("b", `"m":{"type":"string","maxLength":3}`, `"m"`) + `]}`,
		want: flat(`"a","b"`, `"m":{"type":"string"}`, `"m"`),
	}, {
		name: "differing objects become a loose object",
		in: `{"oneOf":[` + v("a", `"o":{"type":"object","properties":{"x":{"type":"string"}},"additionalProperties":false}`, `"o"`) + `,` +
			v("b", `"o":{"type":"object","properties":{"y":{"type":"string"}}}`, `"o"`) + `]}`,
		want: flat(`"a","b"`, `"o":{"type":"object","additionalProperties":{}}`, `"o"`),
	}, {
		name: "differing arrays become an array of anything",
		in:   `{"oneOf":[` + v("a", `"l":{"type":"array","items":{"type":"string"}}`, `"l"`) + `,` + v("b", `"l":{"type":"array","items":{"type":"integer"}}`, `"l"`) + `]}`,
		want: flat(`"a","b"`, `"l":{"type":"array","items":{}}`, `"l"`),
	}, {
		name: "several kinds in the fixed order",
		in: `{"oneOf":[` + v("a", `"t":{"type":"array","items":{}}`, `"t"`) + `,` + v("b", `"t":{"type":"boolean"}`, `"t"`) + `,` +
			v("c", `"t":{"type":"integer"}`, `"t"`) + `,` + v("d", `"t":{"type":"string"}`, `"t"`) + `]}`,
		want: flat(`"a","b","c","d"`, `"t":{"type":["string","integer","boolean","array"]}`, `"t"`),
	}, {
		name: "an unknowable kind gives {}",
		in:   `{"oneOf":[` + v("a", `"p":{}`, `"p"`) + `,` + v("b", `"p":{"type":"string"}`, `"p"`) + `]}`,
		want: flat(`"a","b"`, `"p":{}`, `"p"`),
	}, {
		name: "a bare reference gives {}",
		in:   `{"oneOf":[` + v("a", `"p":{"$ref":"#/$defs/Node"}`, `"p"`) + `,` + v("b", `"p":{"type":"object"}`, `"p"`) + `]}`,
		want: flat(`"a","b"`, `"p":{}`, `"p"`),
	}, {
		name: "an identical reference is kept",
		in:   `{"oneOf":[` + v("a", `"p":{"$ref":"#/$defs/Node"}`, `"p"`) + `,` + v("b", `"p":{"$ref":"#/$defs/Node"}`, `"p"`) + `]}`,
		want: flat(`"a","b"`, `"p":{"$ref":"#/$defs/Node"}`, `"p"`),
	}, {
		name: "a const number and a number are numbers",
		in:   `{"oneOf":[` + v("a", `"n":{"const":1}`, `"n"`) + `,` + v("b", `"n":{"type":"number"}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"number"}`, `"n"`),
	}})
}

func TestNullableCollisions(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "null is carried into the type array",
		in:   `{"oneOf":[` + v("a", `"x":{"type":["string","null"],"maxLength":3}`, `"x"`) + `,` + v("b", `"x":{"type":"integer"}`, `"x"`) + `]}`,
		want: flat(`"a","b"`, `"x":{"type":["string","integer","null"]}`, `"x"`),
	}, {
		name: "nullable object against an object",
		in:   `{"oneOf":[` + v("a", `"x":{"type":["object","null"],"properties":{}}`, `"x"`) + `,` + v("b", `"x":{"type":"object","properties":{"y":{"type":"string"}}}`, `"x"`) + `]}`,
		want: flat(`"a","b"`, `"x":{"type":["object","null"]}`, `"x"`),
	}, {
		name: "nullable enums join with null last",
		in:   `{"oneOf":[` + v("a", `"x":{"type":["string","null"],"enum":["p",null]}`, `"x"`) + `,` + v("b", `"x":{"type":"string","const":"q"}`, `"x"`) + `]}`,
		want: flat(`"a","b"`, `"x":{"type":["string","null"],"enum":["p","q",null]}`, `"x"`),
	}, {
		name: "nullable reference is unknowable",
		in:   `{"oneOf":[` + v("a", `"x":{"anyOf":[{"$ref":"#/$defs/N"},{"type":"null"}]}`, `"x"`) + `,` + v("b", `"x":{"type":"object"}`, `"x"`) + `]}`,
		want: flat(`"a","b"`, `"x":{}`, `"x"`),
	}, {
		name: "nullable flattened union joins by its kinds",
		in: `{"oneOf":[` + v("a", `"x":{"anyOf":[{"type":"object","properties":{"q":{"type":"string"}}},{"type":"null"}]}`, `"x"`) + `,` +
			v("b", `"x":{"type":"string"}`, `"x"`) + `]}`,
		want: flat(`"a","b"`, `"x":{"type":["string","object","null"]}`, `"x"`),
	}})
}

func TestKeyPolicy(t *testing.T) {
	variant := func(kind, ap string) string {
		if ap != "" {
			ap = `,"additionalProperties":` + ap
		}
		return `{"type":"object","properties":{"kind":{"type":"string","const":"` + kind + `"}},"required":["kind"]` + ap + `}`
	}
	union := func(a, b string) string { return `{"oneOf":[` + variant("a", a) + `,` + variant("b", b) + `]}` }
	want := func(ap string) string {
		if ap != "" {
			ap = `,"additionalProperties":` + ap
		}
		return `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]}},"required":["kind"]` + ap + `}`
	}
	runRules(t, []ruleCase{
		{name: "all strict", in: union("false", "false"), want: want("false")},
		{name: "all strip", in: union("", ""), want: want("")},
		{name: "mixed strict and strip", in: union("false", ""), want: want("{}")},
		{name: "loose and strict", in: union("true", "false"), want: want("{}")},
		{name: "typed catchall is widened, never copied", in: union(`{"type":"integer"}`, `{"type":"integer"}`), want: want("{}")},
		{name: "typed catchall beside strip", in: union(`{"type":"string"}`, ""), want: want("{}")},
	})
}

func TestAnnotations(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "defaults, titles and examples inside the union are dropped at every depth",
		in: `{"description":"The node.","title":"Node","oneOf":[` +
			v("a", `"n":{"type":"integer","default":3,"title":"N","examples":[1]},"o":{"type":"object","properties":{"d":{"type":"string","default":"x","title":"D"}}}`, `"o"`) + `,` +
			v("b", `"m":{"type":"string","enum":["default","title"],"default":"title"}`, ``) + `]}`,
		want: `{"description":"The node.","title":"Node","type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},` +
			`"n":{"type":"integer","description":"Available if kind = a."},` +
			`"o":{"type":"object","properties":{"d":{"type":"string"}},"description":"Available if kind = a. Required if kind = a."},` +
			`"m":{"type":"string","enum":["default","title"],"description":"Available if kind = b."}},` +
			`"required":["kind"],"additionalProperties":false}`,
	}, {
		name: "a default outside any union is kept",
		in:   `{"type":"object","properties":{"n":{"type":"integer","default":3,"title":"N"}}}`,
		want: `{"type":"object","properties":{"n":{"type":"integer","default":3,"title":"N"}}}`,
	}, {
		name: "a key differing only by annotations is identical; deprecated kept when all agree",
		in: `{"oneOf":[` + v("a", `"n":{"type":"integer","minimum":1,"default":2,"deprecated":true}`, `"n"`) + `,` +
			v("b", `"n":{"type":"integer","minimum":1,"title":"x","deprecated":true}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"integer","minimum":1,"deprecated":true}`, `"n"`),
	}, {
		name: "deprecated in one variant only is dropped",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"integer","deprecated":true}`, `"n"`) + `,` + v("b", `"n":{"type":"integer"}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"integer"}`, `"n"`),
	}})
}

func TestDescriptions(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "one shared description is kept",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"string","description":"Name."}`, `"n"`) + `,` + v("b", `"n":{"type":"string","description":"Name."}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"string","description":"Name."}`, `"n"`),
	}, {
		name: "differing descriptions are labelled in variant order",
		in: `{"oneOf":[` + v("a", `"n":{"type":"string","description":"First."}`, `"n"`) + `,` +
			v("b", `"n":{"type":"string","description":"Second."}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"string","description":"kind=a: First.; kind=b: Second."}`, `"n"`),
	}, {
		name: "a variant without a description adds no part",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"string"}`, `"n"`) + `,` + v("b", `"n":{"type":"string","description":"Second."}`, `"n"`) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"string","description":"kind=b: Second."}`, `"n"`),
	}, {
		name: "variants sharing a text are grouped",
		in: `{"oneOf":[` + v("a", `"n":{"type":"string","description":"X."}`, `"n"`) + `,` + v("b", `"n":{"type":"string","description":"Y."}`, `"n"`) + `,` +
			v("c", `"n":{"type":"string","description":"X."}`, `"n"`) + `]}`,
		want: flat(`"a","b","c"`, `"n":{"type":"string","description":"kind=a | c: X.; kind=b: Y."}`, `"n"`),
	}, {
		name: "differing descriptions then the hint",
		in: `{"oneOf":[` + v("a", `"n":{"type":"string","description":"X."}`, `"n"`) + `,` + v("b", `"n":{"type":"string","description":"Y."}`, ``) + `,` +
			v("c", ``, ``) + `]}`,
		want: flat(`"a","b","c"`, `"n":{"type":"string","description":"kind=a: X.; kind=b: Y. Available if kind = a | b. Required if kind = a."}`, ``),
	}, {
		name: "multi-value variants are labelled with all their values",
		in: `{"oneOf":[{"type":"object","properties":{"kind":{"type":"string","enum":["p","q"]},"n":{"type":"string","description":"X."}},"required":["kind","n"],"additionalProperties":false},` +
			v("r", `"n":{"type":"string","description":"Y."}`, ``) + `,` + v("s", ``, ``) + `]}`,
		want: flat(`"p","q","r","s"`, `"n":{"type":"string","description":"kind=p | q: X.; kind=r: Y. Available if kind = p | q | r. Required if kind = p | q."}`, ``),
	}, {
		name: "optional everywhere gets only the availability hint",
		in:   `{"oneOf":[` + v("a", `"n":{"type":"string"}`, ``) + `,` + v("b", `"n":{"type":"string"}`, ``) + `]}`,
		want: flat(`"a","b"`, `"n":{"type":"string","description":"Available if kind = a | b."}`, ``),
	}})
}

func TestDiscriminators(t *testing.T) {
	literal := `{"type":"object","properties":{"action":{"oneOf":[` +
		`{"type":"object","properties":{"op":{"type":"string","const":"a"},"mode":{"type":"string","const":"fast"}},"required":["op","mode"]},` +
		`{"type":"object","properties":{"op":{"type":"string","const":"b"},"mode":{"type":"string","const":"slow"}},"required":["op","mode"]}]}}}`
	byOp := `{"type":"object","properties":{"action":{"type":"object","properties":{"op":{"type":"string","enum":["a","b"]},` +
		`"mode":{"type":"string","enum":["fast","slow"]}},"required":["op","mode"]}}}`
	byMode := `{"type":"object","properties":{"action":{"type":"object","properties":{"mode":{"type":"string","enum":["fast","slow"]},` +
		`"op":{"type":"string","enum":["a","b"]}},"required":["mode","op"]}}}`
	runRules(t, []ruleCase{
		{name: "raw JSON takes the first qualifying key lexicographically", in: literal, want: byMode},
		{name: "declared at the node", declared: map[string]string{"/properties/action": "op"}, in: literal, want: byOp},
		{name: "declared at the oneOf", declared: map[string]string{"/properties/action/oneOf": "op"}, in: literal, want: byOp},
		{name: "a declared key that does not qualify leaves the union", declared: map[string]string{"/properties/action": "nope"}, in: literal, want: literal},
		{
			name: "multi-value discriminator",
			in: `{"oneOf":[{"type":"object","properties":{"m":{"type":"string","const":"courier"},"address":{"type":"string"}},"required":["m","address"],"additionalProperties":false},` +
				`{"type":"object","properties":{"m":{"type":"string","enum":["pickup","store"]},"storeId":{"type":"integer","minimum":0}},"required":["m","storeId"],"additionalProperties":false}]}`,
			want: `{"type":"object","properties":{"m":{"type":"string","enum":["courier","pickup","store"]},` +
				`"address":{"type":"string","description":"Available if m = courier. Required if m = courier."},` +
				`"storeId":{"type":"integer","minimum":0,"description":"Available if m = pickup | store. Required if m = pickup | store."}},` +
				`"required":["m"],"additionalProperties":false}`,
		},
		{
			name: "the discriminator may have no type keyword",
			in:   `{"oneOf":[{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]},{"type":"object","properties":{"k":{"enum":["y"]}},"required":["k"]}]}`,
			want: `{"type":"object","properties":{"k":{"type":"string","enum":["x","y"]}},"required":["k"]}`,
		},
	})
}

// TestLeftAlone lists unions that are not flattenable: each is returned
// exactly as it came, never an error.
func TestLeftAlone(t *testing.T) {
	same := func(name, in string) ruleCase { return ruleCase{name: name, in: in, want: in} }
	obj := func(disc string) string {
		return `{"type":"object","properties":{"k":` + disc + `,"x":{"type":"string"}},"required":["k"]}`
	}
	runRules(t, []ruleCase{
		same("number discriminator", `{"oneOf":[`+obj(`{"type":"number","const":1}`)+`,`+obj(`{"type":"number","const":2}`)+`]}`),
		same("anyOf", `{"anyOf":[`+obj(`{"type":"string","const":"a"}`)+`,`+obj(`{"type":"string","const":"b"}`)+`]}`),
		same("one variant", `{"oneOf":[`+obj(`{"type":"string","const":"a"}`)+`]}`),
		same("a $ref variant", `{"oneOf":[`+obj(`{"type":"string","const":"a"}`)+`,{"$ref":"#/$defs/B"}]}`),
		same("a non-object variant", `{"oneOf":[`+obj(`{"type":"string","const":"a"}`)+`,{"type":"string"}]}`),
		same("overlapping values", `{"oneOf":[`+obj(`{"type":"string","enum":["a","b"]}`)+`,`+obj(`{"type":"string","const":"b"}`)+`]}`),
		same("discriminator not required everywhere", `{"oneOf":[`+obj(`{"type":"string","const":"a"}`)+
			`,{"type":"object","properties":{"k":{"type":"string","const":"b"}}}]}`),
		same("union with its own properties", `{"properties":{"z":{"type":"string"}},"oneOf":[`+obj(`{"type":"string","const":"a"}`)+`,`+obj(`{"type":"string","const":"b"}`)+`]}`),
		same("union typed other than object", `{"type":"string","oneOf":[`+obj(`{"type":"string","const":"a"}`)+`,`+obj(`{"type":"string","const":"b"}`)+`]}`),
		same("string discriminator without values", `{"oneOf":[`+obj(`{"type":"string"}`)+`,`+obj(`{"type":"string"}`)+`]}`),
	})
}

// TestExtras pins what a flattened union does with the extension keywords
// ("x-" keys) of a key its variants share: kept when every variant that
// declares the key gives the same value, dropped otherwise; a difference
// in x- keywords alone does not loosen the joined schema. The union
// node's own x- keywords stay on the flat object.
func TestExtras(t *testing.T) {
	runRules(t, []ruleCase{{
		name: "identical x- keywords are kept",
		in: `{"oneOf":[` + v("a", `"repo":{"type":"string","x-mcp-header":"repo"}`, `"repo"`) + `,` +
			v("b", `"repo":{"type":"string","x-mcp-header":"repo"}`, `"repo"`) + `]}`,
		want: flat(`"a","b"`, `"repo":{"type":"string","x-mcp-header":"repo"}`, `"repo"`),
	}, {
		name: "different values are dropped and the schema stays joined as identical",
		in: `{"oneOf":[` + v("a", `"ref":{"type":"string","minLength":1,"x-ref":"branch","x-same":true}`, `"ref"`) + `,` +
			v("b", `"ref":{"type":"string","minLength":1,"x-ref":"tag","x-same":true}`, `"ref"`) + `]}`,
		want: flat(`"a","b"`, `"ref":{"type":"string","minLength":1,"x-same":true}`, `"ref"`),
	}, {
		name: "a keyword only some declarations carry is dropped",
		in: `{"oneOf":[` + v("a", `"ref":{"type":"string","x-ref":"branch"}`, `"ref"`) + `,` +
			v("b", `"ref":{"type":"string"}`, `"ref"`) + `]}`,
		want: flat(`"a","b"`, `"ref":{"type":"string"}`, `"ref"`),
	}, {
		name: "the union node's x- keywords stay on the flat object",
		in:   `{"oneOf":[` + v("a", `"ref":{"type":"string"}`, `"ref"`) + `,` + v("b", `"ref":{"type":"string"}`, `"ref"`) + `],"x-kind":"target"}`,
		want: `{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"ref":{"type":"string"}},` +
			`"required":["kind","ref"],"additionalProperties":false,"x-kind":"target"}`,
	}})
}
