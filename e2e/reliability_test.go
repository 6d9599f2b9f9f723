package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/examples/shop/shop"
	"github.com/stitchgen/stitchgen/stitch"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// The reliability tests serve the shop over the adapter's serving entry
// points (stitchgosdk.HTTPHandler on a loopback listener, the examples'
// serve command over stdio) with the defaults of docs/serving.md and
// throw at them what a real deployment meets: many sessions with valid,
// invalid, panicking and hanging calls, a 100 MB body, a document nested a
// million levels deep, a burst of large calls, malformed stdio lines. They
// take seconds and assert no timing: every wait has a generous deadline.

// serveShop serves a recording shop on a loopback port with the adapter's
// HTTP defaults (changed by opt) and returns its URL.
func serveShop(t *testing.T, h *recordingShop, sopt stitch.Options, opt *stitchgosdk.HTTPOptions) (string, *mcp.Server) {
	t.Helper()
	server := newServer(t, shop.StitchTools(h), sopt)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- stitchgosdk.Serve(ctx, server, ln, opt) }()
	t.Cleanup(func() {
		cancel()
		if err := <-served; err != nil {
			t.Errorf("Serve = %v", err)
		}
	})
	return "http://" + ln.Addr().String() + "/", server
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

// waitGoroutines waits (with patience) for the goroutine count to fall to
// at most want and returns it. The count has no event to wait on: it is
// read again every 20 ms.
func waitGoroutines(t *testing.T, want int) int {
	deadline := patience(t)
	n := runtime.NumGoroutine()
	for n > want && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// goroutineSlack is what the goroutine count may exceed its baseline by
// once everything is closed: the loopback server's own, the HTTP client's
// idle connections on their way out.
const goroutineSlack = 8

// TestReliabilitySessions: 16 go-sdk client sessions over streamable HTTP
// make 256 calls at once: valid orders, invalid ones, panicking and
// hanging handlers (which ignore their context); beside them, raw requests
// with a repeated "name" that the server refuses. Every call is answered
// as it should be, the observers see every call that reached the
// dispatcher and the late outcome of every abandoned handler, and the
// goroutines go back to the baseline: with the hanging handlers still
// blocked, up to them; once released, all the way.
func TestReliabilitySessions(t *testing.T) {
	base := runtime.NumGoroutine()
	const sessions, perSession = 16, 16
	var after atomic.Int64
	var refused atomic.Int64
	late := make(chan struct{}, sessions*perSession) // one for each abandoned handler that returns
	h := newRecordingShop(t)
	// 256 calls at once are more than the 128 let in at a time: the others
	// wait for room, up to a MaxWait raised so that a loaded machine
	// cannot turn a wait into a 503. A deadline of 2 s that no valid call
	// reaches, however loaded the machine.
	url, _ := serveShop(t, h, stitch.Options{
		Timeout: 2 * time.Second,
		After:   func(context.Context, *stitch.Call) { after.Add(1) },
		Late:    func(context.Context, *stitch.Call) { late <- struct{}{} },
	}, &stitchgosdk.HTTPOptions{HTTPOptions: wire.HTTPOptions{MaxWait: time.Minute, Refused: func(*http.Request, int, *wire.Error) { refused.Add(1) }}})
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	var wg sync.WaitGroup
	var hangs, raw atomic.Int64
	for s := range sessions {
		wg.Go(func() {
			cs, err := mcp.NewClient(&mcp.Implementation{Name: "r" + strconv.Itoa(s), Version: "v0"}, nil).
				Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: hc}, nil)
			if err != nil {
				t.Errorf("session %d: %v", s, err)
				return
			}
			defer cs.Close()
			var calls sync.WaitGroup
			for c := range perSession {
				i := s*perSession + c + 1
				if i%3 != 0 && i%8 == 1 { // concurrentCall's hanging calls
					hangs.Add(1)
				}
				calls.Go(func() { concurrentCall(t, cs, i) })
			}
			// A tools/call with "name" twice, which no SDK client sends.
			raw.Add(1)
			body := `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"},"name":"cancel_order"}}`
			status, answer := rawPost(t, hc, url, cs.ID(), body)
			if want := `{"jsonrpc":"2.0","id":99,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`; status != 400 || answer != want {
				t.Errorf("session %d, name twice: %d %s", s, status, answer)
			}
			calls.Wait()
		})
	}
	wg.Wait()
	hc.CloseIdleConnections()
	total := int64(sessions * perSession)
	if after.Load() != total || refused.Load() != raw.Load() {
		t.Errorf("the After observer saw %d of %d calls, Refused %d of %d refusals", after.Load(), total, refused.Load(), raw.Load())
	}
	abandoned := int(hangs.Load())
	n := waitGoroutines(t, base+abandoned+goroutineSlack)
	t.Logf("goroutines: %d before, %d after the sessions closed with %d handlers still hanging", base, n, abandoned)
	if n > base+abandoned+goroutineSlack {
		t.Errorf("%d goroutines after the sessions closed, baseline %d + %d hanging handlers", n, base, abandoned)
	}
	for range abandoned {
		h.release <- struct{}{}
	}
	deadline := time.NewTimer(time.Until(patience(t)))
	defer deadline.Stop()
	for i := range abandoned {
		select {
		case <-late:
		case <-deadline.C:
			t.Fatalf("the Late observer saw %d of %d abandoned handlers return", i, abandoned)
		}
	}
	n = waitGoroutines(t, base+goroutineSlack)
	t.Logf("goroutines: %d once the hanging handlers returned", n)
	if n > base+goroutineSlack {
		t.Errorf("%d goroutines once the hanging handlers returned, baseline %d", n, base)
	}
}

