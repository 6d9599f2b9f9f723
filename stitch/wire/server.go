package wire

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// The defaults of the adapters' serving entry points beyond Guard's;
// docs/serving.md says why each.
const (
	// DefaultSessionTimeout: a streamable-HTTP session that gets no
	// request for this long is closed (an abandoned go-sdk session costs
	// about 10 KB and a goroutine until then). Long enough for a
	// conversation that pauses; a client that wants more sends pings.
	DefaultSessionTimeout = 30 * time.Minute
	// DefaultMaxSessions bounds the open sessions of a server: about
	// 100 MB of go-sdk sessions.
	DefaultMaxSessions = 10_000
	// DefaultReadHeaderTimeout is the time a request's headers may take.
	DefaultReadHeaderTimeout = 10 * time.Second
	// DefaultIdleTimeout is how long a keep-alive connection may wait for
	// its next request.
	DefaultIdleTimeout = 120 * time.Second
	// DefaultShutdownTimeout is how long a server whose context is done
	// waits for the requests in flight.
	DefaultShutdownTimeout = 5 * time.Second
)

// ServerOptions are the connection timeouts of NewServer and the grace of
// Serve; 0 means the default, a negative value none.
type ServerOptions struct {
	ReadHeaderTimeout time.Duration
	IdleTimeout       time.Duration
	ShutdownTimeout   time.Duration
}

// NewServer returns an http.Server serving h with the connection
// timeouts of opt. It sets no ReadTimeout or WriteTimeout: the server's
// would cut every long stream (a GET event stream, a call reporting
// progress); Guard sets them per request instead.
func NewServer(h http.Handler, opt ServerOptions) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: max(0, orDefault(opt.ReadHeaderTimeout, DefaultReadHeaderTimeout)),
		IdleTimeout:       max(0, orDefault(opt.IdleTimeout, DefaultIdleTimeout)),
	}
}

// Serve serves srv on ln until ctx is done; then it stops taking
// requests, calls stop (if not nil: an SDK's own shutdown, which ends its
// sessions and streams), waits up to opt.ShutdownTimeout for the requests
// in flight, closes the rest and returns nil. It closes ln. When serving
// fails, it stops the same way and returns the error.
func Serve(ctx context.Context, ln net.Listener, srv *http.Server, opt ServerOptions, stop func(context.Context)) error {
	grace := max(0, orDefault(opt.ShutdownTimeout, DefaultShutdownTimeout))
	served := make(chan struct{})
	shut := make(chan struct{})
	go func() {
		defer close(shut)
		select {
		case <-ctx.Done():
		case <-served:
		}
		sctx, cancel := context.WithTimeout(context.Background(), grace)
		defer cancel()
		if stop != nil {
			stop(sctx)
		}
		if srv.Shutdown(sctx) != nil {
			_ = srv.Close() // streams still open
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
