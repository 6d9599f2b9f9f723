package bench

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/cputime"
)

// BenchmarkServerInProcess: the servers of BenchmarkEndToEnd (e2eHandler)
// called in the benchmark's own process, one tools/call after another in
// one session, without a network or a client: what the server's handler
// stack costs a call (cpu-ns/op, the process's CPU time), which the
// end-to-end benchmark measures with the loopback, net/http and the
// scheduler's wake-ups around it. Run with GOMAXPROCS=1 for the least
// noise; make bench does not run it.
func BenchmarkServerInProcess(b *testing.B) {
	call := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_products","arguments":` + string(Shapes[0].Doc) + `}}`
	var in STwin
	if err := json.Unmarshal(Shapes[0].Doc, &in); err != nil {
		b.Fatal(err)
	}
	answer, _ := json.Marshal(e2eAnswer(in.Query, in.Limit))
	want := `"text":` + string(answer)
	for _, impl := range e2eImpls {
		b.Run(impl, func(b *testing.B) {
			h, err := e2eHandler(impl)
			if err != nil {
				b.Fatal(err)
			}
			sid := ""
			post := func(body string) *httptest.ResponseRecorder {
				r := httptest.NewRequest(http.MethodPost, "/mcp", strings.NewReader(body))
				r.Header.Set("Content-Type", "application/json")
				r.Header.Set("Accept", "application/json, text/event-stream")
				if sid != "" {
					r.Header.Set("Mcp-Session-Id", sid)
					r.Header.Set("Mcp-Protocol-Version", e2eRevision)
				}
				w := httptest.NewRecorder()
				h.ServeHTTP(w, r)
				return w
			}
			w := post(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + e2eRevision + `","capabilities":{"roots":{"listChanged":true}},"clientInfo":{"name":"bench-client","version":"v0.0.0"}}}`)
			if w.Code != http.StatusOK {
				b.Fatalf("initialize: %d %s", w.Code, w.Body)
			}
			sid = w.Header().Get("Mcp-Session-Id")
			if w := post(`{"jsonrpc":"2.0","method":"notifications/initialized"}`); w.Code != http.StatusAccepted {
				b.Fatalf("notifications/initialized: %d %s", w.Code, w.Body)
			}
			if w := post(call); w.Code != http.StatusOK || !strings.Contains(w.Body.String(), want) {
				b.Fatalf("tools/call: %d %s, want a text of %s", w.Code, w.Body, want)
			}
			b.ReportAllocs()
			cpu0 := cputime.Process()
			for b.Loop() {
				post(call)
			}
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}
