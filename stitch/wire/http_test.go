package wire_test

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stitchgen/stitchgen/stitch/wire"
)

// seen is a next handler that records what reached it and answers 200.
type seen struct {
	mu     sync.Mutex
	bodies []string
	hold   chan struct{} // when set, each request waits for a value
}

func (s *seen) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), 500)
		return
	}
	s.mu.Lock()
	s.bodies = append(s.bodies, r.Method+" "+strconv.FormatInt(r.ContentLength, 10)+" "+string(b))
	s.mu.Unlock()
	if s.hold != nil {
		<-s.hold
	}
	io.WriteString(w, "ok")
}

func (s *seen) got() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.bodies...)
}

// do sends a request and returns its status, Content-Type and body.
func do(t *testing.T, method, url string, body io.Reader, n int64) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		req.ContentLength = n
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// chunked hides a reader's length, so the request is sent chunked.
type chunked struct{ io.Reader }

// endless yields prefix and then x forever.
type endless struct {
	prefix []byte
	n      int64
}

func (e *endless) Read(p []byte) (int, error) {
	k := 0
	if len(e.prefix) > 0 {
		k = copy(p, e.prefix)
		e.prefix = e.prefix[k:]
	}
	for ; k < len(p); k++ {
		p[k] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestGuardBody(t *testing.T) {
	next := &seen{}
	var refused []string
	var mu sync.Mutex
	srv := httptest.NewServer(wire.Guard(next, wire.HTTPOptions{MaxBodyBytes: 1024, Refused: func(r *http.Request, status int, e *wire.Error) {
		mu.Lock()
		refused = append(refused, strconv.Itoa(status)+" "+strconv.Itoa(e.Code))
		mu.Unlock()
	}}))
	defer srv.Close()
	const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`
	tests := []struct {
		name   string
		method string
		body   io.Reader
		n      int64
		status int
		answer string
	}{
		{"a call", "POST", strings.NewReader(call), 0, 200, "ok"},
		{"a chunked call", "POST", chunked{strings.NewReader(call)}, 0, 200, "ok"},
		{"a GET", "GET", nil, 0, 200, "ok"},
		{"too large", "POST", strings.NewReader(strings.Repeat(" ", 1025)), 0, 413,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the request body is 1025 bytes long, more than the limit of 1024"}}`},
		{"too large and chunked", "POST", chunked{&endless{prefix: []byte(`{"jsonrpc":"2.0","id":"big","method":"tools/call","params":{"name":"t","arguments":{"s":"`)}}, 0, 413,
			`{"jsonrpc":"2.0","id":"big","error":{"code":-32700,"message":"the request body is more than the limit of 1024 bytes long"}}`},
		{"malformed", "POST", strings.NewReader(`{"jsonrpc":"2.0","id":8,`), 0, 400,
			`{"jsonrpc":"2.0","id":8,"error":{"code":-32700,"message":"the message ends early, at byte 24, in an object"}}`},
		{"name twice", "POST", strings.NewReader(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_order","arguments":{},"name":"cancel_order"}}`), 0, 400,
			`{"jsonrpc":"2.0","id":9,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"bytes after the message", "POST", strings.NewReader(call + `{"jsonrpc":"2.0","id":8,"method":"tools/call"}`), 0, 400,
			`{"jsonrpc":"2.0","id":7,"error":{"code":-32700,"message":"bytes after the JSON-RPC message, at byte 106"}}`},
		{"empty", "POST", strings.NewReader(""), 0, 400,
			`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the message is empty"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, h, answer := do(t, tc.method, srv.URL, tc.body, tc.n)
			if status != tc.status || answer != tc.answer {
				t.Errorf("got %d %s\nwant %d %s", status, answer, tc.status, tc.answer)
			}
			if status != 200 && h.Get("Content-Type") != "application/json" {
				t.Errorf("Content-Type %q", h.Get("Content-Type"))
			}
		})
	}
	if got, want := next.got(), []string{"POST 106 " + call, "POST 106 " + call, "GET 0 "}; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("next saw\n %q\nwant %q", got, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"413 -32700", "413 -32700", "400 -32700", "400 -32602", "400 -32700", "400 -32700"}; strings.Join(refused, ",") != strings.Join(want, ",") {
		t.Errorf("Refused saw %v, want %v", refused, want)
	}
}

