package flatten

import "testing"

// TestNesting flattens unions wherever they stand (docs/flattening.md).
func TestNesting(t *testing.T) {
	u := `{"oneOf":[` + v("a", `"x":{"type":"string"}`, `"x"`) + `,` + v("b", ``, ``) + `]}`
	f := flat(`"a","b"`, `"x":{"type":"string","description":"Available if kind = a. Required if kind = a."}`, ``)
	runRules(t, []ruleCase{
		{name: "root", in: u, want: f},
		{name: "property", in: `{"type":"object","properties":{"p":` + u + `}}`, want: `{"type":"object","properties":{"p":` + f + `}}`},
		{name: "array items", in: `{"type":"array","items":` + u + `}`, want: `{"type":"array","items":` + f + `}`},
		{name: "prefixItems", in: `{"type":"array","prefixItems":[{"type":"string"},` + u + `]}`, want: `{"type":"array","prefixItems":[{"type":"string"},` + f + `]}`},
		{name: "map values", in: `{"type":"object","additionalProperties":` + u + `}`, want: `{"type":"object","additionalProperties":` + f + `}`},
		{name: "nullable union in anyOf", in: `{"anyOf":[` + u + `,{"type":"null"}]}`, want: `{"anyOf":[` + f + `,{"type":"null"}]}`},
		{name: "allOf branch", in: `{"allOf":[` + u + `]}`, want: `{"allOf":[` + f + `]}`},
		{name: "$defs", in: `{"$defs":{"U":` + u + `},"$ref":"#/$defs/U"}`, want: `{"$defs":{"U":` + f + `},"$ref":"#/$defs/U"}`},
		{name: "member of a non-flattenable union", in: `{"oneOf":[` + u + `,{"type":"string"}]}`, want: `{"oneOf":[` + f + `,{"type":"string"}]}`},
		{
			name: "union inside a variant of another union",
			in:   `{"oneOf":[` + v("outer", `"inner":`+u, `"inner"`) + `,` + v("other", ``, ``) + `]}`,
			want: `{"type":"object","properties":{"kind":{"type":"string","enum":["outer","other"]},"inner":{` +
				`"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"x":{"type":"string","description":"Available if kind = a. Required if kind = a."}},` +
				`"required":["kind"],"additionalProperties":false,"description":"Available if kind = outer. Required if kind = outer."}},` +
				`"required":["kind"],"additionalProperties":false}`,
		},
		{
			name: "nested unions collide as objects",
			in:   `{"oneOf":[` + v("p", `"inner":`+u, `"inner"`) + `,` + v("q", `"inner":{"type":"object","properties":{}}`, `"inner"`) + `]}`,
			want: flat(`"p","q"`, `"inner":{"type":"object","additionalProperties":{}}`, `"inner"`),
		},
		{
			name:     "declared pointers are those of the input document",
			declared: map[string]string{"/properties/p/items/oneOf/1/properties/q": "k2"},
			in: `{"type":"object","properties":{"p":{"type":"array","items":{"oneOf":[` + v("a", ``, ``) + `,` +
				v("b", `"q":{"oneOf":[{"type":"object","properties":{"k1":{"type":"string","const":"x"},"k2":{"type":"string","const":"m"}},"required":["k1","k2"]},`+
					`{"type":"object","properties":{"k1":{"type":"string","const":"y"},"k2":{"type":"string","const":"n"}},"required":["k1","k2"]}]}`, `"q"`) + `]}}}}`,
			want: `{"type":"object","properties":{"p":{"type":"array","items":` +
				flat(`"a","b"`, `"q":{"type":"object","properties":{"k2":{"type":"string","enum":["m","n"]},"k1":{"type":"string","enum":["x","y"]}},"required":["k2","k1"],`+
					`"description":"Available if kind = b. Required if kind = b."}`, ``) + `}}}`,
		},
		{
			// Flattening widens a union; under not, a wider schema would
			// reject values the lossless one accepts.
			name: "not is not walked",
			in:   `{"type":"object","properties":{"p":{"not":` + u + `}}}`,
			want: `{"type":"object","properties":{"p":{"not":` + u + `}}}`,
		},
		{
			name: "data keywords are not walked",
			in:   `{"type":"object","default":` + u + `,"enum":[` + u + `],"examples":[` + u + `]}`,
			want: `{"type":"object","default":` + u + `,"enum":[` + u + `],"examples":[` + u + `]}`,
		},
	})
}
