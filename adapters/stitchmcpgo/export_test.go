package stitchmcpgo

import (
	"context"
	"net"

	"github.com/mark3labs/mcp-go/server"
)

// ServeHTTPOn is ServeHTTP on a listener the test chose.
func ServeHTTPOn(ctx context.Context, s *server.MCPServer, ln net.Listener, opt *HTTPOptions, opts ...server.StreamableHTTPOption) error {
	return serveHTTP(ctx, s, ln, opt, opts)
}