// TestGuardSlowBody: a body that arrives a byte at a time is cut at the
// read timeout, with 408, and its connection closed, for each of many
// connections at once. The body would take over an hour to arrive and the client
// waits minutes for the answer: however late a loaded machine fires the
// 300ms timeout, the server is the one that times out.
func TestGuardSlowBody(t *testing.T) {
	srv := httptest.NewServer(wire.Guard(&seen{}, wire.HTTPOptions{ReadTimeout: 300 * time.Millisecond}))
	defer srv.Close()
	const conns = 20
	var wg sync.WaitGroup
	results := make(chan string, conns)
	for range conns {
		wg.Go(func() { results <- slowPost(t, srv.Listener.Addr().String()) })
	}
	wg.Wait()
	close(results)
	for r := range results {
		if want := "HTTP/1.1 408 Request Timeout; " + `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the request body did not arrive within 300ms"}}` + "; closed"; r != want {
			t.Errorf("got  %s\nwant %s", r, want)
		}
	}
}

// slowPost sends a POST whose body of 100 kB comes one byte every 50 ms and
// returns the status line, the body of the answer and whether the server
// closed the connection, which it must do within 2 minutes.
func slowPost(t *testing.T, addr string) string {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Error(err)
		return ""
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	io.WriteString(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
				if _, err := c.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return "no answer: " + err.Error()
	}
	b, _ := io.ReadAll(resp.Body)
	// The server closed the connection: the read ends (EOF, or a reset
	// when it closed with our bytes unread), not at our deadline.
	rest, err := io.ReadAll(c)
	closed := "closed"
	var ne net.Error
	if len(rest) > 0 || errors.As(err, &ne) && ne.Timeout() {
		closed = "open"
	}
	return resp.Proto + " " + resp.Status + "; " + string(b) + "; " + closed
}

// TestGuardInFlight: beyond MaxInFlight requests, or MaxInFlightBytes of
// bodies, a request waits; past MaxWait it gets 503 with Retry-After, and
// a waiting request gets in when one in flight ends.
func TestGuardInFlight(t *testing.T) {
	const body = `{"jsonrpc":"2.0","id":1,"method":"ping"}` // 40 bytes
	for _, tc := range []struct {
		name string
		opt  wire.HTTPOptions
		full int // requests that fill the limit
	}{
		{"count", wire.HTTPOptions{MaxInFlight: 2}, 2},
		{"bytes", wire.HTTPOptions{MaxInFlightBytes: 90}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, wait := range []time.Duration{200 * time.Millisecond, time.Minute} {
				next := &seen{hold: make(chan struct{})}
				opt := tc.opt
				opt.MaxWait = wait
				srv := httptest.NewServer(wire.Guard(next, opt))
				results := make(chan string, tc.full+1)
				post := func() {
					status, h, answer := do(t, "POST", srv.URL, strings.NewReader(body), 0)
					results <- strconv.Itoa(status) + " " + h.Get("Retry-After") + " " + answer
				}
				for range tc.full {
					go post()
				}
				deadline := patience(t)
				for len(next.got()) < tc.full && time.Now().Before(deadline) {
					time.Sleep(5 * time.Millisecond)
				}
				go post() // finds the limit full
				if wait < time.Second {
					want := `503 1 {"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"the server is busy: no room for the request within 200ms; try again later"}}`
					if r := <-results; r != want {
						t.Errorf("a request beyond the limit: %s\nwant %s", r, want)
					}
				}
				close(next.hold) // the requests in flight end; the waiting one gets in
				n := tc.full
				if wait > time.Second {
					n++
				}
				for range n {
					if r := <-results; r != "200  ok" {
						t.Errorf("wait %v: a request got %s", wait, r)
					}
				}
				srv.Close()
			}
		})
	}
}

