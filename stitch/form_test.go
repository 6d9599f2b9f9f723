package stitch_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/stitch"
)

// forms is a contract with a map of maps of free-form values (m), a loose
// object (o) and a free-form value in an array (l).
var forms = []stitch.Form{
	{Pointer: "/m", Kind: stitch.FormEntries},
	{Pointer: "/m/*/value", Kind: stitch.FormEntries},
	{Pointer: "/m/*/value/*/value", Kind: stitch.FormJSON},
	{Pointer: "/o", Kind: stitch.FormExtra, Keys: []string{"id"}},
	{Pointer: "/o/additional_properties/*/value", Kind: stitch.FormJSON},
	{Pointer: "/l/*", Kind: stitch.FormJSON},
	{Pointer: "/j", Kind: stitch.FormJSON},
}

func TestReadForms(t *testing.T) {
	for _, c := range []struct {
		name, args, want string
	}{
		{"every form",
			`{"m":[{"key":"a","value":[{"key":"x","value":"{\"n\": [1, 2.50]}"}]},{"value":[],"key":"b\u00e9"}],` +
				`"o":{"id":"7","additional_properties":[{"key":"color","value":"\"red\""}]},"l":["null","[true]"," 3 "],"s":"text"}`,
			`{"m":{"a":{"x":{"n": [1, 2.50]}},"b\u00e9":{}},"o":{"id":"7","color":"red"},"l":[null,[true],3],"s":"text"}`},
		{"null and empty forms stay", `{"m":null,"o":{"id":"7","additional_properties":[]},"l":[]}`, `{"m":null,"o":{"id":"7"},"l":[]}`},
		{"null where JSON text is: the property left out", `{"a":1,"j":null,"b":2}`, `{"a":1,"b":2}`},
		{"the value null as JSON text", `{"j":"null"}`, `{"j":null}`},
		{"null as a map entry's value stays", `{"m":[{"key":"a","value":[{"key":"x","value":null}]}]}`, `{"m":{"a":{"x":null}}}`},
		{"a loose object without its list", `{"o":{"id":"7"}}`, `{"o":{"id":"7"}}`},
		{"not JSON: left to the decoder", `{"m":[{"key":"a","value":{}}`, `{"m":[{"key":"a","value":{}}`},
		{"a lone surrogate in a key: left to the decoder", `{"m":[{"key":"\ud800","value":[]}]}`, `{"m":[{"key":"\ud800","value":[]}]}`},
		{"no form outside the patterns", `{"x":{"m":[1]},"l":{"a":"1"}}`, `{"x":{"m":[1]},"l":{"a":"1"}}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := stitch.ReadForms([]byte(c.args), forms)
			if err != nil || string(got) != c.want {
				t.Errorf("got %s, %v\nwant %s", got, err, c.want)
			}
		})
	}
}

func TestReadFormsIssues(t *testing.T) {
	for _, c := range []struct {
		name, args, want string
	}{
		{"a key given twice", `{"m":[{"key":"a","value":[]},{"key":"b","value":[]},{"key":"a","value":[]}]}`,
			`/m/2/key: duplicate_key: key "a" is given twice (first at /m/0/key)`},
		{"a loose object's member given twice", `{"o":{"id":"7","additional_properties":[{"key":"id","value":"1"}]}}`,
			`/o/additional_properties/0/key: duplicate_key: key "id" is given twice (first at /o/id)`},
		{"a declared property among the other members", `{"o":{"additional_properties":[{"key":"id","value":"1"}]}}`,
			`/o/additional_properties/0/key: unknown_key: key "id" is a declared property: write it as /o/id, not among the other members`},
		{"JSON text that does not parse", `{"l":["[1,"],"m":[{"key":"a","value":[{"key":"x","value":"{} {}"}]}]}`,
			"/l/0: syntax: the string does not hold one JSON value\n/m/0/value/0/value: syntax: the string does not hold one JSON value"},
		{"a value where JSON text is", `{"l":[[1]]}`, `/l/0: type: expected a string holding the value's JSON text, got an array`},
		{"an object where entries are", `{"m":{"a":[]}}`, `/m: type: expected an array of {"key", "value"} objects, one per map entry, got an object`},
		{"bad entries", `{"m":[1,{"key":1,"value":[]},{"key":"a"},{"key":"b","value":[],"extra":0},{"key":"c","key":"d","value":[]}]}`,
			"/m/0: type: expected a {\"key\", \"value\"} object, got a number\n" +
				"/m/1/key: type: expected a string, got a number\n" +
				"/m/2/value: missing: missing \"value\"\n" +
				"/m/3/extra: unknown_key: unknown key \"extra\": a map entry has \"key\" and \"value\"\n" +
				"/m/4/key: duplicate_key: key \"key\" is given twice"},
		{"extra members that are no list", `{"o":{"additional_properties":{"a":"1"}}}`,
			`/o/additional_properties: type: expected an array of {"key", "value"} objects, one per member, got an object`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := stitch.ReadForms([]byte(c.args), forms)
			var se *stitch.Error
			if !errors.As(err, &se) {
				t.Fatalf("got %s, %v; want issues", got, err)
			}
			var lines []string
			for _, is := range se.Issues {
				lines = append(lines, is.String())
			}
			if strings.Join(lines, "\n") != c.want {
				t.Errorf("issues\n%s\nwant\n%s", strings.Join(lines, "\n"), c.want)
			}
		})
	}
}

