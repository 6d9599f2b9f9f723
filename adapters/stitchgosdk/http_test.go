package stitchgosdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/stitch"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// rawSession is a streamable-HTTP session driven with hand-written
// bodies.
type rawSession struct {
	t   *testing.T
	url string
	id  string
}

// post sends body in the session and returns the status and the JSON-RPC
// message of the answer (the data of an event stream, or a JSON body).
func (s *rawSession) post(body string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest("POST", s.url, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if s.id != "" {
		req.Header.Set("Mcp-Session-Id", s.id)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	if s.id == "" {
		s.id = resp.Header.Get("Mcp-Session-Id")
	}
	b, _ := io.ReadAll(resp.Body)
	text := string(b)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		text = ""
		for _, line := range strings.Split(string(b), "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				text = data
			}
		}
	}
	return resp.StatusCode, strings.TrimSpace(text)
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`

// openSession initializes a session and returns it.
func openSession(t *testing.T, url string) *rawSession {
	t.Helper()
	s := &rawSession{t: t, url: url}
	if status, answer := s.post(initialize); status != 200 || s.id == "" {
		t.Fatalf("initialize: %d %s (session %q)", status, answer, s.id)
	}
	if status, answer := s.post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != 202 {
		t.Fatalf("initialized: %d %s", status, answer)
	}
	return s
}

func sessions(s *mcp.Server) int {
	n := 0
	for range s.Sessions() {
		n++
	}
	return n
}

// TestHTTPEnvelopeExact: over streamable HTTP the envelope around the
// arguments is exact too: a second "name" or "arguments" in a tools/call,
// or bytes after the message, is refused with a JSON-RPC error (the
// SDK would run the last "name" with the last "arguments"), and the
// dispatcher sees none of them.
func TestHTTPEnvelopeExact(t *testing.T) {
	s, obs := fixtureServer(t, stitch.Options{})
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, nil))
	defer srv.Close()
	sess := openSession(t, srv.URL)
	tests := []struct {
		name, body string
		status     int
		answer     string
	}{
		{"name twice", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"a"},"name":"place_order"}}`, 400,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"arguments twice", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"place_order","arguments":{"customerId":1},"arguments":{"customerId":2}}}`, 400,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"arguments\" twice"}}`},
		{"bytes after the message", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"b"}}}{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"place_order","arguments":{"customerId":9}}}`, 400,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 96"}}`},
		{"too deep", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ping","arguments":{"echo":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}}}`, 400,
			`{"jsonrpc":"2.0","id":6,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},
		{"still served", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ping","arguments":{"echo":"c"}}}`, 200,
			`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"pong c"}]}}`},
	}
	for _, tc := range tests {
		if status, answer := sess.post(tc.body); status != tc.status || answer != tc.answer {
			t.Errorf("%s:\n got %d %.300s\nwant %d %s", tc.name, status, answer, tc.status, tc.answer)
		}
	}
	if got, want := obs.list(), []string{`ping {"echo":"c"}`}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the dispatcher saw %q, want %q", got, want)
	}
}

// TestHTTPClientSurvivesRefusal: the go-sdk client takes each refusal as
// the failure of that one call and keeps its session: a body over the
// cap (413) and a server without room (503).
func TestHTTPClientSurvivesRefusal(t *testing.T) {
	s, _ := fixtureServer(t, stitch.Options{})
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, &stitchgosdk.HTTPOptions{HTTPOptions: wire.HTTPOptions{MaxBodyBytes: 64 << 10}}))
	defer srv.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	_, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: json.RawMessage(`{"echo":"` + strings.Repeat("x", 100<<10) + `"}`)})
	if err == nil || !strings.Contains(err.Error(), "the request body is 102") || !strings.Contains(err.Error(), "more than the limit of 65536") {
		t.Errorf("a call over the body cap: %v", err)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ping", Arguments: json.RawMessage(`{"echo":"again"}`)})
	if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "pong again" {
		t.Errorf("the session did not survive: %+v %v", res, err)
	}
}

// TestHTTPIdleSessionsReclaimed: sessions a client opens and abandons are
// closed after the session timeout.
func TestHTTPIdleSessionsReclaimed(t *testing.T) {
	s, _ := fixtureServer(t, stitch.Options{})
	// Long enough for a loaded machine to send initialized after
	// initialize: a session idle for longer between them is closed, and
	// openSession fails.
	const timeout = 3 * time.Second
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, &stitchgosdk.HTTPOptions{SessionTimeout: timeout}))
	defer srv.Close()
	const n = 50
	for range n {
		openSession(t, srv.URL)
	}
	// The sessions' closing has no event to wait on: the count is read
	// again every 20 ms.
	deadline := patience(t)
	for sessions(s) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if left := sessions(s); left != 0 {
		t.Errorf("%d of %d abandoned sessions are still open long after a session timeout of %v", left, n, timeout)
	}
}

