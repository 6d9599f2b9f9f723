package stitchmcpgo_test

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// TestServeStdio: ServeStdio answers a client on a pair of pipes, with
// progress and log messages, and returns nil when the client's side
// closes.
func TestServeStdio(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	inR, inW := io.Pipe()   // client -> server
	outR, outW := io.Pipe() // server -> client
	served := make(chan error, 1)
	go func() {
		served <- stitchmcpgo.ServeStdio(context.Background(), s, inR, outW, nil)
		outW.Close()
	}()
	c := client.NewClient(transport.NewIO(outR, inW, nil))
	n := newNotes()
	c.OnNotification(n.add)
	initialize(t, c, legacy)
	sc := &conn{c: c, tr: c.GetTransport(), notes: n}
	if got := sc.raw(t, "tools/call", callParams("place_order", `{"customerId":9007199254740993}`)); got != structured("9007199254740993") {
		t.Errorf("place_order: %s", got)
	}
	if got := sc.raw(t, "tools/call", callParams("nope", `{}`)); got != envelope(unknownNope) {
		t.Errorf("nope: %s", got)
	}
	setLevel(t, sc, mcp.LoggingLevelWarning)
	if got, want := sc.report(t, true), []string{progressHalf, progressTwo, logWarning, logDone}; !reflect.DeepEqual(got, want) {
		t.Errorf("report: the client got\n %q\nwant %q", got, want)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("ServeStdio = %v, want nil", err)
	}
	c.Close()
}

// TestListenAndServe: ListenAndServe serves streamable HTTP at the root path and
// returns nil once its context is done.
func TestListenAndServe(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- stitchmcpgo.Serve(ctx, s, ln, nil) }()
	c, err := client.NewStreamableHttpClient("http://" + ln.Addr().String() + "/")
	if err != nil {
		t.Fatal(err)
	}
	initialize(t, c, legacy)
	hc := &conn{c: c, tr: c.GetTransport()}
	if got := hc.raw(t, "tools/call", callParams("place_order", `{"customerId":7}`)); got != structured("7") {
		t.Errorf("place_order: %s", got)
	}
	c.Close()
	cancel()
	if err := <-served; err != nil {
		t.Errorf("ListenAndServe = %v, want nil", err)
	}
}

// lines talks to a stdio server line by line, as a host would, but can
// send what no SDK client sends.
type lines struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
}

// send writes one line and returns the next line the server writes, which
// must come within 10 s.
func (c *lines) send(line string) string {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("writing %.80s: %v", line, err)
	}
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
		c.t.Fatalf("no answer within 10s to %.80s", line)
		return ""
	}
}

// TestServeStdioLimits: a line over the size limit, nested too deep, with
// a repeated "name" or "arguments", or with bytes after the message is
// answered with a JSON-RPC error that carries the request's id, before
// mcp-go reads it; the server goes on, and the dispatcher sees only the
// valid call.
func TestServeStdioLimits(t *testing.T) {
	o := &observer{}
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o))
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- stitchmcpgo.ServeStdio(context.Background(), s, inR, outW, &stitchmcpgo.StdioOptions{MaxLineBytes: 1 << 20})
		outW.Close()
	}()
	c := &lines{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20)}
	if init := c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"lines","version":"v0"}}}`); !strings.HasPrefix(init, `{"jsonrpc":"2.0","id":1,"result":{`) {
		t.Fatalf("initialize: %s", init)
	}
	deep := strings.Repeat("[", 400_000) + strings.Repeat("]", 400_000)
	for _, tc := range []struct{ name, line, want string }{
		{"name twice", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"a"},"name":"place_order"}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"arguments twice", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"place_order","arguments":{"customerId":1},"arguments":{"customerId":2}}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"arguments\" twice"}}`},
		{"too large", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"` + strings.Repeat("x", 2<<20) + `"}}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32700,"message":"the message is 2097247 bytes long, more than the limit of 1048576"}}`},
		{"too deep", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ping","arguments":{"echo":` + deep + `}}}`,
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},
		{"malformed", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ping",`,
			`{"jsonrpc":"2.0","id":6,"error":{"code":-32700,"message":"the message ends early, at byte 70, in an object"}}`},
		{"still serving", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"after"}}}`,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"pong after"}]}}`},
	} {
		if got := c.send(tc.line); got != tc.want {
			t.Errorf("%s:\n got %.300s\nwant %s", tc.name, got, tc.want)
		}
	}
	if got := o.calls(); len(got) != 1 || got[0] != `ping {"echo":"after"}` {
		t.Errorf("the dispatcher saw %q", got)
	}
	inW.Close()
	if err := <-served; err != nil {
		t.Errorf("ServeStdio = %v, want nil", err)
	}
}

