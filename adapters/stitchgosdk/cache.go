package stitchgosdk

import (
	"context"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ToolsCacheable returns a ServerOptions.SetCacheable that lets clients and
// intermediaries keep the tools/list result for ttl (SEP-2549, revision
// 2026-07-28: ttlMs, and cacheScope "public", since the list is the same
// for every caller) and leaves the other results to next (nil: the SDK's
// default, ttlMs 0, which asks clients to fetch again each time).
//
// A dispatcher's tool table is fixed when it is built, so the tools of a
// server whose only tools are AddTools' do not change while it runs: use it
// for such a server. A server that adds or removes tools as it runs (and
// sends notifications/tools/list_changed) should not promise a list for
// longer than it holds.
func ToolsCacheable(ttl time.Duration, next func(context.Context, mcp.Request, *mcp.Cacheable)) func(context.Context, mcp.Request, *mcp.Cacheable) {
	return func(ctx context.Context, req mcp.Request, c *mcp.Cacheable) {
		if _, ok := req.(*mcp.ListToolsRequest); ok {
			c.TTLMs = int(ttl.Milliseconds())
			c.CacheScope = "public"
			return
		}
		if next != nil {
			next(ctx, req, c)
		}
	}
}
