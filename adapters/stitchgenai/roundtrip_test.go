package stitchgenai_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// The round trips run genai's own client, request and response types
// against a local Gemini API (fakeGemini) and compare the full text of
// every request body genai sent.

// htmlEscaped is s as genai's encoder writes it: json.Encoder escapes <,
// > and & (also inside the raw schema bytes ExactBody hands it), an
// equivalent JSON text.
func htmlEscaped(s string) string {
	return strings.NewReplacer("<", `\u003c`, ">", `\u003e`, "&", `\u0026`).Replace(s)
}

// userText is a user content as genai sends it.
func userText(text string) string {
	return `{"parts":[{"text":` + htmlEscaped(quote(text)) + `}],"role":"user"}`
}

// shopTools is the tools member genai sends for the shop, each
// declaration's schema under field as the given bytes.
func shopTools(field, placeOrder, getOrder, cancelOrder string) string {
	return `"tools":[{"functionDeclarations":[` +
		`{"description":"PlaceOrder places an order for a customer and returns its receipt.","name":"place_order","` + field + `":` + htmlEscaped(placeOrder) + `},` +
		`{"description":"GetOrder returns the receipt of an order placed earlier.","name":"get_order","` + field + `":` + htmlEscaped(getOrder) + `},` +
		`{"description":"CancelOrder cancels an order that has not shipped yet.","name":"cancel_order","` + field + `":` + htmlEscaped(cancelOrder) + `}]}]`
}

// request is a generateContent request body as genai encodes it.
func request(tools string, contents ...string) string {
	return `{"contents":[` + strings.Join(contents, ",") + `],"generationConfig":{},` + tools + "}\n"
}

// receipt is the receipt of the first order of placeOrderArgs.
const receipt = `{"orderId":"o-1","customerId":9007199254740993,"units":2,"totalCents":2500,"method":"store","status":"placed","giftMessage":null}`

// runLoop runs the agent loop of the package doc against f until the
// model answers with text or the replies run out, and returns the answer.
// Each turn's calls go to onCalls.
func runLoop(t *testing.T, f *fakeGemini, ts *stitchgenai.Toolset, onCalls func([]stitchgenai.Call), prompt string, exact bool) string {
	t.Helper()
	c := f.client(t, true)
	cfg := config(ts, exact)
	history := []*genai.Content{genai.NewContentFromText(prompt, genai.RoleUser)}
	for range len(f.replies) {
		resp := generate(t, c, cfg, history)
		reply, calls := ts.Reply(context.Background(), resp)
		onCalls(calls)
		if reply == nil {
			return resp.Text()
		}
		history = append(history, resp.Candidates[0].Content, reply)
	}
	t.Fatal("the model never answered with text")
	return ""
}

// TestRoundTripValidCall (profile mcp): the declarations are the
// advertised schemas as parametersJsonSchema, the call's arguments reach
// the decoder as the model wrote them, and the second request carries the
// model's call and the function response ({"output": receipt}, the ID and
// name echoed) in their exact bytes.
func TestRoundTripValidCall(t *testing.T) {
	const prompt = "Two teas for customer 9007199254740993, from store 100."
	call := `{"functionCall":{"id":"call-1","name":"place_order","args":` + placeOrderArgs + `},"thoughtSignature":"c2lnbmF0dXJl"}`
	f := newFakeGemini(t, callReply(call), textReply("Order o-1 is placed: 2 units, 2500 cents."))
	ts := shopToolset(t, stitch.ProfileMCP)
	var calls []string
	answer := runLoop(t, f, ts, func(cs []stitchgenai.Call) { calls = append(calls, describe(cs)) }, prompt, true)
	compare(t, "answer", answer, "Order o-1 is placed: 2 units, 2500 cents.")
	compare(t, "calls", strings.Join(calls, ""), `call-1 place_order exact=true args=`+placeOrderArgs+`
response={"output":`+receipt+`}
`)
	tools := shopTools("parametersJsonSchema", shop.PlaceOrderInputSchema, shop.GetOrderInputSchema, shop.CancelOrderInputSchema)
	reqs := f.requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests", len(reqs))
	}
	compare(t, "request 1", reqs[0], request(tools, userText(prompt)))
	compare(t, "request 2", reqs[1], request(tools,
		userText(prompt),
		`{"parts":[{"functionCall":{"args":`+placeOrderArgs+`,"id":"call-1","name":"place_order"},"thoughtSignature":"c2lnbmF0dXJl"}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"call-1","name":"place_order","response":{"output":`+receipt+`}}}],"role":"user"}`))
}

