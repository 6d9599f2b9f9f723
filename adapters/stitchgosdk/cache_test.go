package stitchgosdk_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// post2026 sends one request of revision 2026-07-28 (no session) and
// returns its result's ttlMs and cacheScope.
func post2026(t *testing.T, url, method string) (ttl any, scope any) {
	t.Helper()
	body := `{"jsonrpc":"2.0","id":1,"method":"` + method + `","params":{"_meta":{` +
		`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	req.Header.Set("Mcp-Method", method)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	msg := string(b)
	if i := strings.Index(msg, "data: "); i >= 0 {
		msg = strings.TrimSpace(msg[i+len("data: "):])
		msg, _, _ = strings.Cut(msg, "\n")
	}
	var m struct{ Result map[string]any }
	if err := json.Unmarshal([]byte(msg), &m); err != nil || m.Result == nil {
		t.Fatalf("%s: %s (%v)", method, b, err)
	}
	return m.Result["ttlMs"], m.Result["cacheScope"]
}

// ToolsCacheable sets the hints of tools/list and leaves the others.
func TestToolsCacheable(t *testing.T) {
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, &mcp.ServerOptions{
		SetCacheable: stitchgosdk.ToolsCacheable(5*time.Minute, nil),
	})
	stitchgosdk.AddTools(s, d)
	s.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, nil))
	t.Cleanup(srv.Close)
	if ttl, scope := post2026(t, srv.URL, "tools/list"); ttl != 300000.0 || scope != "public" {
		t.Errorf("tools/list: ttlMs %v, cacheScope %v; want 300000, public", ttl, scope)
	}
	if ttl, scope := post2026(t, srv.URL, "prompts/list"); ttl != 0.0 || scope != "public" {
		t.Errorf("prompts/list: ttlMs %v, cacheScope %v; want the SDK's 0, public", ttl, scope)
	}
}
