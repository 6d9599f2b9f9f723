package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/stitch"
)

// The input-required test serves one tool that asks the user to confirm
// (stitch.NeedInput) from two replicas behind the round-robin proxy of the
// replica tests, each replica with the adapter's default HTTP handler and
// the same stitch.Options.InputKey, under protocol revision 2026-07-28,
// which needs no session: the call that asks runs on one replica, the call
// that answers on the other, which opens the requestState the first one
// sealed.

// inputKey is the key both replicas share.
var inputKey = bytes.Repeat([]byte("k"), 32)

// confirmTool is a tool that asks for a confirmation and then answers which
// replica asked (its state) and which replica finished.
func confirmTool(replica int) stitch.Tool {
	return stitch.Tool{
		Name:        "confirm",
		Description: "Asks the user to confirm",
		InputSchema: `{"type":"object","properties":{},"additionalProperties":false}`,
		Decode: func([]byte, stitch.DecodeOptions) (any, []string, []string, error) {
			return nil, nil, nil, nil
		},
		Run: func(ctx context.Context, _ any) (stitch.Output, error) {
			a, ok := stitch.Answer(ctx, "ok")
			if !ok {
				return stitch.Output{}, stitch.AskInput([]byte(strconv.Itoa(replica)), map[string]stitch.InputRequest{
					"ok": stitch.Elicit("Go on?", json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)),
				})
			}
			var r struct {
				Action  string `json:"action"`
				Content struct {
					OK bool `json:"ok"`
				} `json:"content"`
			}
			if err := json.Unmarshal(a, &r); err != nil {
				return stitch.Output{}, err
			}
			return stitch.Output{Text: "asked on replica " + string(stitch.InputState(ctx)) + ", finished on replica " +
				strconv.Itoa(replica) + ": " + r.Action + " " + strconv.FormatBool(r.Content.OK)}, nil
		},
	}
}

// inputSDKs are the replicas' handlers, each with the adapter's default
// HTTP handler (stateful for older revisions, stateless for 2026-07-28).
var inputSDKs = []struct {
	name    string
	handler func(t *testing.T, replica int, key []byte) http.Handler
	// tampered is the JSON-RPC error of a call whose requestState was
	// changed; request is the input request as the SDK writes it.
	tampered, request string
}{
	{"go-sdk", func(t *testing.T, replica int, key []byte) http.Handler {
		s := mcp.NewServer(&mcp.Implementation{Name: "replica", Version: "v1.0.0"}, nil)
		stitchgosdk.AddTools(s, newDispatcher(t, []stitch.Tool{confirmTool(replica)}, stitch.Options{InputKey: key}))
		return stitchgosdk.HTTPHandler(s, nil)
	}, `{"code":-32602,"message":"the requestState is not one this server issued for this call: its signature does not match"}`,
		`{"method":"elicitation/create","params":{"mode":"form","message":"Go on?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}}}`},
	{"mcp-go", func(t *testing.T, replica int, key []byte) http.Handler {
		s := stitchmcpgo.NewServer("replica", "v1.0.0", newDispatcher(t, []stitch.Tool{confirmTool(replica)}, stitch.Options{InputKey: key}),
			server.WithElicitation())
		h, sh := stitchmcpgo.HTTPHandler(s, nil)
		t.Cleanup(func() { _ = sh.Shutdown(context.Background()) })
		return h
	}, `{"code":-32603,"message":"the requestState is not one this server issued for this call: its signature does not match"}`,
		`{"method":"elicitation/create","params":{"message":"Go on?","requestedSchema":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}}}`},
}

