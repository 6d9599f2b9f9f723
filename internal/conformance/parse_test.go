package conformance

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRawMembersVerbatim(t *testing.T) {
	line := `{"tool":"t","args":{"\u006eame":"a","n":1.0,"n":1e2,"s":"\ud800","x":[[{}],"]"]} ,"accept":true}`
	ms, err := rawMembers([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	want := []rawMember{
		{"tool", []byte(`"t"`)},
		{"args", []byte(`{"\u006eame":"a","n":1.0,"n":1e2,"s":"\ud800","x":[[{}],"]"]}`)},
		{"accept", []byte(`true`)},
	}
	if len(ms) != len(want) {
		t.Fatalf("got %d members, want %d", len(ms), len(want))
	}
	for i := range want {
		if ms[i].Key != want[i].Key || string(ms[i].Value) != string(want[i].Value) {
			t.Errorf("member %d = %q: %s, want %q: %s", i, ms[i].Key, ms[i].Value, want[i].Key, want[i].Value)
		}
	}
}

func TestRawMembersErrors(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"\u0061":2}`: `offset 7: member "a" appears twice`,
		`{"a":1} x`:          "offset 8: trailing bytes after the object",
		`{"a":[1,2}`:         "offset 9: unexpected '}'",
		`{"a":"x`:            "offset 7: unterminated string",
		`{"a" 1}`:            `offset 5: want ':' after key "a"`,
		`[1]`:                "offset 0: want '{'",
		`{"a":[[`:            "offset 7: unexpected end of input",
	} {
		_, err := rawMembers([]byte(in))
		if err == nil || err.Error() != want {
			t.Errorf("rawMembers(%s) error = %v, want %q", in, err, want)
		}
	}
}

func TestParseVectors(t *testing.T) {
	data := `{"tool":"t","raw":" {\"a\":1} x","accept":false,"code":"syntax","codes":["type"],"path":"","contains":["a"]}

{"tool":"t","raw_b64":"eyJ0ZXh0IjoiYf9iIn0=","accept":false}
{"tool":"t","args":{"a" : 1.50},"accept":true,"via":"tool","want":{"a":1.5},"dropped":[],"repaired":["/a"],"note":"tolerated: x"}
`
	vs, err := ParseVectors([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 3 {
		t.Fatalf("got %d vectors", len(vs))
	}
	v := vs[0]
	if v.Line != 1 || string(v.Input) != ` {"a":1} x` || v.Accept || strings.Join(v.Codes, ",") != "syntax,type" ||
		v.Path == nil || *v.Path != "" || v.Contains[0] != "a" || v.Dropped != nil || v.Repaired != nil {
		t.Errorf("vector 1 = %+v", v)
	}
	if v := vs[1]; v.Line != 3 || string(v.Input) != "{\"text\":\"a\xffb\"}" {
		t.Errorf("vector 2 = %+v", v)
	}
	v = vs[2]
	if string(v.Input) != `{"a" : 1.50}` || !v.Accept || v.Via != "tool" || string(v.Want) != `{"a":1.5}` ||
		v.Dropped == nil || len(*v.Dropped) != 0 || (*v.Repaired)[0] != "/a" || !v.Tolerated() || v.Path != nil {
		t.Errorf("vector 3 = %+v", v)
	}
	for in, want := range map[string]string{
		`{"tool":"t","accept":true}`:                         "vectors.jsonl:1: want exactly one of args, raw, raw_b64; found 0",
		`{"tool":"t","args":{},"raw":"{}","accept":true}`:    "vectors.jsonl:1: want exactly one of args, raw, raw_b64; found 2",
		`{"args":{},"accept":true}`:                          "vectors.jsonl:1: no tool",
		`{"tool":"t","args":{}}`:                             "vectors.jsonl:1: no accept",
		`{"tool":"t","args":{},"accept":true,"via":"x"}`:     `vectors.jsonl:1: via "x": want tool or unmarshal`,
		`{"tool":"t","args":{},"accept":true,"tolerated":1}`: `vectors.jsonl:1: member "tolerated": unknown vector field`,
		`{"tool":"t","args":{,},"accept":true}`:              `vectors.jsonl:1: member "args": args is not valid JSON`,
	} {
		if _, err := ParseVectors([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("ParseVectors(%s) error = %v, want %q", in, err, want)
		}
	}
}

func TestJSONEqual(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		eq   bool
	}{
		{`{"a":1,"b":[1,2]}`, `{"b":[1,2.0],"a":1e0}`, true},
		{`{"a":100}`, `{"a":1e2}`, true},
		{`[1,2]`, `[2,1]`, false},
		{`{"a":1}`, `{"a":1,"b":null}`, false},
		{`{"a":"1"}`, `{"a":1}`, false},
		{`0.1`, `0.10000000000000001`, false},
		{`-0`, `0`, true},
		{`{"a":{"b":true}}`, `{"a":{"b":true}}`, true},
	} {
		eq, err := jsonEqualBytes([]byte(tt.a), []byte(tt.b))
		if err != nil || eq != tt.eq {
			t.Errorf("jsonEqual(%s, %s) = %v, %v; want %v", tt.a, tt.b, eq, err, tt.eq)
		}
	}
	if _, err := parseJSON([]byte(`{"a":{"b":1,"b":2}}`)); err == nil || err.Error() != `key "b" written twice in one object` {
		t.Errorf("duplicate key: err = %v", err)
	}
	if _, err := parseJSON([]byte(`{} {}`)); err == nil || err.Error() != "trailing data after the JSON value" {
		t.Errorf("trailing: err = %v", err)
	}
}

func TestContainsPointer(t *testing.T) {
	for _, tt := range []struct {
		text, p string
		want    bool
	}{
		{"unknown_key at /a: not allowed", "/a", true},
		{"missing /a/b", "/a", false},
		{"missing /ab", "/a", false},
		{"missing /x/a", "/a", false},
		{`path "/a~1b~0c"`, "/a~1b~0c", true},
		{"missing /a.", "/a", true},
		{"missing /a.b", "/a", false},
		{"/a", "/a", true},
		{"bad (/a/b, /a)", "/a", true},
		{`at "": not an object`, "", true},
		{"at the root", "", false},
	} {
		if got := containsPointer(tt.text, tt.p); got != tt.want {
			t.Errorf("containsPointer(%q, %q) = %v, want %v", tt.text, tt.p, got, tt.want)
		}
	}
}

func TestToolDecls(t *testing.T) {
	src := `package contracts

// PlaceOrder does it.
//
//stitch:tool place_order output=Receipt title="Place an order"
type PlaceOrder struct{}

//stitch:tool
type HTTPGetURL struct{}

type (
	//stitch:tool grouped
	A struct{}
	//stitch:toolish
	B struct{}
)

//stitch:tooling
type C struct{}
`
	got, err := ToolDecls([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []ToolDecl{
		{Name: "place_order", Type: "PlaceOrder", HasOutput: true, HasTitle: true},
		{Name: "http_get_url", Type: "HTTPGetURL"},
		{Name: "grouped", Type: "A"},
	}
	if len(got) != len(want) {
		t.Fatalf("ToolDecls = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("tool %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	for in, want := range map[string]string{"PlaceOrder": "place_order", "Echo": "echo", "ID": "id", "UserID2Name": "user_id2_name", "getX": "get_x"} {
		if got := SnakeCase(in); got != want {
			t.Errorf("SnakeCase(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestKnownFailures(t *testing.T) {
	known, err := ParseKnownFailures([]byte("# comment\n\ndecode_numbers the decoder is missing\ntypes_recursion/line03  needs $defs\n"))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"decode_numbers/line01":   "the decoder is missing",
		"decode_numbers":          "the decoder is missing",
		"types_recursion/line03":  "needs $defs",
		"types_recursion/line04":  "",
		"decode_numbers_x/line01": "",
	} {
		k, ok := Lookup(known, name)
		if ok != (want != "") || k.Reason != want {
			t.Errorf("Lookup(%s) = %+v, %v; want reason %q", name, k, ok, want)
		}
	}
	if _, err := ParseKnownFailures([]byte("a_case\n")); err == nil || err.Error() != "known_failures.txt:1: a_case: give the reason after the name" {
		t.Errorf("missing reason: err = %v", err)
	}
}

func TestDriverSource(t *testing.T) {
	src, err := DriverSource("contracts", []ToolDecl{{Name: "a\"b", Type: "A"}, {Name: "c", Type: "C"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package contracts\n", "case \"a\\\"b\":\n\t\t\tres[i] = stitchConfRun[A](v)\n", "stitchConfRun[C](v)", `os.ReadFile("` + vectorsFile + `")`, `os.WriteFile("` + resultsFile + `"`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("driver source lacks %q:\n%s", want, src)
		}
	}
	var r DriverResult
	if err := json.Unmarshal([]byte(`{"tool":{"err":"x","codes":["type"],"repairedNil":true}}`), &r); err != nil || r.Tool == nil || *r.Tool.Err != "x" || !r.Tool.RepairNil {
		t.Errorf("DriverResult decode: %+v, %v", r, err)
	}
}

// TestSharedCasesParse parses every shared conformance case, so a format
// problem shows up even when the generator cannot run.
func TestSharedCasesParse(t *testing.T) {
	cases := loadCases(t)
	for _, c := range cases {
		if c.StderrContains == nil && len(c.Tools) == 0 {
			t.Errorf("%s: no //stitch:tool in contract.go", c.Name)
		}
		for _, v := range c.Vectors {
			if !hasTool(c.Tools, v.Tool) {
				t.Errorf("%s: vectors.jsonl:%d: tool %q is not declared", c.Name, v.Line, v.Tool)
			}
		}
	}
}

func hasTool(ts []ToolDecl, name string) bool {
	for _, t := range ts {
		if t.Name == name {
			return true
		}
	}
	return false
}

func TestSlug(t *testing.T) {
	for note, want := range map[string]string{
		"§4.1 strict default": "_strict_default",
		"plain call":          "_plain_call",
		"":                    "",
		"§4.12 no repair in plain json.Unmarshal (x)": "_no_repair_in_plain_json",
	} {
		if got := slug(note); got != want {
			t.Errorf("slug(%q) = %q, want %q", note, got, want)
		}
	}
}