// TestCallAsForms: the dispatcher reads the forms of the profile the call
// came through, gives the decoder the contract's form, and reports the
// decoder's issues at the pointers the model wrote.
func TestCallAsForms(t *testing.T) {
	var got []byte
	tool := stitch.Tool{
		Name:        "t",
		InputSchema: `{"type":"object"}`,
		Profiles:    []stitch.ProfileSchema{{Profile: stitch.ProfileOpenAIStrict, Schema: `{}`, Strict: true, Forms: forms}},
		Decode: func(args []byte, _ stitch.DecodeOptions) (any, []string, []string, error) {
			var v struct {
				M map[string]map[string]any `json:"m"`
			}
			if err := json.Unmarshal(args, &v); err != nil {
				return nil, nil, nil, err
			}
			if _, ok := v.M["a"]["x"].(map[string]any); ok {
				return nil, nil, nil, &stitch.Error{Issues: []stitch.Issue{
					{Path: "/m/a/x/n", Code: stitch.CodeType, Expected: "string", Message: "expected a string"},
					{Path: "/m/a", Code: stitch.CodeLength, Message: "too few"},
					{Path: "/o/color", Code: stitch.CodeEnum, Message: "not a color"},
					{Path: "/s", Code: stitch.CodeType, Message: "not moved"},
				}}
			}
			got = append([]byte(nil), args...)
			return v, []string{"/m/b~1c"}, nil, nil
		},
		Run: func(context.Context, any) (stitch.Output, error) { return stitch.Output{Text: "ok"}, nil },
	}
	var calls []*stitch.Call
	d, err := stitch.NewDispatcher(stitch.Options{After: func(_ context.Context, c *stitch.Call) { calls = append(calls, c) }}, []stitch.Tool{tool})
	if err != nil {
		t.Fatal(err)
	}
	res := d.CallAs(context.Background(), stitch.ProfileOpenAIStrict, "t",
		[]byte(`{"m":[{"key":"z","value":[]},{"key":"a","value":[{"key":"x","value":"{\"n\":1}"}]}],"o":{"additional_properties":[{"key":"color","value":"1"}]},"s":1}`))
	want := []string{
		`/m/1/value/0/value: type: in the JSON text, at /n: expected a string`,
		`/m/1/value: length: too few`,
		`/o/additional_properties/0/value: enum: not a color`,
		`/s: type: not moved`,
	}
	var lines []string
	for _, is := range calls[0].Issues {
		lines = append(lines, is.String())
	}
	if !res.IsError || strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("issues\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// The same call through MCP is the contract's form: no forms read.
	res = d.Call(context.Background(), "t", []byte(`{"m":{"b/c":{"k":{"v":1}}}}`))
	if res.IsError || string(got) != `{"m":{"b/c":{"k":{"v":1}}}}` || calls[1].Dropped[0] != "/m/b~1c" {
		t.Errorf("mcp: %v %s %q", res.IsError, got, calls[1].Dropped)
	}
	res = d.CallAs(context.Background(), stitch.ProfileOpenAIStrict, "t", []byte(`{"m":[{"key":"b/c","value":[{"key":"k","value":"{\"v\":1}"}]}]}`))
	if res.IsError || string(got) != `{"m":{"b/c":{"k":{"v":1}}}}` || calls[2].Dropped[0] != "/m/0/value" {
		t.Errorf("openai-strict: %v %s %q", res.IsError, got, calls[2].Dropped)
	}
}

// FuzzReadForms: reading forms back never panics, and from valid JSON it
// writes valid JSON (or issues).
func FuzzReadForms(f *testing.F) {
	for _, s := range []string{
		`{"m":[{"key":"a","value":[{"key":"x","value":"{\"n\": [1, 2.50]}"}]}],"o":{"id":"7","additional_properties":[{"key":"c","value":"\"r\""}]},"l":["null"]}`,
		`{"m":[{"key":"a"}],"j":null}`, `{"l":["[1,"]}`, `{"m":{"a":1}}`, `[]`, `"x"`, `{"o":{"additional_properties":null}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		out, err := stitch.ReadForms(args, forms)
		if err == nil && json.Valid(args) && !json.Valid(out) {
			t.Errorf("%s read back as %s, not JSON", args, out)
		}
	})
}