// post2026 sends one tools/call of confirm under revision 2026-07-28,
// declaring the elicitation capability, with extra params, and returns the
// JSON-RPC response (read from the JSON body or the event stream).
func post2026(ctx context.Context, t *testing.T, url string, id int, extra string) map[string]json.RawMessage {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"confirm","arguments":{},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{"elicitation":{}}}` + extra + `}}`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", "tools/call")
	req.Header.Set("Mcp-Name", "confirm")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	msg := b
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		msg = nil
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok && strings.Contains(d, `"id":`+strconv.Itoa(id)) {
				msg = []byte(d)
			}
		}
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(msg, &m); err != nil {
		t.Fatalf("response %q (HTTP %d): %v", b, resp.StatusCode, err)
	}
	return m
}

func TestInputRequiredAcrossReplicas(t *testing.T) {
	for _, sdk := range inputSDKs {
		t.Run(sdk.name, func(t *testing.T) {
			// A failsafe only.
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			a := httptest.NewServer(sdk.handler(t, 0, inputKey))
			t.Cleanup(a.Close)
			b := httptest.NewServer(sdk.handler(t, 1, inputKey))
			t.Cleanup(b.Close)
			proxy, posts := roundRobin(t, a, b)

			// The first POST goes to replica 0: it asks.
			first := post2026(ctx, t, proxy.URL, 1, "")
			var res struct {
				ResultType    string                     `json:"resultType"`
				InputRequests map[string]json.RawMessage `json:"inputRequests"`
				RequestState  string                     `json:"requestState"`
			}
			if err := json.Unmarshal(first["result"], &res); err != nil {
				t.Fatalf("first call: %s", first["result"])
			}
			if res.ResultType != "input_required" || res.RequestState == "" || !sameJSON(t, res.InputRequests["ok"], json.RawMessage(sdk.request)) {
				t.Fatalf("first call: %s", first["result"])
			}
			answer := `,"inputResponses":{"ok":{"action":"accept","content":{"ok":true}}}`

			// The second goes to replica 1, which resumes the call.
			second := post2026(ctx, t, proxy.URL, 2, answer+`,"requestState":`+strconv.Quote(res.RequestState))
			var done struct {
				ResultType string `json:"resultType"`
				Content    []struct {
					Text string `json:"text"`
				} `json:"content"`
			}
			if err := json.Unmarshal(second["result"], &done); err != nil || len(done.Content) != 1 {
				t.Fatalf("second call: %s %s", second["result"], second["error"])
			}
			if want := "asked on replica 0, finished on replica 1: accept true"; done.ResultType != "complete" || done.Content[0].Text != want {
				t.Errorf("second call: %s, want resultType complete and %q", second["result"], want)
			}

			// A requestState with one character changed is refused, by
			// either replica.
			tampered := []byte(res.RequestState)
			tampered[len(tampered)/3] ^= 'A' ^ 'B'
			for id := 3; id <= 4; id++ {
				got := post2026(ctx, t, proxy.URL, id, answer+`,"requestState":`+strconv.Quote(string(tampered)))
				if string(got["error"]) != sdk.tampered || got["result"] != nil {
					t.Errorf("tampered requestState, call %d: error %s, result %s\nwant error %s", id, got["error"], got["result"], sdk.tampered)
				}
			}
			if p0, p1 := posts[0].Load(), posts[1].Load(); p0 != 2 || p1 != 2 {
				t.Errorf("the replicas got %d and %d POSTs, want 2 each", p0, p1)
			}
		})
	}
}

// A replica with another key cannot resume the call: its requestState does
// not open there.
func TestInputRequiredOtherKey(t *testing.T) {
	for _, sdk := range inputSDKs {
		t.Run(sdk.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			a := httptest.NewServer(sdk.handler(t, 0, inputKey))
			t.Cleanup(a.Close)
			b := httptest.NewServer(sdk.handler(t, 1, bytes.Repeat([]byte("x"), 32)))
			t.Cleanup(b.Close)
			proxy, _ := roundRobin(t, a, b)
			var res struct {
				RequestState string `json:"requestState"`
			}
			if err := json.Unmarshal(post2026(ctx, t, proxy.URL, 1, "")["result"], &res); err != nil || res.RequestState == "" {
				t.Fatalf("first call: no requestState (%v)", err)
			}
			got := post2026(ctx, t, proxy.URL, 2, `,"inputResponses":{"ok":{"action":"accept","content":{"ok":true}}},"requestState":`+strconv.Quote(res.RequestState))
			if string(got["error"]) != sdk.tampered {
				t.Errorf("error %s, want %s", got["error"], sdk.tampered)
			}
		})
	}
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}

// The same handler code under both revisions, with the go-sdk client,
// which answers elicitations: under 2026-07-28 the client gets the
// input-required result and calls again with the answer; under 2025-11-25
// the server's SDK sends elicitation/create on the session and runs the
// handler again with the answer.
func TestInputRequiredBothRevisions(t *testing.T) {
	for _, sdk := range inputSDKs {
		for _, version := range []string{"2026-07-28", "2025-11-25"} {
			t.Run(sdk.name+"/"+version, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				srv := httptest.NewServer(sdk.handler(t, 0, inputKey))
				t.Cleanup(srv.Close)
				var asked int
				client := mcp.NewClient(&mcp.Implementation{Name: "e2e-input", Version: "v0"}, &mcp.ClientOptions{
					ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
						asked++
						if req.Params.Message != "Go on?" {
							t.Errorf("elicitation message %q", req.Params.Message)
						}
						return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}, nil
					},
				})
				cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: srv.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
				if err != nil {
					t.Fatal(err)
				}
				defer cs.Close()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "confirm", Arguments: map[string]any{}})
				if err != nil {
					t.Fatal(err)
				}
				if got, want := text(res), "asked on replica 0, finished on replica 0: accept true"; got != want || res.IsError || asked != 1 {
					t.Errorf("got %q (isError %v, %d elicitations), want %q and one elicitation", got, res.IsError, asked, want)
				}
			})
		}
	}
}
