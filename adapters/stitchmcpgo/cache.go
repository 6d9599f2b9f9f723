package stitchmcpgo

import (
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ToolsCacheHints is the server option that lets clients and intermediaries
// keep the tools/list result for ttl (SEP-2549, revision 2026-07-28:
// ttlMs, and cacheScope "public", since the list is the same for every
// caller); mcp-go's default is ttlMs 0, which asks clients to fetch again
// each time.
//
// A dispatcher's tool table is fixed when it is built, so the tools of a
// server whose only tools are AddTools' do not change while it runs: use it
// for such a server. A server that adds or removes tools as it runs (and
// sends notifications/tools/list_changed) should not promise a list for
// longer than it holds.
func ToolsCacheHints(ttl time.Duration) server.ServerOption {
	return server.WithMethodCacheHints(mcp.MethodToolsList, ttl.Milliseconds(), mcp.CacheScopePublic)
}
