package wire_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/internal/cputime"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// BenchmarkGuard: one small tools/call after another on a keep-alive
// connection over loopback, to a handler that answers as mcp-go's
// streamable-HTTP handler does (a JSON body, no flush), bare and behind
// Guard with its defaults. The difference is what Guard costs a call.
func BenchmarkGuard(b *testing.B) {
	const call = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_order","arguments":{"orderId":"o-1"}}}`
	answer := []byte(`{"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"orderId\":\"o-1\",\"status\":\"shipped\"}"}],"structuredContent":{"orderId":"o-1","status":"shipped"}}}`)
	next := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := io.Copy(io.Discard, r.Body); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		w.Write(answer)
	})
	for _, bc := range []struct {
		name string
		h    http.Handler
	}{
		{"bare", next},
		{"guard", wire.Guard(next, wire.HTTPOptions{})},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			srv := httptest.NewServer(bc.h)
			defer srv.Close()
			client := srv.Client()
			chunked := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				resp, err := client.Post(srv.URL, "application/json", strings.NewReader(call))
				if err != nil {
					b.Fatal(err)
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || n != int64(len(answer)) {
					b.Fatalf("got %d with %d bytes", resp.StatusCode, n)
				}
				if resp.ContentLength < 0 {
					chunked++
				}
			}
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(chunked)/float64(b.N), "chunked/op")
		})
	}
}

// BenchmarkCheck: Check on a tools/call as a client sends it.
func BenchmarkCheck(b *testing.B) {
	msg := []byte(`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"search_products","arguments":{"query":"wireless noise cancelling headphones","category":"electronics","maxPriceCents":25000,"limit":20,"offset":40,"tags":["bluetooth","over-ear","anc","foldable"],"inStock":true},"_meta":{"progressToken":12}}}`)
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	for b.Loop() {
		if e := wire.Check(msg, 0); e != nil {
			b.Fatal(e)
		}
	}
}
