package stitchopenai_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/stitchgen/stitchgen/adapters/stitchopenai"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
)

// A turn is one tool call of the shop conversation and its result.
type turn struct {
	name, args, result string
}

// shopTurns: a valid call (every key present, as strict mode makes the
// model send them, optional ones null), an invalid call answered as a
// tool error the model reads, and a call with null for an optional field
// with a default (read as absent: the default applies).
var shopTurns = []turn{{
	name:   "place_order",
	args:   `{"customerId":7,"items":[{"sku":"A1","quantity":2,"giftWrap":null}],"note":null,"giftMessage":null,"delivery":{"method":"courier","address":"1 Main Street","window":null,"storeId":null},"coupons":null}`,
	result: `{"orderId":"o-1","customerId":7,"units":2,"totalCents":2500,"method":"courier","status":"placed","giftMessage":null}`,
}, {
	name:   "cancel_order",
	args:   `{"orderId":"1","reason":null}`,
	result: `{"error":"VALIDATION_ERROR","issues":[{"path":"/orderId","code":"pattern","expected":"^o-[0-9]+$","message":"\"1\" does not match the pattern ^o-[0-9]+$"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`,
}, {
	name:   "cancel_order",
	args:   `{"orderId":"o-1","reason":null}`,
	result: `cancelled o-1 (customer request)`,
}}

const finalAnswer = "Order o-1 was placed and is now cancelled."

func shopDispatcher(t *testing.T, rec *recorder) *stitch.Dispatcher {
	t.Helper()
	d, err := stitch.NewDispatcher(rec.options(), shop.StitchTools(shop.NewService()))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// shopDefs are the shop's tools as def writes them.
func shopDefs(def func(string, bool, string, string) string) string {
	return "[" +
		def("place_order", true, "PlaceOrder places an order for a customer and returns its receipt.", shop.PlaceOrderOpenAIStrictSchema) + "," +
		def("get_order", true, "GetOrder returns the receipt of an order placed earlier.", shop.GetOrderInputSchema) + "," +
		def("cancel_order", true, "CancelOrder cancels an order that has not shipped yet.", shop.CancelOrderOpenAIStrictSchema) + "]"
}

func wantSeen() []string {
	var seen []string
	for _, tu := range shopTurns {
		seen = append(seen, tu.name+" openai-strict "+tu.args)
	}
	return seen
}

// TestChatRoundTrip runs the shop conversation on Chat Completions with
// the SDK's own types against a local server: each request body the SDK
// sends is compared in full (the tools, the assistant message, the tool
// message with the result or the envelope).
func TestChatRoundTrip(t *testing.T) {
	var replies []string
	for i, tu := range shopTurns {
		replies = append(replies, chatReply(chatCall(callID(i), tu.name, quote(tu.args))))
	}
	replies = append(replies, chatAnswer(finalAnswer))
	client, rp := newClient(t, replies...)
	rec := &recorder{}
	d := shopDispatcher(t, rec)
	tools, err := stitchopenai.ChatTools(d.Tools())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Order two A1 for customer 7, then cancel it.")},
		Tools:    tools,
	}
	var answer string
	for range 10 {
		c, err := client.Chat.Completions.New(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		msgs := stitchopenai.ChatReply(ctx, d, c)
		if len(msgs) == 0 {
			answer = c.Choices[0].Message.Content
			break
		}
		params.Messages = append(params.Messages, c.Choices[0].Message.ToParam())
		params.Messages = append(params.Messages, msgs...)
	}
	if answer != finalAnswer {
		t.Errorf("final answer %q", answer)
	}
	want := []string{`{"content":"Order two A1 for customer 7, then cancel it.","role":"user"}`}
	for i := range len(shopTurns) + 1 {
		diff(t, "request "+string(rune('1'+i)), rp.body(t, i), `{"messages":[`+strings.Join(want, ",")+`],"model":"gpt-test","tools":`+shopDefs(chatDef)+`}`)
		if i == len(shopTurns) {
			break
		}
		tu := shopTurns[i]
		want = append(want,
			`{"tool_calls":[{"id":"`+callID(i)+`","function":{"arguments":`+quote(tu.args)+`,"name":"`+tu.name+`"},"type":"function"}],"role":"assistant"}`,
			`{"content":`+quote(tu.result)+`,"tool_call_id":"`+callID(i)+`","role":"tool"}`)
	}
	if got := rec.seen(); !reflect.DeepEqual(got, wantSeen()) {
		t.Errorf("the dispatcher saw\n %q\nwant %q", got, wantSeen())
	}
}

// TestResponseRoundTrip runs the shop conversation on the Responses API,
// each request continuing the previous response (previous_response_id)
// with the function_call_output items; every request body is compared in
// full.
func TestResponseRoundTrip(t *testing.T) {
	var replies []string
	for i, tu := range shopTurns {
		replies = append(replies, response(respID(i), functionCall("fc_"+callID(i), callID(i), tu.name, quote(tu.args))))
	}
	replies = append(replies, response(respID(len(shopTurns)), message(finalAnswer)))
	client, rp := newClient(t, replies...)
	rec := &recorder{}
	d := shopDispatcher(t, rec)
	tools, err := stitchopenai.ResponseTools(d.Tools())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	params := responses.ResponseNewParams{
		Model: "gpt-test",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Order two A1 for customer 7, then cancel it.")},
		Tools: tools,
	}
	var answer string
	for range 10 {
		r, err := client.Responses.New(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		outs := stitchopenai.ResponseReply(ctx, d, r)
		if len(outs) == 0 {
			answer = r.OutputText()
			break
		}
		params.PreviousResponseID = openai.String(r.ID)
		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: outs}
	}
	if answer != finalAnswer {
		t.Errorf("final answer %q", answer)
	}
	diff(t, "request 1", rp.body(t, 0), `{"input":"Order two A1 for customer 7, then cancel it.","model":"gpt-test","tools":`+shopDefs(responseDef)+`}`)
	for i, tu := range shopTurns {
		diff(t, "request "+string(rune('2'+i)), rp.body(t, i+1),
			`{"previous_response_id":"`+respID(i)+`","input":[{"output":`+quote(tu.result)+`,"call_id":"`+callID(i)+`","type":"function_call_output"}],"model":"gpt-test","tools":`+shopDefs(responseDef)+`}`)
	}
	if got := rec.seen(); !reflect.DeepEqual(got, wantSeen()) {
		t.Errorf("the dispatcher saw\n %q\nwant %q", got, wantSeen())
	}
}

func callID(i int) string { return "call_" + string(rune('1'+i)) }
func respID(i int) string { return "resp_" + string(rune('1'+i)) }

// TestNullIsAbsentOnlyUnderTheProfile: the null the adapter's calls read
// as absent is an error for the same tool called as an MCP client would
// (Dispatcher.Call): the adapter's profile is what changes it.
func TestNullIsAbsentOnlyUnderTheProfile(t *testing.T) {
	d := shopDispatcher(t, &recorder{})
	res := d.Call(context.Background(), "cancel_order", []byte(`{"orderId":"o-1","reason":null}`))
	want := `{"error":"VALIDATION_ERROR","issues":[{"path":"/reason","code":"null","expected":"string","message":"null is not allowed here; expected string; to leave it unset, omit the key"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}`
	if !res.IsError || res.Text() != want {
		t.Errorf("under mcp: %s\nwant %s", res.Text(), want)
	}
}
