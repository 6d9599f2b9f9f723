package stitchgenai_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/adapters/stitchgenai"
	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// echoToolset serves one hand-built tool, echo, that answers with the
// exact argument bytes it was given.
func echoToolset(t *testing.T) *stitchgenai.Toolset {
	t.Helper()
	d, err := stitch.NewDispatcher(stitch.Options{}, []stitch.Tool{handBuilt("echo", `{"type":"object"}`, stitch.ProfileSchema{})})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := stitchgenai.New(d, stitch.ProfileMCP)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// hardArgs are arguments genai's parse changes: an integer beyond 2^53,
// an integer written 1e2, a duplicate key, a lone surrogate, a key order.
const hardArgs = `{"z":0,"big":9007199254740993,"e":1e2,"dup":1,"dup":2,"s":"\ud800"}`

// describe renders the calls Reply made.
func describe(calls []stitchgenai.Call) string {
	var b strings.Builder
	for _, c := range calls {
		fmt.Fprintf(&b, "%s %s exact=%v args=%s\nresponse=%s\n", c.FunctionCall.ID, c.FunctionCall.Name, c.Exact, c.Args, c.Response)
	}
	return b.String()
}

// TestRawArgs: with Transport, the decoder gets the argument bytes the
// model wrote; without it, genai's parsed map encoded again, which has
// lost the big integer's last digit, the 1e2, the duplicate, the lone
// surrogate and the key order.
func TestRawArgs(t *testing.T) {
	reply := callReply(`{"functionCall":{"id":"call-1","name":"echo","args":` + hardArgs + `}}`)
	for _, raw := range []bool{true, false} {
		t.Run(fmt.Sprintf("transport=%v", raw), func(t *testing.T) {
			f := newFakeGemini(t, reply)
			ts := echoToolset(t)
			resp := generate(t, f.client(t, raw), config(ts, true), []*genai.Content{genai.NewContentFromText("echo", genai.RoleUser)})
			body, ok := stitchgenai.RawBody(resp)
			if ok != raw || (raw && string(body) != reply) {
				t.Fatalf("RawBody = %q, %v", body, ok)
			}
			_, calls := ts.Reply(context.Background(), resp)
			want := `call-1 echo exact=true args=` + hardArgs + `
response={"output":"args {\"z\":0,\"big\":9007199254740993,\"e\":1e2,\"dup\":1,\"dup\":2,\"s\":\"\\ud800\"}"}
`
			if !raw {
				want = `call-1 echo exact=false args={"big":9007199254740992,"dup":2,"e":100,"s":"` + "\ufffd" + `","z":0}
response={"output":"args {\"big\":9007199254740992,\"dup\":2,\"e\":100,\"s\":\"` + "\ufffd" + `\",\"z\":0}"}
`
			}
			compare(t, "calls", describe(calls), want)
		})
	}
}

// placeOrderArgs are place_order arguments with a customer id beyond 2^53
// and a store id written 1e2.
const placeOrderArgs = `{"customerId":9007199254740993,"items":[{"sku":"tea","quantity":2}],"giftMessage":null,"delivery":{"method":"store","storeId":1e2}}`

// TestRawArgsShop: the shop's place_order through the exact decoder. With
// Transport the receipt keeps customer 9007199254740993 and a duplicate
// key and a lone surrogate are issues the model reads; without it genai
// has already rounded the id, kept the last duplicate and replaced the
// surrogate by U+FFFD, and the call succeeds on values the model never
// sent.
func TestRawArgsShop(t *testing.T) {
	surrogateArgs := strings.Replace(placeOrderArgs, `"giftMessage":null`, `"giftMessage":"\ud83d"`, 1)
	dupArgs := strings.Replace(placeOrderArgs, `"customerId":9007199254740993`, `"customerId":1,"customerId":9007199254740993`, 1)
	cases := []struct {
		name, args string
		raw        bool
		want       string
	}{
		{"big/raw", placeOrderArgs, true, `call-1 place_order exact=true args=` + placeOrderArgs + `
response={"output":{"orderId":"o-1","customerId":9007199254740993,"units":2,"totalCents":2500,"method":"store","status":"placed","giftMessage":null}}
`},
		{"big/parsed", placeOrderArgs, false, `call-1 place_order exact=false args={"customerId":9007199254740992,"delivery":{"method":"store","storeId":100},"giftMessage":null,"items":[{"quantity":2,"sku":"tea"}]}
response={"output":{"orderId":"o-1","customerId":9007199254740992,"units":2,"totalCents":2500,"method":"store","status":"placed","giftMessage":null}}
`},
		{"duplicate/raw", dupArgs, true, `call-1 place_order exact=true args=` + dupArgs + `
response={"error":{"error":"VALIDATION_ERROR","issues":[{"path":"/customerId","code":"duplicate_key","message":"duplicate key \"customerId\""}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}}
`},
		{"duplicate/parsed", dupArgs, false, `call-1 place_order exact=false args={"customerId":9007199254740992,"delivery":{"method":"store","storeId":100},"giftMessage":null,"items":[{"quantity":2,"sku":"tea"}]}
response={"output":{"orderId":"o-1","customerId":9007199254740992,"units":2,"totalCents":2500,"method":"store","status":"placed","giftMessage":null}}
`},
		{"surrogate/raw", surrogateArgs, true, `call-1 place_order exact=true args=` + surrogateArgs + `
response={"error":{"error":"VALIDATION_ERROR","issues":[{"path":"/giftMessage","code":"syntax","message":"invalid JSON at byte offset 83: lone surrogate in \\u escape"}],"hint":"The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."}}
`},
		{"surrogate/parsed", surrogateArgs, false, `call-1 place_order exact=false args={"customerId":9007199254740992,"delivery":{"method":"store","storeId":100},"giftMessage":"` + "\ufffd" + `","items":[{"quantity":2,"sku":"tea"}]}
response={"output":{"orderId":"o-1","customerId":9007199254740992,"units":2,"totalCents":2500,"method":"store","status":"placed","giftMessage":"` + "\ufffd" + `"}}
`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeGemini(t, callReply(`{"functionCall":{"id":"call-1","name":"place_order","args":`+c.args+`}}`))
			ts := shopToolset(t, stitch.ProfileMCP)
			resp := generate(t, f.client(t, c.raw), config(ts, true), []*genai.Content{genai.NewContentFromText("order", genai.RoleUser)})
			_, calls := ts.Reply(context.Background(), resp)
			compare(t, "calls", describe(calls), c.want)
		})
	}
}

