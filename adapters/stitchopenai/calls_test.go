package stitchopenai_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// rawCases are argument documents a map-based path would change, each as
// the model wrote it (args) and as the API sends it (lit, the JSON string
// literal of function.arguments), with the tool result the exact decoder
// and the fixture's handler give.
var rawCases = []struct {
	name, lit, args, result string
}{{
	// A map keeps one of the two values: the decoder must see both.
	name:   "duplicate key",
	lit:    `"{\"customerId\":7,\"customerId\":8}"`,
	args:   `{"customerId":7,"customerId":8}`,
	result: `{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"duplicate_key","message":"duplicate key \"customerId\""}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`,
}, {
	// Re-encoded from a map it would be 100: the decoder reads 1e2 as
	// the integer 100 itself.
	name:   "exponent",
	lit:    `"{\"customerId\":1e2}"`,
	args:   `{"customerId":1e2}`,
	result: `{"orderId":"o-100","customerId":100}`,
}, {
	// Through float64 it would be 9007199254740992.
	name:   "big integer",
	lit:    `"{\"customerId\":9007199254740993}"`,
	args:   `{"customerId":9007199254740993}`,
	result: `{"orderId":"o-9007199254740993","customerId":9007199254740993}`,
}, {
	// The string's own escapes (\u0031 is "1", \n a newline) are
	// undone; the inner document's (\" in lines) reach the decoder, which
	// repairs the lines sent as a JSON string.
	name:   "escapes",
	lit:    `"{\"customerId\":\u00312,\n\"lines\":\"[{\\\"sku\\\":\\\"a\\\"}]\"}"`,
	args:   "{\"customerId\":12,\n\"lines\":\"[{\\\"sku\\\":\\\"a\\\"}]\"}",
	result: `{"orderId":"o-12","customerId":12}`,
}, {
	// The SDK's own string reads U+FFFD here, which the decoder would
	// accept as a note; the bytes kept are invalid UTF-8, rejected.
	name:   "lone surrogate",
	lit:    `"{\"customerId\":5,\"note\":\"\ud800\"}"`,
	args:   "{\"customerId\":5,\"note\":\"\xed\xa0\x80\"}",
	result: `{"error":"VALIDATION_ERROR","issues":[{"path":"/note","code":"syntax","message":"invalid JSON at byte offset 24: invalid UTF-8 in a string"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`,
}}

