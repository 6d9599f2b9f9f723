package stitchopenai_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/examples/broadcast/broadcast"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// awkwardSchema has what a re-encoding would change: keys out of sorted
// order, an int64 bound a float64 cannot hold, and "<", ">", "&" in a
// string.
const awkwardSchema = `{"type":"object","properties":{"n":{"type":"integer","maximum":9223372036854775807,"description":"0 < n & n > -1"}},"required":["n"],"additionalProperties":false}`

// awkward is a hand-built tool served with awkwardSchema under
// openai-strict.
func awkward() stitch.Tool {
	return stitch.Tool{
		Name:        "awkward",
		Description: "Takes <n> & more.",
		InputSchema: awkwardSchema,
		Profiles:    []stitch.ProfileSchema{{Profile: stitchopenai.Profile, Schema: awkwardSchema, Strict: true}},
		Decode: func(args []byte, _ stitch.DecodeOptions) (any, []string, []string, error) {
			return string(args), nil, nil, nil
		},
		Run: func(_ context.Context, in any) (stitch.Output, error) {
			return stitch.Output{Text: "got " + in.(string)}, nil
		},
	}
}

// tools are the shop's tools (all strict), the broadcast example's
// (send_broadcast is served non-strict under openai-strict) and awkward.
func tools(t *testing.T) []stitch.Tool {
	t.Helper()
	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(shop.NewService()), broadcast.StitchTools(broadcast.NewService()), []stitch.Tool{awkward()})
	if err != nil {
		t.Fatal(err)
	}
	return d.Tools()
}

// chatDef is the function tool the Chat Completions API is to receive.
func chatDef(name string, strict bool, description, schema string) string {
	return `{"function":{"name":"` + name + `","strict":` + boolText(strict) + `,"description":` + quote(description) + `,"parameters":` + schema + `},"type":"function"}`
}

// responseDef is the function tool the Responses API is to receive.
func responseDef(name string, strict bool, description, schema string) string {
	return `{"strict":` + boolText(strict) + `,"parameters":` + schema + `,"name":"` + name + `","description":` + quote(description) + `,"type":"function"}`
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// wantDefs are the tools of tools(t) as def writes them.
func wantDefs(def func(string, bool, string, string) string) string {
	return "[" +
		def("place_order", true, "PlaceOrder places an order for a customer and returns its receipt.", shop.PlaceOrderOpenAIStrictSchema) + "," +
		def("get_order", true, "GetOrder returns the receipt of an order placed earlier.", shop.GetOrderInputSchema) + "," +
		def("cancel_order", true, "CancelOrder cancels an order that has not shipped yet.", shop.CancelOrderOpenAIStrictSchema) + "," +
		def("send_broadcast", false, "SendBroadcast sends a message made of parts to a channel.", broadcast.SendBroadcastInputSchema) + "," +
		def("edit_broadcast", true, "EditBroadcast applies operations to the parts of a sent broadcast, in order.", broadcast.EditBroadcastOpenAIStrictSchema) + "," +
		def("preview_broadcast", true, "PreviewBroadcast renders how a sent broadcast looks: an image with one bar per part, and a line of text saying what is in it. It reports its progress and logs what it rendered.", broadcast.PreviewBroadcastInputSchema) + "," +
		def("awkward", true, "Takes <n> & more.", awkwardSchema) + "]"
}

// TestChatToolsSent: the request body the SDK sends to Chat Completions
// holds every tool with its openai-strict schema byte for byte and strict
// written, false for the tool served non-strict.
func TestChatToolsSent(t *testing.T) {
	defs, err := stitchopenai.ChatTools(tools(t))
	if err != nil {
		t.Fatal(err)
	}
	client, rp := newClient(t, chatAnswer("hello"))
	_, err = client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")},
		Tools:    defs,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"messages":[{"content":"hi","role":"user"}],"model":"gpt-test","tools":` + wantDefs(chatDef) + `}`
	diff(t, "the Chat Completions request", rp.body(t, 0), want)
	if rp.requests[0] != "POST /chat/completions" {
		t.Errorf("request %q", rp.requests[0])
	}
	// The values read as what they send.
	f := defs[3].GetFunction()
	if f.Name != "send_broadcast" || f.Strict != param.NewOpt(false) || f.Description.Value != "SendBroadcast sends a message made of parts to a channel." || f.Parameters != nil {
		t.Errorf("send_broadcast reads as %+v", f)
	}
}

// TestResponseToolsSent: the same for the Responses API, where a tool
// without strict would be made strict.
func TestResponseToolsSent(t *testing.T) {
	defs, err := stitchopenai.ResponseTools(tools(t))
	if err != nil {
		t.Fatal(err)
	}
	client, rp := newClient(t, response("resp_1", message("hello")))
	_, err = client.Responses.New(context.Background(), responses.ResponseNewParams{
		Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("hi")},
		Tools: defs,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"input":"hi","model":"gpt-test","tools":` + wantDefs(responseDef) + `}`
	diff(t, "the Responses request", rp.body(t, 0), want)
	if rp.requests[0] != "POST /responses" {
		t.Errorf("request %q", rp.requests[0])
	}
	f := defs[3].OfFunction
	if f.Name != "send_broadcast" || f.Strict != param.NewOpt(false) || f.Parameters != nil {
		t.Errorf("send_broadcast reads as %+v", f)
	}
}

