package conformance

import (
	"github.com/santhosh-tekuri/jsonschema/v6"
	"strings"
	"testing"
)

// These tests pin how the runner judges driver results, without a generator.

func str(s string) *string { return &s }

func fakeRun(t *testing.T) *caseRun {
	t.Helper()
	schema := []byte(`{"type":"object","properties":{"name":{"type":"string","minLength":2}},"required":["name"],"additionalProperties":false}`)
	s, err := CompileSchema("unit/t", schema)
	if err != nil {
		t.Fatal(err)
	}
	return &caseRun{c: &Case{Name: "unit"}, schemas: map[string]*jsonschema.Schema{"t": s}, badSch: map[string]error{}}
}

func judge(t *testing.T, line string, res DriverResult) []string {
	t.Helper()
	v, err := parseVector([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	var ck checker
	checkVector(&ck, fakeRun(t), v, res)
	return ck.problems
}

func accepted(marshal string) *Decode { return &Decode{Marshal: []byte(marshal)} }

func TestCheckVectorAccepted(t *testing.T) {
	ok := DriverResult{Unmarshal: accepted(`{"name":"ab"}`), Method: accepted(`{"name":"ab"}`),
		Tool: &Decode{Marshal: []byte(`{"name":"ab"}`), DroppedNil: true, RepairNil: true}}
	if p := judge(t, `{"tool":"t","args":{"name":"ab"},"accept":true,"want":{"name":"ab"}}`, ok); len(p) != 0 {
		t.Errorf("clean accept: %q", p)
	}
	for _, tt := range []struct {
		line string
		res  DriverResult
		want string
	}{
		{`{"tool":"t","args":{"name":"ab"},"accept":true,"want":{"name":"ba"}}`, ok,
			"via json.Unmarshal: Marshal(decoded) = {\"name\":\"ab\"}\nwant {\"name\":\"ba\"}"},
		{`{"tool":"t","args":{"name":"a"},"accept":true}`, ok,
			"superset invariant (docs/flattening.md): the decoder accepts this input but the advertised schema rejects it"},
		{`{"tool":"t","args":{"name":"a"},"accept":true,"note":"tolerated: trim"}`, DriverResult{Unmarshal: accepted(`{"name":"a"}`), Method: accepted(`{"name":"a"}`), Tool: accepted(`{"name":"a"}`)},
			""},
		{`{"tool":"t","args":{"name":"ab"},"accept":true}`, DriverResult{Unmarshal: accepted(`{"name":"ab"}`), Method: accepted(`{"name":"ab","name":"ab"}`)},
			`json.Marshal of the value decoded by UnmarshalJSON: key "name" written twice in one object`},
		{`{"tool":"t","args":{"name":"ab"},"accept":true}`, DriverResult{Unmarshal: accepted(`{"name":"ab"}`), Method: accepted(`{"name":"cd"}`)},
			`decoded values differ: via json.Unmarshal marshals to {"name":"ab"}, via UnmarshalJSON to {"name":"cd"}`},
		{`{"tool":"t","args":{"name":"ab"},"accept":true}`, DriverResult{Unmarshal: accepted(`{"name":"ab"}`), Method: accepted(`{"name":"ab"}`), Tool: &Decode{Marshal: []byte(`{"name":"ab"}`), Repaired: []string{"/name"}}},
			`DecodeToolCall repaired ["/name"] on a vector where repair does not apply (no via)`},
		{`{"tool":"t","args":{"name":"ab","x":1},"accept":true,"via":"tool","dropped":["/x"],"repaired":[]}`, DriverResult{Tool: &Decode{Marshal: []byte(`{"name":"ab"}`), Dropped: []string{"/y"}}},
			`DecodeToolCall dropped ["/y"], want ["/x"]`},
		{`{"tool":"t","args":{"name":"ab"},"accept":true}`, DriverResult{Unmarshal: &Decode{Err: str("/name: type: bad")}, Method: accepted(`{"name":"ab"}`)},
			"json.Unmarshal rejected a vector it must accept: /name: type: bad"},
		{`{"tool":"t","args":{"name":"ab"},"accept":true}`, DriverResult{Unmarshal: &Decode{Panic: "boom"}},
			"json.Unmarshal panicked: boom"},
	} {
		p := judge(t, tt.line, tt.res)
		got := strings.Join(p, "\n")
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("%s:\ngot  %q\nwant %q", tt.line, got, tt.want)
		}
	}
}

func TestCheckVectorRejected(t *testing.T) {
	line := `{"tool":"t","args":{"Name":"ab"},"accept":false,"codes":["unknown_key","missing"],"path":"/Name","contains":["/name"]}`
	good := "/Name: unknown_key: key not allowed (allowed: name)\n/name: missing: required"
	tool := &Decode{Err: str(good), DroppedNil: true, RepairNil: true}
	if p := judge(t, line, DriverResult{Unmarshal: &Decode{Err: str(good)}, Method: &Decode{Err: str(good)}, Tool: tool}); len(p) != 0 {
		t.Errorf("clean reject: %q", p)
	}
	for _, tt := range []struct {
		res  DriverResult
		want string
	}{
		{DriverResult{Unmarshal: &Decode{Err: str("/Name/x: unknown_key; /name: missing")}},
			`json.Unmarshal error does not name path "/Name" (as a whole pointer)`},
		{DriverResult{Unmarshal: &Decode{Err: str("/Name: unknown_key /name")}},
			`json.Unmarshal error does not name code "missing"`},
		{DriverResult{Unmarshal: &Decode{Err: str("unknown_key missing /name"), Paths: []string{"/Name"}}},
			""},
		{DriverResult{Unmarshal: &Decode{Err: str("bad"), Codes: []string{"unknown_key", "missing"}, Paths: []string{"/Name"}}},
			`json.Unmarshal error does not mention "/name": bad`},
		{DriverResult{Tool: &Decode{Err: str(good), Dropped: []string{}, RepairNil: true}},
			`DecodeToolCall returned dropped=[] repaired=[] with an error; docs/generated-api.md: both nil`},
		{DriverResult{Unmarshal: accepted(`{}`)},
			`json.Unmarshal accepted a vector it must reject; marshalled: {}`},
	} {
		got := strings.Join(judge(t, line, tt.res), "\n")
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
	syntax := `{"tool":"t","raw":"{} x","accept":false,"code":"syntax"}`
	if p := judge(t, syntax, DriverResult{Unmarshal: &Decode{Err: str("invalid character 'x' after top-level value"), Syntax: true}}); len(p) != 0 {
		t.Errorf("a *json.SyntaxError counts as syntax: %q", p)
	}
}
