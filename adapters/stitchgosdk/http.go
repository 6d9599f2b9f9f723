package stitchgosdk

import (
	"context"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// HTTPOptions configure HTTPHandler and ListenAndServe. The zero value
// gives the defaults of docs/serving.md; for each limit, 0 means its
// default and a negative value means none.
type HTTPOptions struct {
	// HTTPOptions are wire.Guard's: the request body cap and check before
	// the SDK reads it, the limits on requests in flight and the deadlines
	// of a request (MaxBodyBytes, MaxDepth, MaxInFlight, MaxInFlightBytes,
	// MaxWait, ReadTimeout, WriteTimeout, Refused).
	wire.HTTPOptions

	// SessionTimeout closes a session that gets no request for this long
	// (the SDK's StreamableHTTPOptions.SessionTimeout; default
	// wire.DefaultSessionTimeout, 30 minutes).
	SessionTimeout time.Duration
	// MaxSessions: when the server has this many sessions, a request that
	// would open one is answered with 503 and Retry-After (JSON-RPC
	// -32000). The count is the server's sessions (Server.Sessions, every
	// transport's) and those being opened. Not used when the handler is
	// stateless. Default wire.DefaultMaxSessions, 10,000.
	MaxSessions int

	// ServerOptions are wire.NewServer's and wire.Serve's, for
	// NewHTTPServer and ListenAndServe: ReadHeaderTimeout, IdleTimeout and
	// ShutdownTimeout (10 s, 120 s, 5 s).
	wire.ServerOptions

	// Streamable are the SDK's other options (EventStore, JSONResponse,
	// Stateless, Logger...); its SessionTimeout and MaxRequestBodyBytes
	// are replaced by SessionTimeout and MaxBodyBytes.
	Streamable mcp.StreamableHTTPOptions
}

// HTTPHandler returns the streamable-HTTP handler of s (the SDK's
// mcp.StreamableHTTPHandler, every request served by s) behind
// wire.Guard and the session limit, with the defaults of opt (nil: all
// defaults). Each POST body is read and checked before the SDK reads it:
// a duplicate "name" or "arguments" in a tools/call, bytes after the
// message, a body over the cap or nested too deep are answered with a
// JSON-RPC error the SDK's client takes as the failure of that one call.
func HTTPHandler(s *mcp.Server, opt *HTTPOptions) http.Handler {
	var o HTTPOptions
	if opt != nil {
		o = *opt
	}
	so := o.Streamable
	so.SessionTimeout = max(0, orDefault(o.SessionTimeout, wire.DefaultSessionTimeout))
	so.MaxRequestBodyBytes = orDefault(o.MaxBodyBytes, wire.DefaultMaxBodyBytes)
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &so)
	if maxSessions := orDefault(int64(o.MaxSessions), wire.DefaultMaxSessions); maxSessions > 0 && !so.Stateless {
		h = &sessionLimit{next: h, server: s, max: int(maxSessions), refused: o.Refused}
	}
	if !so.Stateless {
		// The SDK serves revision 2026-07-28 only on a stateless handler;
		// the older revisions keep their sessions on this one.
		stateless := so
		stateless.Stateless = true
		stateless.EventStore = nil
		h = &revisions{legacy: h, modern: mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &stateless)}
	}
	return wire.Guard(h, o.HTTPOptions)
}

// orDefault is v, def for 0, or -1 for a negative v (none).
func orDefault[T int64 | time.Duration](v, def T) T {
	switch {
	case v == 0:
		return def
	case v < 0:
		return -1
	}
	return v
}

// sessionLimit answers a request that would open a session beyond max.
type sessionLimit struct {
	next    http.Handler
	server  *mcp.Server
	max     int
	opening atomic.Int64 // requests without a session id being served
	refused func(r *http.Request, status int, e *wire.Error)
}