// TestRoundTripInvalidCall: an invalid call and a call of an unknown
// tool, in one response, are answered as function responses the model
// reads ({"error": envelope}, every issue with its JSON Pointer); the
// model corrects itself and the loop ends with its answer.
func TestRoundTripInvalidCall(t *testing.T) {
	const prompt = "Order something."
	bad := `{"functionCall":{"id":"call-1","name":"place_order","args":{"customerId":0,"items":[],"delivery":{"method":"drone"}}}}`
	unknown := `{"functionCall":{"id":"call-2","name":"refund_order","args":{"orderId":"o-9"}}}`
	good := `{"functionCall":{"id":"call-3","name":"place_order","args":` + placeOrderArgs + `}}`
	f := newFakeGemini(t, callReply(bad, unknown), callReply(good), textReply("Placed o-1."))
	ts := shopToolset(t, stitch.ProfileMCP)
	var results []string
	answer := runLoop(t, f, ts, func(cs []stitchgenai.Call) {
		for _, c := range cs {
			results = append(results, c.FunctionCall.ID+" "+c.Result.ErrorCode)
		}
	}, prompt, true)
	compare(t, "answer", answer, "Placed o-1.")
	compare(t, "results", strings.Join(results, ", "), "call-1 VALIDATION_ERROR, call-2 UNKNOWN_TOOL, call-3 ")
	const validation = `{"error":{"error":"VALIDATION_ERROR","issues":[` +
		`{"path":"/customerId","code":"range","expected":"\u003e= 1","message":"must be \u003e= 1, got 0"},` +
		`{"path":"/items","code":"length","expected":"\u003e= 1","message":"item count 0 is below the minimum 1"},` +
		`{"path":"/delivery/method","code":"discriminator","expected":"\"courier\", \"pickup\", \"store\"","message":"unknown discriminator value \"drone\" for \"method\"; allowed values: \"courier\", \"pickup\", \"store\""},` +
		`{"path":"/giftMessage","code":"missing","message":"missing required key \"giftMessage\""}],` +
		`"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}}`
	const unknownTool = `{"error":{"error":"UNKNOWN_TOOL","message":"unknown tool \"refund_order\"; the tools are: place_order, get_order, cancel_order","hint":"Call one of the listed tools."}}`
	tools := shopTools("parametersJsonSchema", shop.PlaceOrderInputSchema, shop.GetOrderInputSchema, shop.CancelOrderInputSchema)
	reqs := f.requests()
	if len(reqs) != 3 {
		t.Fatalf("%d requests", len(reqs))
	}
	compare(t, "request 2", reqs[1], request(tools,
		userText(prompt),
		`{"parts":[{"functionCall":{"args":{"customerId":0,"items":[],"delivery":{"method":"drone"}},"id":"call-1","name":"place_order"}},`+
			`{"functionCall":{"args":{"orderId":"o-9"},"id":"call-2","name":"refund_order"}}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"call-1","name":"place_order","response":`+validation+`}},`+
			`{"functionResponse":{"id":"call-2","name":"refund_order","response":`+unknownTool+`}}],"role":"user"}`))
	if !strings.HasSuffix(reqs[2], `{"parts":[{"functionResponse":{"id":"call-3","name":"place_order","response":{"output":`+receipt+`}}}],"role":"user"}],"generationConfig":{},`+tools+"}\n") {
		t.Errorf("request 3 does not end with the receipt:\n%s", reqs[2])
	}
}