// TestHTTPMaxSessions: beyond MaxSessions a new session is refused with
// 503 (the request's id in the JSON-RPC error); once one closes, a new one
// gets in.
func TestHTTPMaxSessions(t *testing.T) {
	s, _ := fixtureServer(t, stitch.Options{})
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, &stitchgosdk.HTTPOptions{MaxSessions: 3}))
	defer srv.Close()
	var open []*rawSession
	for range 3 {
		open = append(open, openSession(t, srv.URL))
	}
	extra := &rawSession{t: t, url: srv.URL}
	status, answer := extra.post(initialize)
	if want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"the server has its limit of 3 sessions; try again later"}}`; status != 503 || answer != want {
		t.Errorf("a fourth session: %d %s\nwant 503 %s", status, answer, want)
	}
	req, _ := http.NewRequest("DELETE", srv.URL, nil)
	req.Header.Set("Mcp-Session-Id", open[0].id)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	deadline := patience(t)
	for sessions(s) > 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	openSession(t, srv.URL)
}

// TestHTTPSlowBody: bodies that arrive a byte at a time are cut at the
// read timeout with 408 and their connections closed, many at once, on
// the server ListenAndServe runs.
func TestHTTPSlowBody(t *testing.T) {
	s, _ := fixtureServer(t, stitch.Options{})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	opt := &stitchgosdk.HTTPOptions{HTTPOptions: wire.HTTPOptions{ReadTimeout: 500 * time.Millisecond}}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- stitchgosdk.Serve(ctx, s, ln, opt) }()
	defer func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve = %v", err)
		}
	}()
	const conns = 20
	var wg sync.WaitGroup
	var mu sync.Mutex
	closed := 0
	for range conns {
		wg.Go(func() {
			if slowBodyClosed(t, ln.Addr().String()) {
				mu.Lock()
				closed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if closed != conns {
		t.Errorf("%d of %d connections sending a byte every 100ms were closed within 2 minutes (read timeout 500ms)", closed, conns)
	}
}

// slowBodyClosed sends a POST whose body of 100 kB comes a byte every
// 100 ms (it would take hours) and reports whether the server answered 408
// and closed the connection within 2 minutes: however late a loaded
// machine fires the read timeout, the server is the one that times out.
func slowBodyClosed(t *testing.T, addr string) bool {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Error(err)
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n")
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := c.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return false
	}
	io.Copy(io.Discard, resp.Body)
	_, err = io.ReadAll(c)
	var ne net.Error
	return resp.StatusCode == 408 && !(errors.As(err, &ne) && ne.Timeout())
}

// TestHTTPDefaults: the zero options give the documented server
// timeouts, and none that would cut a stream.
func TestHTTPDefaults(t *testing.T) {
	srv := stitchgosdk.NewHTTPServer(http.NotFoundHandler(), nil)
	if srv.ReadHeaderTimeout != 10*time.Second || srv.IdleTimeout != 120*time.Second || srv.ReadTimeout != 0 || srv.WriteTimeout != 0 {
		t.Errorf("server timeouts: header %v, idle %v, read %v, write %v", srv.ReadHeaderTimeout, srv.IdleTimeout, srv.ReadTimeout, srv.WriteTimeout)
	}
	srv = stitchgosdk.NewHTTPServer(http.NotFoundHandler(), &stitchgosdk.HTTPOptions{ServerOptions: wire.ServerOptions{ReadHeaderTimeout: -1, IdleTimeout: time.Second}})
	if srv.ReadHeaderTimeout != 0 || srv.IdleTimeout != time.Second {
		t.Errorf("overridden: header %v, idle %v", srv.ReadHeaderTimeout, srv.IdleTimeout)
	}
}

// patience is how long a test waits for something that must happen:
// until shortly before the test binary's own deadline (go test -timeout),
// so that a machine that is slow, however loaded, never fails a wait, and
// one that is stuck fails it with a message rather than a goroutine dump.
func patience(t *testing.T) time.Time {
	if d, ok := t.Deadline(); ok {
		return d.Add(-10 * time.Second)
	}
	return time.Now().Add(5 * time.Minute)
}