// revisions sends each request to the handler of its protocol revision:
// a request of revision 2026-07-28 or later (or of an unknown revision,
// which the stateless handler answers with the versions it supports) to
// the SDK's stateless handler, one of an older revision, which has or
// opens a session, to the stateful one.
type revisions struct{ legacy, modern http.Handler }

func (v *revisions) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if isModern(r) {
		v.modern.ServeHTTP(w, r)
		return
	}
	v.legacy.ServeHTTP(w, r)
}

// protocolVersionHeader is the header of a request's protocol revision.
const protocolVersionHeader = "Mcp-Protocol-Version"

// isModern reports whether r is a request of the stateless revisions: no
// session id, and a protocol version header that is not one of the
// session-based revisions, or, without that header, a POST whose body
// (peeked, as Guard read it) is server/discover or carries the revision in
// its _meta.
func isModern(r *http.Request) bool {
	if r.Header.Get(sessionIDHeader) != "" {
		return false
	}
	if v := r.Header.Get(protocolVersionHeader); v != "" {
		return !slices.Contains(sessionRevisions, strings.TrimSpace(v))
	}
	if r.Method != http.MethodPost {
		return false
	}
	return wire.Stateless(peek(r))
}

// sessionRevisions are the protocol revisions the SDK serves with sessions.
var sessionRevisions = slices.DeleteFunc(mcp.SupportedProtocolVersions(), func(v string) bool { return v >= "2026-07-28" })

// sessionIDHeader is the header of the streamable-HTTP session id; a POST
// without it opens a session (the SDK's serveStatefulPOST).
const sessionIDHeader = "Mcp-Session-Id"

func (l *sessionLimit) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get(sessionIDHeader) != "" {
		l.next.ServeHTTP(w, r)
		return
	}
	n := int(l.opening.Add(1))
	defer l.opening.Add(-1)
	for range l.server.Sessions() {
		n++
	}
	if n > l.max {
		e := &wire.Error{Code: wire.CodeBusy, ID: wire.IDOf(peek(r)),
			Message: "the server has its limit of " + strconv.Itoa(l.max) + " sessions; try again later"}
		if l.refused != nil {
			l.refused(r, http.StatusServiceUnavailable, e)
		}
		w.Header().Set("Retry-After", "1")
		wire.WriteError(w, http.StatusServiceUnavailable, e)
		return
	}
	l.next.ServeHTTP(w, r)
}

// peek returns the body Guard read, without consuming it.
func peek(r *http.Request) []byte {
	if p, ok := r.Body.(interface{ Peek() []byte }); ok {
		return p.Peek()
	}
	return nil
}

// serverOptions are the wire.ServerOptions of opt.
func serverOptions(opt *HTTPOptions) wire.ServerOptions {
	if opt == nil {
		return wire.ServerOptions{}
	}
	return opt.ServerOptions
}

// NewHTTPServer returns an http.Server serving h with the connection
// timeouts of opt (nil: the defaults), wire.NewServer's.
func NewHTTPServer(h http.Handler, opt *HTTPOptions) *http.Server {
	return wire.NewServer(h, serverOptions(opt))
}

// ListenAndServe serves s over streamable HTTP (HTTPHandler with opt) on
// addr ("127.0.0.1:8080": a client connects to http://127.0.0.1:8080/),
// at every path, with NewHTTPServer until ctx is done; then it stops
// taking requests, waits up to ShutdownTimeout for those in flight,
// closes the rest and returns nil. For anything else (TLS, a mux, a
// middleware), serve HTTPHandler on NewHTTPServer or with wire.Serve.
func ListenAndServe(ctx context.Context, s *mcp.Server, addr string, opt *HTTPOptions) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, s, ln, opt)
}

// Serve is ListenAndServe on a listener, which it closes.
func Serve(ctx context.Context, s *mcp.Server, ln net.Listener, opt *HTTPOptions) error {
	return wire.Serve(ctx, ln, NewHTTPServer(HTTPHandler(s, opt), opt), serverOptions(opt), nil)
}