// TestReliabilityIdleSessions: 2,000 sessions that a client opens and
// abandons cost memory and a goroutine each until the session timeout
// closes them; then the goroutines go back to the baseline.
func TestReliabilityIdleSessions(t *testing.T) {
	base := runtime.NumGoroutine()
	url, server := serveShop(t, newRecordingShop(t), stitch.Options{}, &stitchgosdk.HTTPOptions{SessionTimeout: 3 * time.Second})
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	runtime.GC()
	var before, open runtime.MemStats
	runtime.ReadMemStats(&before)
	const n = 2000
	for range n {
		rawSession(t, hc, url)
	}
	hc.CloseIdleConnections()
	runtime.GC()
	runtime.ReadMemStats(&open)
	count := func() int {
		k := 0
		for range server.Sessions() {
			k++
		}
		return k
	}
	// Sessions opened first may have timed out already on a slow machine.
	k := max(1, count())
	heap := int64(open.HeapAlloc) - int64(before.HeapAlloc)
	fmt.Printf("reliability: %d abandoned sessions, %d still open: +%d KiB of heap (%d B a session), +%d goroutines\n",
		n, k, heap>>10, heap/int64(k), runtime.NumGoroutine()-base)
	// The sessions' closing has no event to wait on: the count is read
	// again every 50 ms.
	deadline := patience(t)
	for count() > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if left := count(); left != 0 {
		t.Errorf("%d of %d abandoned sessions still open long after a session timeout of 3s", left, n)
	}
	if g := waitGoroutines(t, base+goroutineSlack); g > base+goroutineSlack {
		t.Errorf("%d goroutines once the sessions closed, baseline %d", g, base)
	}
}

// rawPost posts body in session sid and returns the status and the
// JSON-RPC message of the answer.
func rawPost(t *testing.T, hc *http.Client, url, sid, body string) (int, string) {
	t.Helper()
	return rawPostReader(t, hc, url, sid, strings.NewReader(body), int64(len(body)))
}

