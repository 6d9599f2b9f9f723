package stitchgosdk_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// ToolsCacheHints sets the hints of tools/list and leaves the others.
func TestToolsCacheHints(t *testing.T) {
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	d, err := stitch.NewDispatcher(stitch.Options{}, fixture.StitchTools(h))
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v0"}, &mcp.ServerOptions{
		SetCacheable: stitchgosdk.ToolsCacheHints(5*time.Minute, nil),
	})
	stitchgosdk.AddTools(s, d)
	s.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	srv := httptest.NewServer(stitchgosdk.HTTPHandler(s, nil))
	t.Cleanup(srv.Close)
	if ttl, scope := fixture.CacheHints2026(t, srv.URL, "tools/list"); ttl != 300000.0 || scope != "public" {
		t.Errorf("tools/list: ttlMs %v, cacheScope %v; want 300000, public", ttl, scope)
	}
	if ttl, scope := fixture.CacheHints2026(t, srv.URL, "prompts/list"); ttl != 0.0 || scope != "public" {
		t.Errorf("prompts/list: ttlMs %v, cacheScope %v; want the SDK's 0, public", ttl, scope)
	}
}