// TestRoundTripGeminiTyped (profile gemini): the declarations are genai's
// typed Schema as parameters, sent as the generated gemini schemas'
// bytes; the call is decoded under the gemini profile.
func TestRoundTripGeminiTyped(t *testing.T) {
	const prompt = "Two teas for customer 9007199254740993, from store 100."
	f := newFakeGemini(t, callReply(`{"functionCall":{"id":"call-1","name":"place_order","args":`+placeOrderArgs+`}}`), textReply("Placed o-1."))
	var profiles []string
	d, err := stitch.NewDispatcher(stitch.Options{After: func(_ context.Context, c *stitch.Call) {
		profiles = append(profiles, c.Tool+" "+string(c.Profile)+" "+c.Result.ErrorCode)
	}}, shop.StitchTools(shop.NewService()))
	if err != nil {
		t.Fatal(err)
	}
	ts := newToolset(t, d, stitch.ProfileGemini)
	for _, fd := range ts.Tools()[0].FunctionDeclarations {
		if fd.Parameters == nil || fd.ParametersJsonSchema != nil {
			t.Fatalf("%s is not declared with typed parameters", fd.Name)
		}
	}
	answer := runLoop(t, f, ts, func([]stitchgenai.Call) {}, prompt, true)
	compare(t, "answer", answer, "Placed o-1.")
	compare(t, "calls", strings.Join(profiles, "\n"), "place_order gemini ")
	tools := shopTools("parameters", shop.PlaceOrderGeminiSchema, shop.GetOrderGeminiSchema, shop.CancelOrderGeminiSchema)
	reqs := f.requests()
	compare(t, "request 1", reqs[0], request(tools, userText(prompt)))
	compare(t, "request 2", reqs[1], request(tools,
		userText(prompt),
		`{"parts":[{"functionCall":{"args":`+placeOrderArgs+`,"id":"call-1","name":"place_order"}}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"call-1","name":"place_order","response":{"output":`+receipt+`}}}],"role":"user"}`))
}

// TestRoundTripWithoutExactBody: what genai sends of the same
// conversation without ExactBody: every object's keys sorted (the
// contract's property order is gone from the typed schemas, kept only in
// propertyOrdering), and every number through float64, so the model reads
// its own call and the receipt with customer 9007199254740992.
func TestRoundTripWithoutExactBody(t *testing.T) {
	const prompt = "Two teas for customer 9007199254740993, from store 100."
	f := newFakeGemini(t, callReply(`{"functionCall":{"id":"call-1","name":"place_order","args":`+placeOrderArgs+`}}`), textReply("Placed o-1."))
	ts := shopToolset(t, stitch.ProfileGemini)
	answer := runLoop(t, f, ts, func([]stitchgenai.Call) {}, prompt, false)
	compare(t, "answer", answer, "Placed o-1.")
	tools := shopTools("parameters", canonicalNumbers(t, shop.PlaceOrderGeminiSchema),
		`{"description":"Constraints: additionalProperties false.","properties":{"orderId":{"description":"Order to look up, as returned by place_order.","pattern":"^o-[0-9]+$","type":"STRING"}},"propertyOrdering":["orderId"],"required":["orderId"],"type":"OBJECT"}`,
		`{"description":"Constraints: additionalProperties false.","properties":{"orderId":{"pattern":"^o-[0-9]+$","type":"STRING"},"reason":{"default":"customer request","description":"Why the customer cancels.","maxLength":200,"type":"STRING"}},"propertyOrdering":["orderId","reason"],"required":["orderId"],"type":"OBJECT"}`)
	reqs := f.requests()
	compare(t, "request 2", reqs[1], request(tools,
		userText(prompt),
		`{"parts":[{"functionCall":{"args":{"customerId":9007199254740992,"delivery":{"method":"store","storeId":100},"giftMessage":null,"items":[{"quantity":2,"sku":"tea"}]},"id":"call-1","name":"place_order"}}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"call-1","name":"place_order","response":{"output":{"customerId":9007199254740992,"giftMessage":null,"method":"store","orderId":"o-1","status":"placed","totalCents":2500,"units":2}}}}],"role":"user"}`))
}

// TestExactBodyNumbersInSchemas: a bound beyond 2^53 in a
// parametersJsonSchema, and the properties' order, as genai sends them
// with and without ExactBody.
func TestExactBodyNumbersInSchemas(t *testing.T) {
	const schema = `{"type":"object","properties":{"z":{"type":"integer","maximum":18446744073709551615},"a":{"type":"string"}}}`
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{handBuilt("count", schema, stitch.ProfileSchema{})})
	if err != nil {
		t.Fatal(err)
	}
	ts := newToolset(t, d, stitch.ProfileMCP)
	for _, exact := range []bool{true, false} {
		f := newFakeGemini(t, textReply("ok"))
		generate(t, f.client(t, true), config(ts, exact), []*genai.Content{genai.NewContentFromText("count", genai.RoleUser)})
		want := schema
		if !exact {
			want = `{"properties":{"a":{"type":"string"},"z":{"maximum":18446744073709552000,"type":"integer"}},"type":"object"}`
		}
		compare(t, "request", f.requests()[0], request(`"tools":[{"functionDeclarations":[{"description":"Hand-built count.","name":"count","parametersJsonSchema":`+want+`}]}]`, userText("count")))
	}
}

