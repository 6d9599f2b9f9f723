package stitchmcpgo

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// ServeStdio serves s over stdio with mcp-go's StdioServer: one JSON-RPC
// message per line read from in, answers written to out (os.Stdin and
// os.Stdout for a server an MCP client starts). It returns nil when ctx is
// done or in ends, after the calls in flight have been answered. mcp-go
// keeps one stdio session per process, so only one ServeStdio runs at a
// time.
func ServeStdio(ctx context.Context, s *server.MCPServer, in io.Reader, out io.Writer, opts ...server.StdioOption) error {
	ss := server.NewStdioServer(s)
	for _, opt := range opts {
		opt(ss)
	}
	err := ss.Listen(ctx, in, out)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil
	}
	return err
}

// ServeHTTP serves s over streamable HTTP with mcp-go's
// StreamableHTTPServer on addr (for example "127.0.0.1:8080"), at every
// path: a client connects to http://addr/. When ctx is done it closes the
// sessions and shuts the HTTP server down, waiting up to 5 seconds for
// calls in flight, and returns nil. The HTTP server has a read-header
// timeout of 10 seconds and no other limit of its own. For anything else
// (TLS, other timeouts, a mux), mount server.NewStreamableHTTPServer(s) on
// an http.Server of your own.
func ServeHTTP(ctx context.Context, s *server.MCPServer, addr string, opts ...server.StreamableHTTPOption) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return serveHTTP(ctx, s, ln, opts)
}

// The time limits of ServeHTTP.
const (
	readHeaderTimeout = 10 * time.Second
	shutdownGrace     = 5 * time.Second
)

// serveHTTP is ServeHTTP on a listener.
func serveHTTP(ctx context.Context, s *server.MCPServer, ln net.Listener, opts []server.StreamableHTTPOption) error {
	h := server.NewStreamableHTTPServer(s, opts...)
	srv := &http.Server{Handler: h, ReadHeaderTimeout: readHeaderTimeout}
	served := make(chan struct{})
	shut := make(chan struct{})
	go func() {
		defer close(shut)
		select {
		case <-ctx.Done():
		case <-served:
			return
		}
		// h has no http.Server of its own: its Shutdown closes the sessions
		// (ending their open GET streams) and stops its sweeper.
		sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
		defer cancel()
		_ = h.Shutdown(sctx)
		if srv.Shutdown(sctx) != nil {
			_ = srv.Close()
		}
	}()
	err := srv.Serve(ln)
	close(served)
	<-shut
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}
