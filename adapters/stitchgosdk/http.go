package stitchgosdk

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// The defaults of HTTPOptions that are this adapter's; the others are
// package wire's. docs/serving.md says why each.
const (
	// DefaultSessionTimeout: a streamable-HTTP session that gets no request
	// for this long is closed (an abandoned session costs about 10 KB and
	// a goroutine until then). Long enough for a conversation that pauses;
	// a client that wants more sends pings.
	DefaultSessionTimeout = 30 * time.Minute
	// DefaultMaxSessions bounds the open sessions: about 100 MB of them.
	DefaultMaxSessions = 10_000
	// DefaultReadHeaderTimeout is the time a request's headers may take.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout is how long a keep-alive connection may wait for
	// its next request.
	DefaultIdleTimeout = 120 * time.Second
	// DefaultShutdownTimeout is how long ListenAndServe waits for the
	// requests in flight when its context is done.
	DefaultShutdownTimeout = 5 * time.Second
)

// HTTPOptions configure HTTPHandler and ListenAndServe. The zero value
// gives the defaults of docs/serving.md; for each limit, 0 means its
// default and a negative value means none.
type HTTPOptions struct {
	// MaxBodyBytes, MaxDepth, MaxInFlight, MaxInFlightBytes, MaxWait,
	// ReadTimeout, WriteTimeout and Refused are wire.HTTPOptions': the
	// request body cap and check before the SDK reads it, the limits on
	// requests in flight and the deadlines of a request.
	MaxBodyBytes     int64
	MaxDepth         int
	MaxInFlight      int
	MaxInFlightBytes int64
	MaxWait          time.Duration
	ReadTimeout      time.Duration
	WriteTimeout     time.Duration
	Refused          func(r *http.Request, status int, e *wire.Error)

	// SessionTimeout closes a session that gets no request for this long
	// (the SDK's StreamableHTTPOptions.SessionTimeout).
	SessionTimeout time.Duration
	// MaxSessions: when the server has this many sessions, a request that
	// would open one is answered with 503 and Retry-After (JSON-RPC
	// -32000). The count is the server's sessions (Server.Sessions, every
	// transport's) and those being opened. Not used when the handler is
	// stateless.
	MaxSessions int

	// ReadHeaderTimeout and IdleTimeout are the http.Server's of
	// ListenAndServe. It sets no ReadTimeout or WriteTimeout of its own:
	// those of the http.Server would cut every long stream, the handler
	// sets them per request instead.
	ReadHeaderTimeout time.Duration
	IdleTimeout       time.Duration
	// ShutdownTimeout is how long ListenAndServe waits for the requests in
	// flight when its context is done.
	ShutdownTimeout time.Duration

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
	so.SessionTimeout = max(0, orDefault(o.SessionTimeout, DefaultSessionTimeout))
	so.MaxRequestBodyBytes = orDefault(o.MaxBodyBytes, wire.DefaultMaxBodyBytes)
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &so)
	if maxSessions := orDefault(int64(o.MaxSessions), DefaultMaxSessions); maxSessions > 0 && !so.Stateless {
		h = &sessionLimit{next: h, server: s, max: int(maxSessions), refused: o.Refused}
	}
	return wire.Guard(h, wire.HTTPOptions{
		MaxBodyBytes:     o.MaxBodyBytes,
		MaxDepth:         o.MaxDepth,
		MaxInFlight:      o.MaxInFlight,
		MaxInFlightBytes: o.MaxInFlightBytes,
		MaxWait:          o.MaxWait,
		ReadTimeout:      o.ReadTimeout,
		WriteTimeout:     o.WriteTimeout,
		Refused:          o.Refused,
	})
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

// NewHTTPServer returns an http.Server serving h with the connection
// timeouts of opt (nil: the defaults): ReadHeaderTimeout and IdleTimeout.
func NewHTTPServer(h http.Handler, opt *HTTPOptions) *http.Server {
	var o HTTPOptions
	if opt != nil {
		o = *opt
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: max(0, orDefault(o.ReadHeaderTimeout, DefaultReadHeaderTimeout)),
		IdleTimeout:       max(0, orDefault(o.IdleTimeout, DefaultIdleTimeout)),
	}
}

// ListenAndServe serves h (HTTPHandler's) on addr ("127.0.0.1:8080": a
// client connects to http://127.0.0.1:8080/) with NewHTTPServer until ctx
// is done; then it stops taking requests, waits up to ShutdownTimeout for
// those in flight, closes the rest and returns nil.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, opt *HTTPOptions) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return Serve(ctx, ln, h, opt)
}

// Serve is ListenAndServe on a listener, which it closes.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, opt *HTTPOptions) error {
	srv := NewHTTPServer(h, opt)
	grace := DefaultShutdownTimeout
	if opt != nil {
		grace = max(0, orDefault(opt.ShutdownTimeout, DefaultShutdownTimeout))
	}
	served := make(chan struct{})
	shut := make(chan struct{})
	go func() {
		defer close(shut)
		select {
		case <-ctx.Done():
		case <-served:
			return
		}
		sctx, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		if srv.Shutdown(sctx) != nil {
			_ = srv.Close() // open streams
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