// TestGuardWriteTimeout: a client that stops reading a large response
// makes the handler's write fail at the write timeout (instead of holding
// it for good); a stream that is quiet for longer than the timeout
// between writes is not cut.
func TestGuardWriteTimeout(t *testing.T) {
	// The quiet stream's server has a timeout a loaded machine cannot
	// miss for a small write; it stays quiet for longer than that.
	// On HTTP/2 as on HTTP/1: a write deadline that passes on an HTTP/2
	// stream resets it even when no write is in progress, so Guard must
	// not leave one armed between writes.
	const quietTimeout = 2 * time.Second
	for _, h2 := range []bool{false, true} {
		quiet := httptest.NewUnstartedServer(wire.Guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.WriteString(w, r.Proto+" one ")
			w.(http.Flusher).Flush()
			time.Sleep(quietTimeout + 500*time.Millisecond)
			io.WriteString(w, "two")
		}), wire.HTTPOptions{WriteTimeout: quietTimeout}))
		want := "HTTP/1.1 one two"
		if h2 {
			quiet.EnableHTTP2 = true
			quiet.StartTLS()
			want = "HTTP/2.0 one two"
		} else {
			quiet.Start()
		}
		resp, err := quiet.Client().Get(quiet.URL + "/quiet")
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != want || err != nil {
			t.Errorf("quiet stream: %d %q %v, want 200 %q", resp.StatusCode, b, err, want)
		}
		quiet.Close()
	}

	writeErr := make(chan error, 1)
	srv := httptest.NewServer(wire.Guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte("x"), 1<<20)
		for range 256 {
			if _, err := w.Write(chunk); err != nil {
				writeErr <- err
				return
			}
		}
		writeErr <- nil
	}), wire.HTTPOptions{WriteTimeout: 200 * time.Millisecond}))
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	select {
	case err := <-writeErr:
		if !errors.Is(err, errDeadline) && (err == nil || !strings.Contains(err.Error(), "timeout")) {
			t.Errorf("the write ended with %v, want a timeout", err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the write to a client that does not read did not time out within 2 minutes")
	}
}

// errDeadline stands for the deadline error, which net/http wraps.
var errDeadline = errors.New("i/o timeout")

// TestGuardBusyHold: while the in-flight limits are full, requests whose
// clients send only their headers, or trickle their bodies, are each
// answered with 503 and Retry-After once MaxWait is over (net/http does
// not read their bodies first) and their connections are closed; no
// goroutine is left behind.
func TestGuardBusyHold(t *testing.T) {
	const maxWait = 200 * time.Millisecond
	next := &seen{hold: make(chan struct{})}
	srv := httptest.NewServer(wire.Guard(next, wire.HTTPOptions{MaxInFlight: 2, MaxWait: maxWait, ReadTimeout: 500 * time.Millisecond}))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{}}
	base := runtime.NumGoroutine()

	// Two requests fill the limit and stay in the handler.
	const call = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	filled := make(chan string, 2)
	for range 2 {
		go func() {
			resp, err := client.Post(srv.URL, "application/json", strings.NewReader(call))
			if err != nil {
				filled <- err.Error()
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			filled <- resp.Status + " " + string(b)
		}()
	}
	deadline := patience(t)
	for len(next.got()) < 2 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := len(next.got()); n != 2 {
		t.Fatalf("%d requests reached the handler, want 2", n)
	}

	kinds := []struct {
		name, headers string
		trickle       string // written every 50 ms
	}{
		{"headers only", "Content-Length: 100000\r\n", ""},
		{"a trickled body", "Content-Length: 100000\r\n", " "}, // over an hour
		{"chunked, headers only", "Transfer-Encoding: chunked\r\n", ""},
		{"a trickled chunked body", "Transfer-Encoding: chunked\r\n", "1\r\n \r\n"},
	}
	const each = 5
	type answer struct {
		kind, got string
		after     time.Duration
	}
	answers := make(chan answer, len(kinds)*each)
	var wg sync.WaitGroup
	for _, k := range kinds {
		for range each {
			wg.Go(func() {
				got, after := busyPost(t, srv.Listener.Addr().String(), k.headers, k.trickle)
				answers <- answer{k.name, got, after}
			})
		}
	}
	wg.Wait()
	close(answers)
	want := "HTTP/1.1 503 Service Unavailable; Retry-After: 1; " +
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"the server is busy: no room for the request within 200ms; try again later"}}` + "; closed"
	var slowest time.Duration
	for a := range answers {
		if a.got != want {
			t.Errorf("%s: got  %s\nwant %s", a.kind, a.got, want)
		}
		slowest = max(slowest, a.after)
	}
	t.Logf("busy-hold: %d waiting requests answered, the slowest %v after its headers (MaxWait %v)", len(kinds)*each, slowest, maxWait)

	close(next.hold)
	for range 2 {
		if got := <-filled; got != "200 OK ok" {
			t.Errorf("a request in flight got %s", got)
		}
	}
	client.CloseIdleConnections()
	deadline = patience(t)
	n := runtime.NumGoroutine()
	for n > base && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	if n > base {
		t.Errorf("%d goroutines long after every request was answered, %d before", n, base)
	}
}

// busyPost sends the headers of a POST and then, if trickle is not
// empty, trickle every 50 ms; it returns the answer's status line,
// Retry-After and body, whether the server closed the connection (each
// within 2 minutes) and how long after the headers the answer came.
func busyPost(t *testing.T, addr, headers, trickle string) (string, time.Duration) {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Error(err)
		return "", 0
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	if _, err := io.WriteString(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"+headers+"\r\n"); err != nil {
		return "could not send the headers: " + err.Error(), 0
	}
	start := time.Now()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(stop)
	if trickle != "" {
		wg.Go(func() {
			tick := time.NewTicker(50 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					if _, err := io.WriteString(c, trickle); err != nil {
						return
					}
				}
			}
		})
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return "no answer: " + err.Error(), time.Since(start)
	}
	after := time.Since(start)
	b, _ := io.ReadAll(resp.Body)
	rest, err := io.ReadAll(c)
	closed := "closed"
	var ne net.Error
	if len(rest) > 0 || errors.As(err, &ne) && ne.Timeout() {
		closed = "open"
	}
	return resp.Proto + " " + resp.Status + "; Retry-After: " + resp.Header.Get("Retry-After") + "; " + string(b) + "; " + closed, after
}

// TestGuardContentLength: a small answer, the handler's or Guard's own,
// goes out with its Content-Length, not chunked (Guard does not flush at
// the end of a request).
func TestGuardContentLength(t *testing.T) {
	srv := httptest.NewServer(wire.Guard(&seen{}, wire.HTTPOptions{}))
	defer srv.Close()
	for _, body := range []string{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, `{"jsonrpc":"2.0","id":1,`} {
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.ContentLength != int64(len(b)) || resp.TransferEncoding != nil {
			t.Errorf("%s: %s with Content-Length %d and Transfer-Encoding %q, %d bytes", body, resp.Status, resp.ContentLength, resp.TransferEncoding, len(b))
		}
	}
}

// TestGuardDeadlineNotInherited: the write deadline Guard armed for an
// answer does not outlive it: the next request on the same connection,
// to a handler without Guard, may write long after it.
func TestGuardDeadlineNotInherited(t *testing.T) {
	// Long enough for a loaded machine to write the guarded answer: a
	// goroutine held off the CPU for longer would fail that write.
	const timeout = 2 * time.Second
	mux := http.NewServeMux()
	mux.Handle("/guarded", wire.Guard(&seen{}, wire.HTTPOptions{WriteTimeout: timeout}))
	mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "one ")
		w.(http.Flusher).Flush()
		// Guard armed its deadline before the guarded answer went out,
		// so before this request was read: past it, whatever the load.
		time.Sleep(timeout + 100*time.Millisecond)
		io.WriteString(w, "two")
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	c, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Minute))
	const call = `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	io.WriteString(c, "POST /guarded HTTP/1.1\r\nHost: x\r\nContent-Length: "+strconv.Itoa(len(call))+"\r\n\r\n"+call+
		"GET /plain HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	var got []string
	for range 2 {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			got = append(got, resp.Status+" "+string(b)+" ("+err.Error()+")")
			break
		}
		got = append(got, resp.Status+" "+string(b))
	}
	if want := "200 OK ok; 200 OK one two"; strings.Join(got, "; ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, "; "), want)
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
