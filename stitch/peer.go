package stitch

import "context"

// A Peer is the client's side of a call as an adapter sees it. Adapters
// put one in the context they pass to Dispatcher.Call (WithPeer); handlers
// reach it through Progress and Log, which work the same on every adapter.
// What an adapter's SDK offers beyond this (sampling, elicitation, roots,
// _meta) the adapter package exposes from the same context with its own
// types.
type Peer interface {
	// Progress sends a progress notification for the call when the client
	// asked for progress (sent a progress token); otherwise it does
	// nothing.
	Progress(ctx context.Context, progress, total float64, message string) error
	// Log sends a log message to the client when the client's logging
	// level (logging/setLevel) lets level through; otherwise it does
	// nothing.
	Log(ctx context.Context, level Level, logger string, data any) error
}

// A Level is an MCP log level (the syslog severities of RFC 5424).
type Level string

// The log levels, least severe first.
const (
	LevelDebug     Level = "debug"
	LevelInfo      Level = "info"
	LevelNotice    Level = "notice"
	LevelWarning   Level = "warning"
	LevelError     Level = "error"
	LevelCritical  Level = "critical"
	LevelAlert     Level = "alert"
	LevelEmergency Level = "emergency"
)

type peerKey struct{}

// WithPeer returns a context carrying p, for an adapter to pass to
// Dispatcher.Call.
func WithPeer(ctx context.Context, p Peer) context.Context {
	return context.WithValue(ctx, peerKey{}, p)
}

// PeerOf returns the Peer of ctx, or nil when the call did not come
// through an adapter (a plain Dispatcher.Call).
func PeerOf(ctx context.Context) Peer {
	p, _ := ctx.Value(peerKey{}).(Peer)
	return p
}

// Progress reports the progress of the call whose handler received ctx:
// progress so far, out of total (0 when unknown), with an optional
// message. Without a peer, or when the client asked for no progress, it
// does nothing and returns nil.
func Progress(ctx context.Context, progress, total float64, message string) error {
	if p := PeerOf(ctx); p != nil {
		return p.Progress(ctx, progress, total, message)
	}
	return nil
}

// Log sends data (any JSON-encodable value, often a string) to the client
// as a log message at level, from the named logger ("" for none). Without
// a peer, or below the client's logging level, it does nothing and returns
// nil.
func Log(ctx context.Context, level Level, logger string, data any) error {
	if p := PeerOf(ctx); p != nil {
		return p.Log(ctx, level, logger, data)
	}
	return nil
}
