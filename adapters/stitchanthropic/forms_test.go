package stitchanthropic_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchanthropic"
	"github.com/stitchgen/stitchgen/internal/agreement/contracts/every"
	"github.com/stitchgen/stitchgen/internal/formsfixture"
)

// formCalls are calls of a tool with maps (containers) and one with
// free-form values (free): as a model under anthropic-strict writes them
// (the maps as {"key", "value"} entries, the free-form values as JSON
// text, optional properties left out) and as an MCP client writes the
// same arguments.
var formCalls = []struct{ name, strict, mcp string }{{
	name:   "containers",
	strict: `{"tags":["a"],"trio":[1,2,3],"labels":[{"key":"x","value":1},{"key":"y","value":2}],"byName":[{"key":"p","value":{"x":1,"y":2}}],"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`,
	mcp:    `{"tags":["a"],"trio":[1,2,3],"labels":{"x":1,"y":2},"byName":{"p":{"x":1,"y":2}},"blob":"aGk=","when":"2026-01-02T03:04:05Z"}`,
}, {
	name:   "free",
	strict: `{"id":1,"any":"{\"k\":[1,\"two\"]}","raw":"[true]","check":{"a":1,"b":2}}`,
	mcp:    `{"id":1,"any":{"k":[1,"two"]},"raw":[true],"check":{"a":1,"b":2}}`,
}}

// TestFormsRoundTrip: a tool with maps and one with free-form values are
// sent strict in their reversible forms, with the SDK's own types, and the
// handler receives from the model's tool_use blocks exactly what it
// receives from the same arguments in the contract's form; a JSON text
// that does not parse is a syntax issue at the string the model wrote.
func TestFormsRoundTrip(t *testing.T) {
	d, got := formsfixture.Dispatcher(t)
	params, err := stitchanthropic.Tools(d.Tools())
	if err != nil {
		t.Fatal(err)
	}
	bad := `{"id":1,"any":"{\"k\":","check":{"a":1,"b":2}}`
	p := newProvider(t, toolUse(use("toolu_1", "containers", formCalls[0].strict), use("toolu_2", "free", formCalls[1].strict), use("toolu_3", "free", bad)), endTurn)
	msg := p.send(t, newParams(params, userQuestion()))
	reply, ok := stitchanthropic.Reply(context.Background(), d, msg)
	if !ok {
		t.Fatal("Reply: no tool_use block")
	}
	p.send(t, newParams(params, userQuestion(), msg.ToParam(), reply))
	reqs := p.requests()
	var defs []string
	for _, tl := range d.Tools() {
		ps, _ := tl.Schema(stitchanthropic.Profile)
		defs = append(defs, `{"input_schema":`+ps.Schema+`,"name":"`+tl.Name+`","description":`+quoteJSON(tl.Description)+`,"strict":true}`)
	}
	if want := "[" + defs[0] + "," + defs[1] + "]"; field(t, reqs[0], "tools") != want {
		t.Errorf("tools\n got %s\nwant %s", field(t, reqs[0], "tools"), want)
	}
	if ps, _ := d.Tools()[0].Schema(stitchanthropic.Profile); ps.Schema != every.ContainersAnthropicStrictSchema {
		t.Errorf("containers is not served its anthropic-strict schema")
	}
	wantReply := `{"content":[` +
		`{"tool_use_id":"toolu_1","content":[{"text":"ok","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"toolu_2","content":[{"text":"ok","type":"text"}],"type":"tool_result"},` +
		`{"tool_use_id":"toolu_3","is_error":true,"content":[{"text":"{\"error\":\"VALIDATION_ERROR\",\"issues\":[{\"path\":\"/any\",\"code\":\"syntax\",\"expected\":\"JSON text\",\"message\":\"the string does not hold one JSON value\"}],\"hint\":\"` + hint + `\"}","type":"text"}],"type":"tool_result"}],"role":"user"}`
	msgs := elements(t, field(t, reqs[1], "messages"))
	if len(msgs) != 3 || msgs[2] != wantReply {
		t.Errorf("reply\n got %v\nwant %s", msgs, wantReply)
	}
	viaModel := got()
	for _, c := range formCalls {
		if res := d.Call(context.Background(), c.name, []byte(c.mcp)); res.IsError {
			t.Fatalf("%s as an MCP client: %s", c.name, res.Text())
		}
	}
	viaMCP := got()[len(viaModel):]
	if len(viaModel) != 2 || !reflect.DeepEqual(viaModel, viaMCP) {
		t.Errorf("the handler received\n %#v\nfrom the model, and\n %#v\nfrom an MCP client", viaModel, viaMCP)
	}
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