func rawPostReader(t *testing.T, hc *http.Client, url, sid string, body io.Reader, n int64) (int, string) {
	t.Helper()
	req, err := http.NewRequest("POST", url, body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = n
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if sid != "" {
		req.Header.Set("Mcp-Session-Id", sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	}
	resp, err := hc.Do(req)
	if err != nil {
		t.Errorf("POST: %v", err)
		return 0, ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	text := strings.TrimSpace(string(b))
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		for _, line := range strings.Split(string(b), "\n") {
			if data, ok := strings.CutPrefix(line, "data: "); ok {
				text = data
			}
		}
	}
	return resp.StatusCode, text
}

// rawSession opens a session with hand-written requests and returns its
// id.
func rawSession(t *testing.T, hc *http.Client, url string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"v0"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if status, answer := rawPost(t, hc, url, sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); status != 202 {
		t.Fatalf("initialized: %d %s", status, answer)
	}
	return sid
}

// memory measures the peak resident set of the process from a start:
// Linux's VmHWM after resetting it (/proc/self/clear_refs), or, where that
// is refused, the highest VmRSS sampled every 5 ms; and the Go heap.
type memory struct {
	start   int64 // KiB
	hwm     bool
	stop    chan struct{}
	sampled atomic.Int64
}

func procKiB(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return -1
}

func measure(t *testing.T) *memory {
	if procKiB("VmRSS") < 0 {
		t.Skip("no /proc/self/status: the peak RSS cannot be read here")
	}
	runtime.GC()
	debug.FreeOSMemory()
	m := &memory{stop: make(chan struct{})}
	m.hwm = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	m.start = procKiB("VmRSS")
	m.sampled.Store(m.start)
	go func() {
		for {
			select {
			case <-m.stop:
				return
			case <-time.After(5 * time.Millisecond):
				if r := procKiB("VmRSS"); r > m.sampled.Load() {
					m.sampled.Store(r)
				}
			}
		}
	}()
	return m
}

// peak ends the measure and returns the peak RSS and the start, in MiB.
func (m *memory) peak() (peak, start int64) {
	close(m.stop)
	p := m.sampled.Load()
	if m.hwm {
		p = max(p, procKiB("VmHWM"))
	}
	return p >> 10, m.start >> 10
}

// TestReliabilityLargeBodies: a 100 MB body (with a Content-Length, and
// chunked) and a document nested a million levels deep are answered with a
// JSON-RPC error while memory stays bounded: the body is refused at the
// cap of 4 MiB, the nesting at 1000 levels, before the SDK reads either;
// and the session goes on.
func TestReliabilityLargeBodies(t *testing.T) {
	url, _ := serveShop(t, newRecordingShop(t), stitch.Options{}, nil)
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	sid := rawSession(t, hc, url)
	const size = 100 << 20
	prefix := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"`
	m := measure(t)
	status, answer := rawPostReader(t, hc, url, sid, io.MultiReader(strings.NewReader(prefix), &repeat{b: 'x', n: size}), int64(len(prefix)+size))
	if want := `{"jsonrpc":"2.0","id":2,"error":{"code":-32700,"message":"the request body is 104857699 bytes long, more than the limit of 4194304"}}`; status != 413 || answer != want {
		t.Errorf("100 MB with a Content-Length: %d %s", status, answer)
	}
	status, answer = rawPostReader(t, hc, url, sid, io.MultiReader(strings.NewReader(prefix), &repeat{b: 'x', n: size}), -1)
	if want := `{"jsonrpc":"2.0","id":2,"error":{"code":-32700,"message":"the request body is more than the limit of 4194304 bytes long"}}`; status != 413 || answer != want {
		t.Errorf("100 MB chunked: %d %s", status, answer)
	}
	deep := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"place_order","arguments":{"items":` + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}}}`
	status, answer = rawPost(t, hc, url, sid, deep)
	if want := `{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`; status != 400 || answer != want {
		t.Errorf("a million levels: %d %s", status, answer)
	}
	peak, start := m.peak()
	fmt.Printf("reliability: a 100 MB body (twice) and a 1e6-deep document: peak RSS %d MiB (%d MiB at the start, +%d MiB)\n", peak, start, peak-start)
	if peak-start > 128 && !raceEnabled {
		t.Errorf("peak RSS grew by %d MiB for bodies refused at 4 MiB", peak-start)
	}
	if status, answer := rawPost(t, hc, url, sid, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`); status != 200 || !strings.Contains(answer, `no order o-1`) {
		t.Errorf("the session after: %d %s", status, answer)
	}
}

// repeat yields n copies of b.
type repeat struct {
	b byte
	n int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range k {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

// TestReliabilityBurst: 64 concurrent calls of 3.9 MB each (within the
// body cap, over the dispatcher's argument cap of 1 MiB) in one session
// are all answered with the size issue, while the body bytes in flight are
// bounded (64 MiB by default: about 16 such calls at once). It prints the
// peak RSS, and the heap the session still holds after a GC. MaxWait is
// raised so that a loaded machine cannot turn the burst into 503s; the
// test is about memory. Under the race detector it makes 16 calls and
// bounds nothing.
func TestReliabilityBurst(t *testing.T) {
	var after atomic.Int64
	url, _ := serveShop(t, newRecordingShop(t), stitch.Options{After: func(context.Context, *stitch.Call) { after.Add(1) }},
		&stitchgosdk.HTTPOptions{HTTPOptions: wire.HTTPOptions{MaxWait: 2 * time.Minute}})
	hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer hc.CloseIdleConnections()
	sid := rawSession(t, hc, url)
	n := 64
	if raceEnabled {
		n = 16
	}
	const size = 3_900_000
	// One copy of the large part for every request: the client side adds
	// no 250 MB of its own to the measure.
	orderID := bytes.Repeat([]byte("x"), size)
	rest := []byte(`,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"`)
	m := measure(t)
	start := time.Now()
	var wg sync.WaitGroup
	var ok atomic.Int64
	for i := range n {
		wg.Go(func() {
			head := []byte(`{"jsonrpc":"2.0","id":` + strconv.Itoa(100+i))
			tail := []byte(`"}}}`)
			body := io.MultiReader(bytes.NewReader(head), bytes.NewReader(rest), bytes.NewReader(orderID), bytes.NewReader(tail))
			status, answer := rawPostReader(t, hc, url, sid, body, int64(len(head)+len(rest)+size+len(tail)))
			var msg struct {
				ID     int `json:"id"`
				Result struct {
					IsError bool `json:"isError"`
					Content []struct {
						Text string `json:"text"`
					} `json:"content"`
				} `json:"result"`
			}
			if json.Unmarshal([]byte(answer), &msg) != nil || status != 200 || msg.ID != 100+i || !msg.Result.IsError ||
				len(msg.Result.Content) != 1 || !strings.Contains(msg.Result.Content[0].Text, `"code":"size"`) {
				t.Errorf("call %d: %d %.300s", i, status, answer)
				return
			}
			ok.Add(1)
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	peak, base := m.peak()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("reliability: %d concurrent calls of %.1f MB: %d answered with the size issue in %v, peak RSS %d MiB (%d MiB at the start, +%d MiB); heap after GC with the session open %d MiB\n",
		n, float64(size)/1e6, ok.Load(), elapsed.Round(time.Millisecond), peak, base, peak-base, ms.HeapAlloc>>20)
	if after.Load() != int64(n) {
		t.Errorf("the observer saw %d of %d calls", after.Load(), n)
	}
	if peak-base > 512 && !raceEnabled {
		t.Errorf("peak RSS grew by %d MiB for %d calls of 3.9 MB with 64 MiB of bodies in flight", peak-base, n)
	}
}

// TestReliabilityStdio: the examples' serve command over stdio, as a host
// starts it, answers every line it cannot take (malformed, a million
// levels deep, a repeated "name", over the 16 MiB line limit) with a
// JSON-RPC error and the request's id, and goes on serving.
func TestReliabilityStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the example")
	}
	bin := filepath.Join(t.TempDir(), "serve")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/stitchgen/stitchgen/examples/serve").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("serve ended with %v", err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("serve did not end within 10s of its stdin")
		}
	}()
	out := bufio.NewReaderSize(outPipe, 1<<20)
	send := func(line string) string {
		t.Helper()
		if _, err := io.WriteString(in, line+"\n"); err != nil {
			t.Fatalf("writing %.80s: %v", line, err)
		}
		got := make(chan string, 1)
		go func() {
			s, err := out.ReadString('\n')
			if err != nil {
				s = "read error: " + err.Error()
			}
			got <- strings.TrimSuffix(s, "\n")
		}()
		select {
		case s := <-got:
			return s
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer within 10s to %.80s", line)
			return ""
		}
	}
	if got := send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"v0"}}}`); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1,"result":`) {
		t.Fatalf("initialize: %s", got)
	}
	io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	deep := strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000)
	for _, tc := range []struct{ name, line, want string }{
		{"malformed", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_order"`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32700,"message":"the message ends early, at byte 74, in an object"}}`},
		{"a million levels", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"place_order","arguments":{"items":` + deep + `}}}`,
			`{"jsonrpc":"2.0","id":3,"error":{"code":-32700,"message":"the message nests deeper than 1000 levels"}}`},
		{"name twice", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"},"name":"cancel_order"}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"the params of \"tools/call\" have the key \"name\" twice"}}`},
		{"over 16 MiB", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"` + strings.Repeat("x", 17<<20) + `"}}}`,
			`{"jsonrpc":"2.0","id":5,"error":{"code":-32700,"message":"the message is 17825895 bytes long, more than the limit of 16777216"}}`},
		{"still serving", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`,
			`{"jsonrpc":"2.0","id":6,"result":{"content":[{"type":"text","text":"{\"error\":\"TOOL_ERROR\",\"message\":\"no order o-1; place_order returns the order id\",\"hint\":\"The tool could not complete the request. Read the message and change the arguments or the approach before retrying.\"}"}],"isError":true}}`},
	} {
		if got := send(tc.line); got != tc.want {
			t.Errorf("%s:\n got %.300s\nwant %s", tc.name, got, tc.want)
		}
	}
}
