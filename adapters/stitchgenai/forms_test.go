package stitchgenai_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/internal/formsfixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// TestRoundTripForms (profile gemini): a tool with maps (containers) and
// one with free-form values (free) are declared with genai's typed Schema
// as parameters, the maps as {"key", "value"} entries and the free-form
// values as JSON text; the handler receives from the model's calls exactly
// what it receives from the same arguments in the contract's form, and a
// map key given twice is an issue at the pointer the model wrote.
func TestRoundTripForms(t *testing.T) {
	d, got := formsfixture.Dispatcher(t)
	tools := d.Tools()
	const (
		containers = `{"tags":["a"],"trio":[1,2,3],"labels":[{"key":"x","value":1},{"key":"y","value":2}],"byName":[{"key":"p","value":{"x":1,"y":2}}],"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`
		free       = `{"id":1,"any":"{\"k\":[1,\"two\"]}","raw":"[true]","check":{"a":1,"b":2}}`
		dup        = `{"tags":["a"],"trio":[1,2,3],"labels":[{"key":"x","value":1},{"key":"x","value":2}],"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`
	)
	f := newFakeGemini(t, callReply(
		`{"functionCall":{"id":"call-1","name":"containers","args":`+containers+`}}`,
		`{"functionCall":{"id":"call-2","name":"free","args":`+free+`}}`,
		`{"functionCall":{"id":"call-3","name":"containers","args":`+dup+`}}`), textReply("Done."))
	ts := newToolset(t, d, stitch.ProfileGemini)
	for _, fd := range ts.Tools()[0].FunctionDeclarations {
		if fd.Parameters == nil || fd.ParametersJsonSchema != nil {
			t.Fatalf("%s is not declared with typed parameters", fd.Name)
		}
	}
	var results []string
	answer := runLoop(t, f, ts, func(cs []stitchgenai.Call) {
		for _, c := range cs {
			results = append(results, c.FunctionCall.ID+" "+string(c.Response))
		}
	}, "Go.", true)
	compare(t, "answer", answer, "Done.")
	compare(t, "results", strings.Join(results, "\n"), `call-1 {"output":"ok"}
call-2 {"output":"ok"}
call-3 {"error":{"error":"VALIDATION_ERROR","issues":[{"path":"/labels/1/key","code":"duplicate_key","message":"key \"x\" is given twice (first at /labels/0/key)"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}}`)
	tools1 := `"tools":[{"functionDeclarations":[` +
		`{"description":` + htmlEscaped(quote(tools[0].Description)) + `,"name":"containers","parameters":` + htmlEscaped(every.ContainersGeminiSchema) + `},` +
		`{"description":` + htmlEscaped(quote(tools[1].Description)) + `,"name":"free","parameters":` + htmlEscaped(every.FreeGeminiSchema) + `}]}]`
	compare(t, "request 1", f.requests()[0], request(tools1, userText("Go.")))
	viaModel := got()
	for _, c := range []struct{ name, args string }{
		{"containers", `{"tags":["a"],"trio":[1,2,3],"labels":{"x":1,"y":2},"byName":{"p":{"x":1,"y":2}},"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`},
		{"free", `{"id":1,"any":{"k":[1,"two"]},"raw":[true],"check":{"a":1,"b":2}}`},
	} {
		if res := d.Call(context.Background(), c.name, []byte(c.args)); res.IsError {
			t.Fatalf("%s as an MCP client: %s", c.name, res.Text())
		}
	}
	viaMCP := got()[len(viaModel):]
	if len(viaModel) != 2 || !reflect.DeepEqual(viaModel, viaMCP) {
		t.Errorf("the handler received\n %#v\nfrom the model, and\n %#v\nfrom an MCP client", viaModel, viaMCP)
	}
}