// TestRawArgsOnlyWhenTheyMatch: the body's bytes are used only for the
// calls genai parsed from that body; a caller who changed a call's
// arguments gets its change dispatched (exact=false), and several calls
// of one response keep their order and their own bytes (a call without
// arguments has none: the dispatcher reads that as {}).
func TestRawArgsOnlyWhenTheyMatch(t *testing.T) {
	reply := callReply(
		`{"text":"Two calls."}`,
		`{"functionCall":{"id":"a","name":"echo","args":{"n":1.0}}}`,
		`{"functionCall":{"id":"b","name":"echo"}}`,
	)
	f := newFakeGemini(t, reply, reply)
	ts := echoToolset(t)
	c := f.client(t, true)
	history := []*genai.Content{genai.NewContentFromText("echo", genai.RoleUser)}
	_, calls := ts.Reply(context.Background(), generate(t, c, config(ts, true), history))
	compare(t, "calls", describe(calls), `a echo exact=true args={"n":1.0}
response={"output":"args {\"n\":1.0}"}
b echo exact=true args=
response={"output":"args {}"}
`)
	resp := generate(t, c, config(ts, true), history)
	resp.Candidates[0].Content.Parts[1].FunctionCall.Args["n"] = 2.0
	_, calls = ts.Reply(context.Background(), resp)
	compare(t, "changed calls", describe(calls), `a echo exact=false args={"n":2}
response={"output":"args {\"n\":2}"}
b echo exact=false args=
response={"output":"args {}"}
`)
}

// TestTransportLeavesStreamsAlone: a streamed response passes through
// Transport untouched, so its calls are dispatched from genai's parse
// (exact=false): Transport keeps bodies of generateContent only.
func TestTransportLeavesStreamsAlone(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, ":streamGenerateContent") {
			http.Error(w, "unexpected "+r.URL.Path, http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: "+callReply(`{"functionCall":{"id":"s","name":"echo","args":{"n":1e2}}}`)+"\r\n\r\n")
	}))
	defer srv.Close()
	c, err := genai.NewClient(context.Background(), &genai.ClientConfig{
		APIKey: "test-key", Backend: genai.BackendGeminiAPI,
		HTTPClient:  stitchgenai.HTTPClient(srv.Client()),
		HTTPOptions: genai.HTTPOptions{BaseURL: srv.URL, APIVersion: "v1beta"},
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := echoToolset(t)
	var got string
	for resp, err := range c.Models.GenerateContentStream(context.Background(), "gemini-2.5-flash", genai.Text("echo"), config(ts, true)) {
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := stitchgenai.RawBody(resp); ok {
			t.Error("a stream chunk has a raw body")
		}
		_, calls := ts.Reply(context.Background(), resp)
		got += describe(calls)
	}
	compare(t, "calls", got, `s echo exact=false args={"n":100}
response={"output":"args {\"n\":100}"}
`)
}