// TestExactBodyLeavesChangesAlone: a declaration or a function response
// the caller changed after the Toolset built it goes out as genai
// encodes the change, not as the Toolset's bytes.
func TestExactBodyLeavesChangesAlone(t *testing.T) {
	f := newFakeGemini(t, callReply(`{"functionCall":{"id":"call-1","name":"echo","args":{"n":1}}}`), textReply("ok"))
	ts := echoToolset(t)
	c := f.client(t, true)
	cfg := config(ts, true)
	cfg.Tools[0].FunctionDeclarations[0].ParametersJsonSchema = map[string]any{"type": "object", "title": "mine"}
	history := []*genai.Content{genai.NewContentFromText("echo", genai.RoleUser)}
	resp := generate(t, c, cfg, history)
	reply, _ := ts.Reply(context.Background(), resp)
	reply.Parts[0].FunctionResponse.Response["output"] = "changed"
	resp.Candidates[0].Content.Parts[0].FunctionCall.Args["n"] = 2
	generate(t, c, cfg, append(history, resp.Candidates[0].Content, reply))
	compare(t, "request 2", f.requests()[1], request(`"tools":[{"functionDeclarations":[{"description":"Hand-built echo.","name":"echo","parametersJsonSchema":{"title":"mine","type":"object"}}]}]`,
		userText("echo"),
		`{"parts":[{"functionCall":{"args":{"n":2},"id":"call-1","name":"echo"}}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"call-1","name":"echo","response":{"output":"changed"}}}],"role":"user"}`))
}

// TestClientLevelExtrasIgnored pins the genai behaviour ExactBody's doc
// relies on: an ExtrasRequestProvider in the client's HTTPOptions is
// dropped (genai copies those options through JSON, which has no field
// for a function), so ExactBody goes into each request's HTTPOptions.
func TestClientLevelExtrasIgnored(t *testing.T) {
	f := newFakeGemini(t, textReply("ok"))
	called := false
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test-key", Backend: genai.BackendGeminiAPI, HTTPClient: f.srv.Client(),
		HTTPOptions: genai.HTTPOptions{BaseURL: f.srv.URL, ExtrasRequestProvider: func(body map[string]any) map[string]any {
			called = true
			return body
		}},
	})
	if err != nil {
		t.Fatal(err)
	}
	generate(t, c, nil, genai.Text("hi"))
	if called {
		t.Fatal("genai now calls a client-level ExtrasRequestProvider: the docs of ExactBody can say so")
	}
}

// TestExactBodyOnlyCleanDocuments: a model's call with a duplicate key or
// a lone surrogate goes back in the history as genai encodes it (the API
// might refuse what genai never sends), while a clean call keeps its
// literals; the function responses, clean, keep their bytes.
func TestExactBodyOnlyCleanDocuments(t *testing.T) {
	f := newFakeGemini(t, callReply(
		`{"functionCall":{"id":"hard","name":"echo","args":`+hardArgs+`}}`,
		`{"functionCall":{"id":"big","name":"echo","args":{"z":0,"big":9007199254740993,"e":1e2}}}`,
	), textReply("ok"))
	ts := echoToolset(t)
	c := f.client(t, true)
	cfg := config(ts, true)
	history := []*genai.Content{genai.NewContentFromText("echo", genai.RoleUser)}
	resp := generate(t, c, cfg, history)
	reply, _ := ts.Reply(context.Background(), resp)
	generate(t, c, cfg, append(history, resp.Candidates[0].Content, reply))
	compare(t, "request 2", f.requests()[1], request(`"tools":[{"functionDeclarations":[{"description":"Hand-built echo.","name":"echo","parametersJsonSchema":{"type":"object"}}]}]`,
		userText("echo"),
		`{"parts":[{"functionCall":{"args":{"big":9007199254740992,"dup":2,"e":100,"s":"`+"\ufffd"+`","z":0},"id":"hard","name":"echo"}},`+
			`{"functionCall":{"args":{"z":0,"big":9007199254740993,"e":1e2},"id":"big","name":"echo"}}],"role":"model"}`,
		`{"parts":[{"functionResponse":{"id":"hard","name":"echo","response":{"output":"args {\"z\":0,\"big\":9007199254740993,\"e\":1e2,\"dup\":1,\"dup\":2,\"s\":\"\\ud800\"}"}}},`+
			`{"functionResponse":{"id":"big","name":"echo","response":{"output":"args {\"z\":0,\"big\":9007199254740993,\"e\":1e2}"}}}],"role":"user"}`))
}