// TestListenAndServeLimits: over streamable HTTP the body is capped and checked
// before mcp-go reads it (mcp-go itself reads any body whole and keeps the
// last "name").
func TestListenAndServeLimits(t *testing.T) {
	o := &observer{}
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, o))
	h, sh := stitchmcpgo.HTTPHandler(s, &stitchmcpgo.HTTPOptions{HTTPOptions: wire.HTTPOptions{MaxBodyBytes: 1 << 20}})
	hs := httptest.NewServer(h)
	defer hs.Close()
	defer sh.Shutdown(context.Background())
	cl, err := client.NewStreamableHttpClient(hs.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	initialize(t, cl, legacy)
	c := &conn{c: cl, tr: cl.GetTransport(), url: hs.URL + "/"}
	for _, tc := range []struct{ name, body, want string }{
		{"name twice", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"a"},"name":"place_order"}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"bytes after the message", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"b"}}} {}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 97"}}`},
		{"too large", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"` + strings.Repeat("x", 2<<20) + `"}}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32700,"message":"the request body is 2097247 bytes long, more than the limit of 1048576"}}`},
		{"still served", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"c"}}}`,
			`{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"pong c"}]}}`},
	} {
		if got := c.post(t, []byte(tc.body)); got != tc.want {
			t.Errorf("%s:\n got %.300s\nwant %s", tc.name, got, tc.want)
		}
	}
	if got := o.calls(); len(got) != 1 || got[0] != `ping {"echo":"c"}` {
		t.Errorf("the dispatcher saw %q", got)
	}
}

// TestListenAndServeIdleSessions: the state of a session that gets no request
// for the session timeout is dropped; with server.WithStateful, the
// session itself, so that its id is refused after. The timeout is long
// enough for a loaded machine to ping in the session right after
// initializing it.
func TestListenAndServeIdleSessions(t *testing.T) {
	s := stitchmcpgo.NewServer("fixture", "v0", newDispatcher(t, nil))
	const timeout = 2 * time.Second
	h, sh := stitchmcpgo.HTTPHandler(s, &stitchmcpgo.HTTPOptions{SessionTimeout: timeout},
		server.WithStateful(true), server.WithStreamableHTTPLogger(slog.New(slog.DiscardHandler)))
	hs := httptest.NewServer(h)
	defer hs.Close()
	defer sh.Shutdown(context.Background())
	cl, err := client.NewStreamableHttpClient(hs.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	initialize(t, cl, legacy)
	c := &conn{c: cl, tr: cl.GetTransport(), url: hs.URL + "/"}
	ping := []byte(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	if got := c.post(t, ping); got != `{"jsonrpc":"2.0","id":2,"result":{}}` {
		t.Fatalf("ping in the session: %s", got)
	}
	// mcp-go sweeps idle sessions once a second (at least): each wait
	// without a request outlasts the timeout and then a whole sweep
	// interval, so a sweep always falls where the session is idle (a
	// shorter wait, refreshed by each ping, could miss every sweep).
	const sweep = time.Second
	// Until shortly before the test binary's own deadline: a loaded
	// machine may sweep late, never early.
	deadline := time.Now().Add(5 * time.Minute)
	if d, ok := t.Deadline(); ok {
		deadline = d.Add(-10 * time.Second)
	}
	got := ""
	for time.Now().Before(deadline) {
		time.Sleep(timeout + sweep + 300*time.Millisecond)
		if got = c.post(t, ping); got == "Session terminated" {
			return
		}
	}
	t.Errorf("the idle session was still served long after a session timeout of %v: %s", timeout, got)
}
