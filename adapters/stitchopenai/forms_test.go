package stitchopenai_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/internal/formsfixture"
)

// formCalls are calls of a tool with maps (containers) and one with
// free-form values (free): as a model under openai-strict writes them (the
// maps as {"key", "value"} entries, the free-form values as JSON text) and
// as an MCP client writes the same arguments.
var formCalls = []struct{ name, strict, mcp string }{{
	name: "containers",
	strict: `{"tags":["a"],"nums":null,"trio":[1,2,3],"labels":[{"key":"x","value":1},{"key":"y","value":2}],"grid":null,"points":null,` +
		`"byName":[{"key":"p","value":{"x":1,"y":2}}],"blob":"aGk=","when":"2026-01-02T03:04:05Z","times":null}`,
	mcp: `{"tags":["a"],"trio":[1,2,3],"labels":{"x":1,"y":2},"byName":{"p":{"x":1,"y":2}},"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`,
}, {
	name:   "free",
	strict: `{"id":1,"note":null,"any":"{\"k\":[1,\"two\"]}","raw":"[true]","check":{"a":1,"b":2},"addr":null,"old":null}`,
	mcp:    `{"id":1,"any":{"k":[1,"two"]},"raw":[true],"check":{"a":1,"b":2}}`,
}}

// dupLabels gives a map key twice: the issue is at the pointer the model
// wrote.
const (
	dupLabels = `{"tags":["a"],"nums":null,"trio":[1,2,3],"labels":[{"key":"x","value":1},{"key":"x","value":2}],"grid":null,"points":null,` +
		`"byName":null,"blob":"aGk=","when":"2026-01-02T03:04:05Z","times":null}`
	dupLabelsResult = `{"error":"VALIDATION_ERROR","issues":[{"path":"/labels/1/key","code":"duplicate_key","message":"key \"x\" is given twice (first at /labels/0/key)"}],` +
		`"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`
)

// TestFormsRoundTrip: a tool with maps and one with free-form values are
// sent strict, in their reversible forms, and the handler receives from
// the model's calls exactly what it receives from the same arguments in
// the contract's form.
func TestFormsRoundTrip(t *testing.T) {
	var calls []string
	for i, c := range formCalls {
		calls = append(calls, chatCall(callID(i), c.name, quote(c.strict)))
	}
	calls = append(calls, chatCall(callID(2), "containers", quote(dupLabels)))
	client, rp := newClient(t, chatReply(calls...), chatAnswer("done"))
	d, got := formsfixture.Dispatcher(t)
	tools, err := stitchopenai.ChatTools(d.Tools())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Go.")},
		Tools:    tools,
	}
	c, err := client.Chat.Completions.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	msgs := stitchopenai.ChatReply(ctx, d, c)
	desc := map[string]string{}
	for _, tl := range d.Tools() {
		desc[tl.Name] = tl.Description
	}
	want := `{"messages":[{"content":"Go.","role":"user"}],"model":"gpt-test","tools":[` +
		chatDef("containers", true, desc["containers"], every.ContainersOpenAIStrictSchema) + "," +
		chatDef("free", true, desc["free"], every.FreeOpenAIStrictSchema) + "]}"
	diff(t, "request 1", rp.body(t, 0), want)
	if len(msgs) != 3 {
		t.Fatalf("%d tool messages, want 3", len(msgs))
	}
	for i, m := range msgs {
		want := "ok"
		if i == 2 {
			want = dupLabelsResult
		}
		if text := m.OfTool.Content.OfString.Value; text != want {
			t.Errorf("call %d: %s\nwant %s", i, text, want)
		}
	}
	viaModel := got()
	for _, c := range formCalls {
		if res := d.Call(ctx, c.name, []byte(c.mcp)); res.IsError {
			t.Fatalf("%s as an MCP client: %s", c.name, res.Text())
		}
	}
	viaMCP := got()[len(viaModel):]
	if !reflect.DeepEqual(viaModel, viaMCP) {
		t.Errorf("the handler received\n %#v\nfrom the model, and\n %#v\nfrom an MCP client", viaModel, viaMCP)
	}
}
