package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkEndToEnd times tools/call over streamable HTTP on loopback:
// BenchmarkEndToEnd/sessions=<n>/<impl>, n go-sdk client sessions calling
// at once, each impl a server process of its own (e2eImpls). It reports
// calls/s and the server's CPU time per call (server-cpu-ns/op).
// cmd/report runs it interleaved and writes docs/benchmarks.md; when the
// environment sets STITCH_BENCH_E2E_REVERSE=1 the impls run in reverse
// order, which cmd/report alternates between rounds.
func BenchmarkEndToEnd(b *testing.B) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	impls := slices.Clone(e2eImpls)
	if os.Getenv("STITCH_BENCH_E2E_REVERSE") == "1" {
		slices.Reverse(impls)
	}
	servers := map[string]*e2eServer{}
	defer func() {
		for _, srv := range servers {
			srv.stop()
		}
	}()
	for _, impl := range impls {
		srv, err := startE2E(exe, impl)
		if err != nil {
			b.Fatal(err)
		}
		servers[impl] = srv
	}
	// Enough idle connections for every session: the go-sdk client's
	// requests of one session may overlap (its event stream).
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512}}
	defer client.CloseIdleConnections()
	args := json.RawMessage(Shapes[0].Doc) // S
	var in STwin
	if err := json.Unmarshal(args, &in); err != nil {
		b.Fatal(err)
	}
	want := e2eAnswer(in.Query, in.Limit)
	for _, n := range []int{1, 8, 64} {
		b.Run("sessions="+strconv.Itoa(n), func(b *testing.B) {
			for _, impl := range impls {
				b.Run(impl, func(b *testing.B) { benchE2E(b, servers[impl], client, n, args, want) })
			}
		})
	}
}

// e2eRevision is the protocol revision of the end-to-end benchmark's
// sessions.
const e2eRevision = "2025-11-25"

// benchE2E opens n sessions to srv and makes b.N calls, spread over
// them, all sessions calling at once.
func benchE2E(b *testing.B, srv *e2eServer, client *http.Client, n int, args json.RawMessage, want string) {
	ctx := context.Background()
	sessions := make([]*gosdk.ClientSession, n)
	for i := range sessions {
		c := gosdk.NewClient(&gosdk.Implementation{Name: "bench-client", Version: "v0.0.0"}, nil)
		// Every server is measured under the revision they all serve,
		// 2025-11-25, with a session: the go-sdk client would otherwise
		// choose 2026-07-28 where the server offers it (the adapters do,
		// the SDKs' default handlers do not), which the go-sdk serves
		// statelessly, a new server session per request, and the ratios
		// would compare two protocols (decision 0039).
		cs, err := c.Connect(ctx, &gosdk.StreamableClientTransport{Endpoint: srv.url + "/mcp", HTTPClient: client},
			&gosdk.ClientSessionOptions{ProtocolVersion: e2eRevision})
		if err != nil {
			b.Fatal(err)
		}
		defer cs.Close()
		sessions[i] = cs
	}
	params := &gosdk.CallToolParams{Name: "search_products", Arguments: args}
	call := func(cs *gosdk.ClientSession) string {
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			return err.Error()
		}
		if res.IsError || len(res.Content) != 1 {
			return "an unexpected result"
		}
		if t, ok := res.Content[0].(*gosdk.TextContent); !ok || t.Text != want {
			return "an unexpected result"
		}
		return ""
	}
	for _, cs := range sessions { // every session works before the clock starts
		if msg := call(cs); msg != "" {
			b.Fatal(msg)
		}
	}
	cpu0, err := srv.cpu(client)
	if err != nil {
		b.Fatal(err)
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	var failed atomic.Pointer[string]
	var wg sync.WaitGroup
	b.ResetTimer()
	start := time.Now()
	for _, cs := range sessions {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if msg := call(cs); msg != "" {
					failed.CompareAndSwap(nil, &msg)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if msg := failed.Load(); msg != nil {
		b.Fatal(*msg)
	}
	cpu1, err := srv.cpu(client)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "calls/s")
	b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "server-cpu-ns/op")
}

// An e2eServer is a server process of one impl.
type e2eServer struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	url   string
}

// startE2E starts the test binary exe as the server of impl and waits for
// its address.
func startE2E(exe, impl string) (*e2eServer, error) {
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), e2eServeEnv+"="+impl)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	srv := &e2eServer{cmd: cmd, stdin: stdin}
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		srv.stop()
		return nil, err
	}
	srv.url = "http://" + strings.TrimSpace(addr)
	return srv, nil
}

// cpu returns the server process's CPU time so far.
func (s *e2eServer) cpu(client *http.Client) (time.Duration, error) {
	resp, err := client.Get(s.url + "/cpu")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, err
	}
	ns, err := strconv.ParseInt(string(b), 10, 64)
	return time.Duration(ns), err
}

// stop ends the server process: it returns when its standard input
// closes.
func (s *e2eServer) stop() {
	s.stdin.Close()
	done := make(chan struct{})
	go func() {
		s.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}
