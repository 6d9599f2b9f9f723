package stitchgosdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// lineClient talks to a stdio server line by line, as a host would, but
// can send what no SDK client sends.
type lineClient struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
}

// send writes one line and returns the next line the server writes, which
// must come within 10 s.
func (c *lineClient) send(line string) string {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("writing %.80s: %v", line, err)
	}
	return c.next(line)
}

// next returns the next line the server writes after the line sent.
func (c *lineClient) next(sent string) string {
	c.t.Helper()
	got := make(chan string, 1)
	go func() {
		s, err := c.out.ReadString('\n')
		if err != nil {
			s = "read error: " + err.Error()
		}
		got <- strings.TrimSuffix(s, "\n")
	}()
	select {
	case s := <-got:
		return s
	case <-time.After(10 * time.Second):
		c.t.Fatalf("no answer within 10s to %.80s", sent)
		return ""
	}
}

// observedCalls records the tool and arguments of every call the
// dispatcher's observer saw.
type observedCalls struct {
	mu    sync.Mutex
	calls []string
}

func (o *observedCalls) after(_ context.Context, c *stitch.Call) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.calls = append(o.calls, c.Tool+" "+string(c.Args))
}

func (o *observedCalls) list() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.calls...)
}

// fixtureServer returns a server of the fixture's tools whose observer
// records every call.
func fixtureServer(t *testing.T, opt stitch.Options) (*mcp.Server, *observedCalls) {
	t.Helper()
	obs := &observedCalls{}
	opt.After = obs.after
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "fixture", Version: "v0"}, nil)
	stitchgosdk.AddTools(s, d)
	return s, obs
}

// serveLines runs s on a transport over pipes and returns a line client.
func serveLines(t *testing.T, s *mcp.Server, transport func(in io.ReadCloser, out io.WriteCloser) mcp.Transport) *lineClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background(), transport(inR, outW)); outW.Close() }()
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Error("the server did not end within 10s of its input")
		}
	})
	c := &lineClient{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20)}
	init := c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"lines","version":"v0"}}}`)
	if !strings.HasPrefix(init, `{"jsonrpc":"2.0","id":1,"result":{`) {
		t.Fatalf("initialize: %s", init)
	}
	if _, err := io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"); err != nil {
		t.Fatal(err)
	}
	return c
}

func ourStdio(opt stitchgosdk.StdioOptions) func(io.ReadCloser, io.WriteCloser) mcp.Transport {
	return func(in io.ReadCloser, out io.WriteCloser) mcp.Transport {
		return &stitchgosdk.StdioTransport{In: in, Out: out, Options: opt}
	}
}

// TestStdioKeepsServing: every line the server cannot take is answered
// with a JSON-RPC error carrying the request's id, and the server goes on
// serving; the envelope is exact (no last-wins "name" or "arguments"); no
// refused line reaches the dispatcher.
func TestStdioKeepsServing(t *testing.T) {
	s, obs := fixtureServer(t, stitch.Options{})
	var refused []int
	var mu sync.Mutex
	c := serveLines(t, s, ourStdio(stitchgosdk.StdioOptions{MaxLineBytes: 1 << 20, Refused: func(e *wire.Error) {
		mu.Lock()
		refused = append(refused, e.Code)
		mu.Unlock()
	}}))
	deep := strings.Repeat("[", 400_000) + strings.Repeat("]", 400_000) // 800 KB, within the line limit
	tests := []struct{ name, line, want string }{
		{"malformed", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping",`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32700,"message":"the message ends early, at byte 70, in an object"}}`},
		{"not JSON", `hello`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid JSON at byte 0: unexpected 'h' in a value"}}`},
		{"too deep", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ping","arguments":{"echo":` + deep + `}}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},
		{"too large", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"` + strings.Repeat("x", 2<<20) + `"}}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32700,"message":"the message is 2097247 bytes long, more than the limit of 1048576"}}`},
		{"name twice", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"a"},"name":"place_order"}}`,
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"arguments twice", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"a"},"arguments":{"echo":"b"}}}`,
			`{"jsonrpc":"2.0","id":6,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"arguments\" twice"}}`},
		{"method twice", `{"jsonrpc":"2.0","id":7,"method":"tools/list","method":"tools/call","params":{"name":"ping"}}`,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"the message has the key \"method\" twice"}}`},
		{"bytes after the message", `{"jsonrpc":"2.0","id":8,"method":"ping"} {"jsonrpc":"2.0","id":9,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":8,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 41"}}`},
		{"no JSON-RPC 2.0", `{"jsonrpc":"1.0","id":10,"method":"ping"}`,
			`{"jsonrpc":"2.0","id":10,"error":{"code":-32600,"message":"invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{"a batch", `[{"jsonrpc":"2.0","id":11,"method":"ping"}]`,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"JSON-RPC batches are not taken over stdio (MCP removed them in protocol version 2025-06-18)"}}`},
		{"still serving", `{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"after"}}}`,
			`{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"pong after"}]}}`},
	}
	for _, tc := range tests {
		if got := c.send(tc.line); got != tc.want {
			t.Errorf("%s:\n got %.300s\nwant %s", tc.name, got, tc.want)
		}
	}
	if got, want := obs.list(), []string{`ping {"echo":"after"}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the dispatcher saw %q, want %q", got, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(refused) != 10 {
		t.Errorf("Refused saw %d lines, want 10: %v", len(refused), refused)
	}
}

// TestStdioClient: a go-sdk client works over StdioTransport as over the
// SDK's own (tools/list, a call, an exact-decoder rejection).
func TestStdioClient(t *testing.T) {
	s, _ := fixtureServer(t, stitch.Options{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() { _ = s.Run(context.Background(), &stitchgosdk.StdioTransport{In: inR, Out: outW}); outW.Close() }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), &mcp.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil || len(tools.Tools) != 2 {
		t.Fatalf("tools/list: %v %v", tools, err)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order", Arguments: json.RawMessage(`{"customerId":7}`)})
	if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != `{"orderId":"o-7","customerId":7}` {
		t.Errorf("place_order: %+v %v", res, err)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "place_order", Arguments: json.RawMessage(`{"customerId":7,"customerId":8}`)})
	if err != nil || !res.IsError {
		t.Errorf("duplicate key in the arguments: %+v %v", res, err)
	}
}
