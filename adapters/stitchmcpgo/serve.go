package stitchmcpgo

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// StdioOptions configure ServeStdio: the size and depth limits of a
// message and an observer of refused lines (zero: wire.DefaultMaxLineBytes,
// 16 MiB, and wire.DefaultMaxDepth, 1000).
type StdioOptions = wire.StdioOptions

// ServeStdio serves s over stdio with mcp-go's StdioServer behind
// wire.Filter: one JSON-RPC message per line read from in, answers written
// to out (os.Stdin and os.Stdout for a server an MCP client starts). A
// line over the size limit (which mcp-go does not have: it reads any line
// whole), nested too deep, with a repeated key in the message or its
// params (mcp-go keeps the last "name" or "arguments") or with bytes after
// the message is answered with a JSON-RPC error carrying the request's id,
// and the server goes on; mcp-go answers the other malformed lines itself
// ("Parse error", with no id). It returns nil when ctx is done or in ends,
// after the calls in flight have been answered. mcp-go keeps one stdio
// session per process, so only one ServeStdio runs at a time.
func ServeStdio(ctx context.Context, s *server.MCPServer, in io.Reader, out io.Writer, opt *StdioOptions, opts ...server.StdioOption) error {
	var o StdioOptions
	if opt != nil {
		o = *opt
	}
	f := wire.Filter(in, out, o)
	defer f.In.Close()
	ss := server.NewStdioServer(s)
	for _, opt := range opts {
		opt(ss)
	}
	err := ss.Listen(ctx, f.In, f.Out)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil
	}
	return err
}

// HTTPOptions configure HTTPHandler and ListenAndServe. The zero value gives
// the defaults of docs/serving.md; for each limit, 0 means its default
// and a negative value means none.
type HTTPOptions struct {
	// HTTPOptions are wire.Guard's: the request body cap and check before
	// mcp-go reads the body (it reads any body whole), the limits on
	// requests in flight and the deadlines of a request (MaxBodyBytes,
	// MaxDepth, MaxInFlight, MaxInFlightBytes, MaxWait, ReadTimeout,
	// WriteTimeout, Refused).
	wire.HTTPOptions

	// SessionTimeout is mcp-go's session idle TTL
	// (server.WithSessionIdleTTL; default wire.DefaultSessionTimeout, 30
	// minutes): the state of a session that gets no request for this long
	// (its log level and session tools, and with server.WithStateful the
	// session itself) is dropped. mcp-go sweeps every half TTL, at least
	// every second.
	SessionTimeout time.Duration

	// ServerOptions are wire.NewServer's and wire.Serve's, for
	// ListenAndServe and Serve: ReadHeaderTimeout, IdleTimeout and
	// ShutdownTimeout (10 s, 120 s, 5 s).
	wire.ServerOptions
}

// HTTPHandler returns mcp-go's streamable-HTTP server for s
// (server.NewStreamableHTTPServer with the session idle TTL and then
// opts, which may override it) behind wire.Guard with the limits of opt
// (nil: the defaults), and that server, whose Shutdown ends its sessions
// and its sweeper. It serves at every path.
//
// There is no session limit: mcp-go's default sessions live for one
// request (server.StatelessGeneratingSessionIdManager) and its stateful
// ones have no count to read; the idle TTL and the limits in flight bound
// them.
func HTTPHandler(s *server.MCPServer, opt *HTTPOptions, opts ...server.StreamableHTTPOption) (http.Handler, *server.StreamableHTTPServer) {
	var o HTTPOptions
	if opt != nil {
		o = *opt
	}
	var base []server.StreamableHTTPOption
	if ttl := o.SessionTimeout; ttl >= 0 {
		if ttl == 0 {
			ttl = wire.DefaultSessionTimeout
		}
		base = append(base, server.WithSessionIdleTTL(ttl))
	}
	sh := server.NewStreamableHTTPServer(s, append(base, opts...)...)
	return wire.Guard(sh, o.HTTPOptions), sh
}

// ListenAndServe serves s over streamable HTTP (HTTPHandler) on addr (for
// example "127.0.0.1:8080"), at every path: a client connects to
// http://addr/. The http.Server has the connection timeouts of opt
// (wire.NewServer). When ctx is done it closes the sessions and shuts the
// HTTP server down, waiting up to ShutdownTimeout for calls in flight, and
// returns nil. For anything else (TLS, a mux), mount HTTPHandler on an
// http.Server of your own.
func ListenAndServe(ctx context.Context, s *server.MCPServer, addr string, opt *HTTPOptions, opts ...server.StreamableHTTPOption) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, s, ln, opt, opts...)
}

// Serve is ListenAndServe on a listener, which it closes.
func Serve(ctx context.Context, s *server.MCPServer, ln net.Listener, opt *HTTPOptions, opts ...server.StreamableHTTPOption) error {
	h, sh := HTTPHandler(s, opt, opts...)
	var so wire.ServerOptions
	if opt != nil {
		so = opt.ServerOptions
	}
	// sh has no http.Server of its own: its Shutdown closes the sessions
	// (ending their open GET streams) and stops its sweeper.
	return wire.Serve(ctx, ln, wire.NewServer(h, so), so, func(ctx context.Context) { _ = sh.Shutdown(ctx) })
}