// TestNoDescription: a tool without a description is sent without one.
func TestNoDescription(t *testing.T) {
	tool := awkward()
	tool.Description = ""
	cf, err := stitchopenai.ChatFunction(tool)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := cf.MarshalJSON() // what the SDK calls to write a request body
	diff(t, "chat function", string(got), `{"name":"awkward","strict":true,"parameters":`+awkwardSchema+`}`)
	rf, err := stitchopenai.ResponseFunction(tool)
	if err != nil {
		t.Fatal(err)
	}
	got, _ = rf.MarshalJSON()
	diff(t, "response function", string(got), `{"strict":true,"parameters":`+awkwardSchema+`,"name":"awkward","type":"function"}`)
}

// TestToolErrors: a tool that cannot be sent is an error naming it, from
// both APIs' functions.
func TestToolErrors(t *testing.T) {
	noSchema := awkward()
	noSchema.Profiles = nil
	badName := awkward()
	badName.Name = "place order"
	notObject := awkward()
	notObject.Profiles = []stitch.ProfileSchema{{Profile: stitchopenai.Profile, Schema: `[{"type":"object"}]`, Strict: true}}
	invalid := awkward()
	invalid.Profiles = []stitch.ProfileSchema{{Profile: stitchopenai.Profile, Schema: `{"type":"object",}`, Strict: true}}
	for _, c := range []struct {
		tool stitch.Tool
		want string
	}{
		{noSchema, `stitchopenai: tool "awkward" has no schema under profile openai-strict (Tool.Profiles has no openai-strict entry; a hand-built tool adds one, for example its InputSchema with Strict false)`},
		{badName, `stitchopenai: tool "place order": OpenAI function names match ^[a-zA-Z0-9_-]{1,64}$`},
		{notObject, `stitchopenai: tool "awkward": the schema under profile openai-strict is not a JSON object`},
		{invalid, `stitchopenai: tool "awkward": the schema under profile openai-strict is not a JSON object`},
	} {
		if _, err := stitchopenai.ChatTools([]stitch.Tool{c.tool}); err == nil || err.Error() != c.want {
			t.Errorf("ChatTools: %v\nwant %s", err, c.want)
		}
		if _, err := stitchopenai.ResponseTools([]stitch.Tool{c.tool}); err == nil || err.Error() != c.want {
			t.Errorf("ResponseTools: %v\nwant %s", err, c.want)
		}
	}
}

// TestSDKHelpersWouldChangeTheSchema pins what the adapter avoids (the
// package doc says it): the SDK's FunctionParameters map re-encodes a
// schema (keys sorted, numbers through float64), and SetExtraFields
// escapes HTML characters. If this fails, the SDK changed: revisit the
// package doc and docs/providers.md.
func TestSDKHelpersWouldChangeTheSchema(t *testing.T) {
	var params shared.FunctionParameters
	if err := json.Unmarshal([]byte(awkwardSchema), &params); err != nil {
		t.Fatal(err)
	}
	viaMap, err := shared.FunctionDefinitionParam{Name: "awkward", Strict: openai.Bool(true), Parameters: params}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "through FunctionParameters", string(viaMap),
		`{"name":"awkward","strict":true,"parameters":{"additionalProperties":false,"properties":{"n":{"description":"0 < n & n > -1","maximum":9223372036854776000,"type":"integer"}},"required":["n"],"type":"object"}}`)

	extra := shared.FunctionDefinitionParam{Name: "awkward", Strict: openai.Bool(true)}
	extra.SetExtraFields(map[string]any{"parameters": json.RawMessage(awkwardSchema)})
	viaExtra, err := extra.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "through SetExtraFields", string(viaExtra),
		`{"name":"awkward","strict":true,"parameters":{"type":"object","properties":{"n":{"type":"integer","maximum":9223372036854775807,"description":"0 \u003c n \u0026 n \u003e -1"}},"required":["n"],"additionalProperties":false}}`)

	// Without strict, the Responses function tool leaves the key out (and
	// the API then makes the tool strict).
	omitted, err := responses.FunctionToolParam{Name: "awkward"}.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	diff(t, "FunctionToolParam without Strict", string(omitted), `{"name":"awkward","type":"function"}`)
}