func fixtureDispatcher(t *testing.T, rec *recorder) *stitch.Dispatcher {
	t.Helper()
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(rec.options(), fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestChatRawArguments: each chat tool call's arguments reach the exact
// decoder byte for byte as the model wrote them, and each result is the
// content of its tool message.
func TestChatRawArguments(t *testing.T) {
	var calls []string
	for i, c := range rawCases {
		calls = append(calls, chatCall("call_"+string(rune('a'+i)), "place_order", c.lit))
	}
	client, _ := newClient(t, chatReply(calls...))
	completion, err := client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	if got := completion.Choices[0].Message.ToolCalls[4].Function.Arguments; got != "{\"customerId\":5,\"note\":\"\ufffd\"}" {
		t.Errorf("the SDK's decoded arguments changed: %q", got)
	}
	rec := &recorder{}
	msgs := stitchopenai.ChatReply(context.Background(), fixtureDispatcher(t, rec), completion)
	if len(msgs) != len(rawCases) {
		t.Fatalf("%d tool messages for %d calls", len(msgs), len(rawCases))
	}
	seen := rec.seen()
	for i, c := range rawCases {
		if want := "place_order openai-strict " + c.args; seen[i] != want {
			t.Errorf("%s: the decoder saw %q, want %q", c.name, seen[i], want)
		}
		tm := msgs[i].OfTool
		if tm == nil || tm.ToolCallID != "call_"+string(rune('a'+i)) || tm.Content.OfString.Value != c.result {
			t.Errorf("%s: tool message %+v, want content %s", c.name, tm, c.result)
		}
	}
}

// TestResponseRawArguments: the same for the Responses API's
// function_call items and function_call_output items.
func TestResponseRawArguments(t *testing.T) {
	var items []string
	for i, c := range rawCases {
		id := string(rune('a' + i))
		items = append(items, functionCall("fc_"+id, "call_"+id, "place_order", c.lit))
	}
	client, _ := newClient(t, response("resp_1", items...))
	r, err := client.Responses.New(context.Background(), responses.ResponseNewParams{Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	outs := stitchopenai.ResponseReply(context.Background(), fixtureDispatcher(t, rec), r)
	if len(outs) != len(rawCases) {
		t.Fatalf("%d outputs for %d calls", len(outs), len(rawCases))
	}
	seen := rec.seen()
	for i, c := range rawCases {
		if want := "place_order openai-strict " + c.args; seen[i] != want {
			t.Errorf("%s: the decoder saw %q, want %q", c.name, seen[i], want)
		}
		o := outs[i].OfFunctionCallOutput
		if o == nil || o.CallID.Value != "call_"+string(rune('a'+i)) || o.Output.OfString.Value != c.result {
			t.Errorf("%s: output %+v, want %s", c.name, o, c.result)
		}
	}
}

// TestCallsWithoutRawJSON: a completion or response built by hand (or by
// the SDK's stream accumulator) has no raw JSON: the decoded strings are
// the arguments.
func TestCallsWithoutRawJSON(t *testing.T) {
	rec := &recorder{}
	d := fixtureDispatcher(t, rec)
	completion := &openai.ChatCompletion{Choices: []openai.ChatCompletionChoice{{Message: openai.ChatCompletionMessage{
		ToolCalls: []openai.ChatCompletionMessageToolCallUnion{{
			ID: "call_1", Type: "function",
			Function: openai.ChatCompletionMessageFunctionToolCallFunction{Name: "ping", Arguments: `{"echo":"a"}`},
		}},
	}}}}
	msgs := stitchopenai.ChatReply(context.Background(), d, completion)
	r := &responses.Response{Output: []responses.ResponseOutputItemUnion{{
		Type: "function_call", CallID: "call_2", Name: "ping",
		Arguments: responses.ResponseOutputItemUnionArguments{OfString: `{"echo":"b"}`},
	}}}
	outs := stitchopenai.ResponseReply(context.Background(), d, r)
	if len(msgs) != 1 || msgs[0].OfTool.Content.OfString.Value != "pong a" || len(outs) != 1 || outs[0].OfFunctionCallOutput.Output.OfString.Value != "pong b" {
		t.Errorf("tool message %+v, output %+v", msgs, outs)
	}
	want := []string{`ping openai-strict {"echo":"a"}`, `ping openai-strict {"echo":"b"}`}
	if got := rec.seen(); !reflect.DeepEqual(got, want) {
		t.Errorf("the decoder saw %q, want %q", got, want)
	}
}

// TestCallsNotAnswered: a custom tool call, a namespaced function call and
// other output items are left to the caller; a call to a tool the
// dispatcher does not have is answered with UNKNOWN_TOOL.
func TestCallsNotAnswered(t *testing.T) {
	rec := &recorder{}
	d := fixtureDispatcher(t, rec)
	client, _ := newClient(t,
		chatReply(
			`{"id":"call_1","type":"custom","custom":{"name":"grammar","input":"x"}}`,
			chatCall("call_2", "nope", `"{}"`),
		),
		response("resp_1",
			`{"type":"custom_tool_call","id":"ctc_1","call_id":"call_3","name":"grammar","input":"x","status":"completed"}`,
			`{"type":"function_call","id":"fc_4","call_id":"call_4","namespace":"crm","name":"ping","arguments":"{}","status":"completed"}`,
			message("thinking"),
			functionCall("fc_5", "call_5", "nope", `"{}"`),
		),
	)
	completion, err := client.Chat.Completions.New(context.Background(), openai.ChatCompletionNewParams{Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := client.Responses.New(context.Background(), responses.ResponseNewParams{Model: "gpt-test"})
	if err != nil {
		t.Fatal(err)
	}
	msgs := stitchopenai.ChatReply(context.Background(), d, completion)
	outs := stitchopenai.ResponseReply(context.Background(), d, r)
	unknown := `{"error":"UNKNOWN_TOOL","message":"unknown tool \"nope\"; the tools are: place_order, ping","hint":"Call one of the listed tools."}`
	if len(msgs) != 1 || msgs[0].OfTool.ToolCallID != "call_2" || msgs[0].OfTool.Content.OfString.Value != unknown {
		t.Errorf("tool messages %+v", msgs)
	}
	if len(outs) != 1 || outs[0].OfFunctionCallOutput.CallID.Value != "call_5" || outs[0].OfFunctionCallOutput.Output.OfString.Value != unknown {
		t.Errorf("outputs %+v", outs)
	}
	if got, want := rec.seen(), []string{"nope openai-strict {}", "nope openai-strict {}"}; !reflect.DeepEqual(got, want) {
		t.Errorf("the dispatcher saw %q, want %q", got, want)
	}
	if stitchopenai.ChatReply(context.Background(), d, &openai.ChatCompletion{}) != nil || stitchopenai.ResponseReply(context.Background(), d, nil) != nil {
		t.Error("no call, yet messages")
	}
}
