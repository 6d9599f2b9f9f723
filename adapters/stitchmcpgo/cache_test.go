package stitchmcpgo_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/fixture"
)

// ToolsCacheHints sets the hints of tools/list and leaves the others.
func TestToolsCacheHints(t *testing.T) {
	s := stitchmcpgo.NewServer("t", "v0", newDispatcher(t, nil), server.WithPromptCapabilities(false), stitchmcpgo.ToolsCacheHints(5*time.Minute))
	s.AddPrompt(mcp.NewPrompt("p"), func(context.Context, mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	h, sh := stitchmcpgo.HTTPHandler(s, nil)
	t.Cleanup(func() { _ = sh.Shutdown(context.Background()) })
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	if ttl, scope := fixture.CacheHints2026(t, srv.URL, "tools/list"); ttl != 300000.0 || scope != "public" {
		t.Errorf("tools/list: ttlMs %v, cacheScope %v; want 300000, public", ttl, scope)
	}
	if ttl, scope := fixture.CacheHints2026(t, srv.URL, "prompts/list"); ttl != 0.0 || scope != "private" {
		t.Errorf("prompts/list: ttlMs %v, cacheScope %v; want mcp-go's 0, private", ttl, scope)
	}
}
