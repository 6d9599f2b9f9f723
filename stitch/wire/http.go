package wire

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

// The defaults of HTTPOptions; docs/serving.md says why each.
const (
	// DefaultMaxBodyBytes is the go-sdk's own body limit
	// (mcp.DefaultMaxRequestBodyBytes): a tools/call whose arguments are
	// over the dispatcher's cap (1 MiB) still reaches the dispatcher, whose
	// size issue the model can read, and a sampling result with an image
	// fits.
	DefaultMaxBodyBytes = 4 << 20
	// DefaultMaxInFlight is how many POST requests are read or served at
	// once.
	DefaultMaxInFlight = 128
	// DefaultMaxInFlightBytes bounds the bodies of those requests
	// together: 16 bodies at the limit, about 200 MiB of memory with the
	// SDK's copies of them.
	DefaultMaxInFlightBytes = 64 << 20
	// DefaultMaxWait is how long a request waits for room among those.
	DefaultMaxWait = 10 * time.Second
	// DefaultReadTimeout is the time a request body may take to arrive:
	// 4 MiB at 140 KB/s.
	DefaultReadTimeout = 30 * time.Second
	// DefaultWriteTimeout is the time each write of a response may take.
	DefaultWriteTimeout = 30 * time.Second
)

// HTTPOptions configure Guard. For each limit, 0 means its default and a
// negative value means none.
type HTTPOptions struct {
	// MaxBodyBytes is the size limit of a POST body; a larger one is
	// answered with 413 before it is read (by its Content-Length) or as
	// soon as it is over (a chunked body).
	MaxBodyBytes int64
	// MaxDepth is the nesting limit of a message (Check).
	MaxDepth int
	// MaxInFlight is how many POST requests may be read or served at once;
	// MaxInFlightBytes how many bytes their bodies may hold together (a
	// request counts its Content-Length, or MaxBodyBytes without one,
	// until its response is done). A request beyond them waits up to
	// MaxWait for room, then is answered with 503 and Retry-After, its
	// body unread and its connection closed after the answer, whatever
	// its client does with the body.
	MaxInFlight      int
	MaxInFlightBytes int64
	MaxWait          time.Duration
	// ReadTimeout is the time a POST body may take to arrive, from the
	// moment the request is let in; a slower one is answered with 408.
	// It is set on the request (http.ResponseController), so it holds on
	// any http.Server.
	ReadTimeout time.Duration
	// WriteTimeout is the time each write of a response (a whole response,
	// or one event of a stream) may take; a client that stops reading
	// loses its response or stream instead of holding it. A stream that
	// stays quiet longer is not cut: the deadline is set before each
	// write, and when the handler returns for what net/http writes after
	// it.
	WriteTimeout time.Duration
	// Refused, when set, is told of every request Guard answered itself
	// (for a log or a metric); it must not block.
	Refused func(r *http.Request, status int, e *Error)
}

// Guard returns an http.Handler that serves next, an SDK's
// streamable-HTTP handler, only requests it may parse: the body of a POST
// is read by Guard, within MaxBodyBytes and ReadTimeout and only when
// there is room among the requests in flight, and checked (Check) before
// next reads it; a refused request is answered with a JSON-RPC error in
// the body (the request's id when it was read) and an HTTP status:
// 400 (Check), 408 (slow body), 413 (too large), 503 (no room). The
// go-sdk client fails the one call and keeps its session for each of them
// when the error carries the request's id (a 503 always), so the id is
// read from the first 4 KiB of a body that is not read whole.
// Requests of other methods (GET streams, DELETE) pass through, with the
// write deadline. The body next reads has a method Peek() []byte that
// returns its unread bytes.
func Guard(next http.Handler, opt HTTPOptions) http.Handler {
	g := &guard{next: next, opt: opt}
	g.maxBody = orDefault(opt.MaxBodyBytes, DefaultMaxBodyBytes)
	g.inFlight = newBudget(orDefault(int64(opt.MaxInFlight), DefaultMaxInFlight))
	g.inFlightBytes = newBudget(orDefault(opt.MaxInFlightBytes, DefaultMaxInFlightBytes))
	g.maxWait = orDefault(opt.MaxWait, DefaultMaxWait)
	g.readTimeout = orDefault(opt.ReadTimeout, DefaultReadTimeout)
	g.writeTimeout = orDefault(opt.WriteTimeout, DefaultWriteTimeout)
	return g
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

type guard struct {
	next                      http.Handler
	opt                       HTTPOptions
	maxBody                   int64
	inFlight, inFlightBytes   *budget
	maxWait                   time.Duration
	readTimeout, writeTimeout time.Duration
}

// A request is what Guard keeps for one request, in one allocation: the
// writer that sets the write deadline and the reader of the checked body.
type request struct {
	dw   deadlineWriter
	body bodyReader
}

func (g *guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req := &request{dw: deadlineWriter{ResponseWriter: w, rc: *http.NewResponseController(w), d: g.writeTimeout, h2: r.ProtoMajor >= 2}}
	dw := &req.dw
	defer dw.finish()
	if r.Method != http.MethodPost {
		g.next.ServeHTTP(dw, r)
		return
	}
	if g.maxBody >= 0 && r.ContentLength > g.maxBody {
		g.leaveBody(dw)
		g.refuse(dw, r, http.StatusRequestEntityTooLarge, &Error{Code: CodeParseError, ID: g.peekID(r),
			Message: "the request body is " + strconv.FormatInt(r.ContentLength, 10) + " bytes long, more than the limit of " + strconv.FormatInt(g.maxBody, 10)})
		return
	}
	weight := r.ContentLength
	if weight < 0 {
		weight = max(g.maxBody, DefaultMaxBodyBytes)
	}
	if !g.admit(r, weight) {
		msg := "the server is busy: no room for the request; try again later"
		if g.maxWait >= 0 {
			msg = "the server is busy: no room for the request within " + g.maxWait.String() + "; try again later"
		}
		// The body was not read while the request waited: without this,
		// net/http would read it before writing the answer, and a client
		// that sends it slowly, or not at all, would hold the request
		// (and its goroutine) as long as it liked.
		g.leaveBody(dw)
		dw.Header().Set("Retry-After", "1")
		g.refuse(dw, r, http.StatusServiceUnavailable, &Error{Code: CodeBusy, Message: msg})
		return
	}
	defer g.release(weight)
	body, status, e := g.read(dw, r)
	if e == nil {
		status, e = http.StatusBadRequest, Check(body, g.opt.MaxDepth)
	}
	if e != nil {
		g.refuse(dw, r, status, e)
		return
	}
	req.body.b = body
	r.Body = &req.body
	r.ContentLength = int64(len(body))
	g.next.ServeHTTP(dw, r)
}

// leaveBody prepares the refusal of a request whose body stays unread:
// its connection is closed after the answer, which net/http then writes
// without reading the body first, and what net/http reads of the body
// after the answer (up to 256 KiB, to find its end) is bounded by the
// read timeout.
func (g *guard) leaveBody(dw *deadlineWriter) {
	dw.Header().Set("Connection", "close")
	if g.readTimeout > 0 {
		_ = dw.rc.SetReadDeadline(time.Now().Add(g.readTimeout))
	}
}

// admit waits for room for a request of weight bytes; release gives it
// back.
func (g *guard) admit(r *http.Request, weight int64) bool {
	// Most requests find room: no timer for them.
	if g.inFlight.tryAcquire(1) {
		if g.inFlightBytes.tryAcquire(weight) {
			return true
		}
		g.inFlight.release(1)
	}
	ctx := r.Context()
	if g.maxWait >= 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.maxWait)
		defer cancel()
	}
	if !g.inFlight.acquire(ctx, 1) {
		return false
	}
	if !g.inFlightBytes.acquire(ctx, weight) {
		g.inFlight.release(1)
		return false
	}
	return true
}

// release gives back the room of an admitted request of weight bytes.
func (g *guard) release(weight int64) {
	g.inFlightBytes.release(weight)
	g.inFlight.release(1)
}

// peekID reads the first bytes of a body that will not be read for the
// request's id: the go-sdk client takes a refusal with a status such as
// 413 as the failure of one call only when the error carries its id, and
// fails the whole session otherwise.
func (g *guard) peekID(r *http.Request) []byte {
	prefix := make([]byte, idPrefix)
	n, _ := io.ReadFull(r.Body, prefix)
	return IDOf(prefix[:n])
}

// read reads a POST body within the limits, or says how to refuse it.
func (g *guard) read(w *deadlineWriter, r *http.Request) ([]byte, int, *Error) {
	rc := &w.rc
	if g.readTimeout > 0 {
		_ = rc.SetReadDeadline(time.Now().Add(g.readTimeout))
	}
	var body []byte
	var err error
	if n := r.ContentLength; n >= 0 {
		// Within the limit (ServeHTTP refused a longer one), and net/http
		// reads no more of a body than its Content-Length: no
		// MaxBytesReader.
		body = make([]byte, n)
		var k int
		k, err = io.ReadFull(r.Body, body)
		body = body[:k]
	} else {
		src := r.Body
		if g.maxBody >= 0 {
			src = http.MaxBytesReader(w, r.Body, g.maxBody)
		}
		body, err = io.ReadAll(src)
	}
	var mbe *http.MaxBytesError
	switch {
	case err == nil:
		if g.readTimeout > 0 {
			// The deadline is the connection's on HTTP/1: the stream that
			// may follow must not inherit it. On a refusal it stays, so
			// that net/http does not wait for the rest of a slow body.
			_ = rc.SetReadDeadline(time.Time{})
		}
		return body, 0, nil
	case errors.As(err, &mbe):
		return nil, http.StatusRequestEntityTooLarge, &Error{Code: CodeParseError, ID: IDOf(body),
			Message: "the request body is more than the limit of " + strconv.FormatInt(g.maxBody, 10) + " bytes long"}
	case errors.Is(err, os.ErrDeadlineExceeded):
		w.Header().Set("Connection", "close")
		return nil, http.StatusRequestTimeout, &Error{Code: CodeParseError, ID: IDOf(body),
			Message: "the request body did not arrive within " + g.readTimeout.String()}
	}
	return nil, http.StatusBadRequest, &Error{Code: CodeParseError, ID: IDOf(body), Message: "the request body could not be read: " + err.Error()}
}

func (g *guard) refuse(w http.ResponseWriter, r *http.Request, status int, e *Error) {
	if g.opt.Refused != nil {
		g.opt.Refused(r, status, e)
	}
	WriteError(w, status, e)
}

// WriteError answers an HTTP request with e as a JSON-RPC error response
// and status.
func WriteError(w http.ResponseWriter, status int, e *Error) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(e.Response())
}

// A bodyReader hands the checked body to the SDK and lets go of it once
// it is read.
type bodyReader struct{ b []byte }

func (r *bodyReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		r.b = nil
		return 0, io.EOF
	}
	n := copy(p, r.b)
	r.b = r.b[n:]
	if len(r.b) == 0 {
		r.b = nil
	}
	return n, nil
}

// Peek returns the bytes not read yet, for a handler between Guard and
// the SDK (the go-sdk adapter's session limit reads the id in them).
func (r *bodyReader) Peek() []byte { return r.b }

func (r *bodyReader) Close() error {
	r.b = nil
	return nil
}

// A deadlineWriter sets the write deadline before each write and flush,
// so that one slow write fails, not a long quiet stream. On HTTP/2 it
// also clears the deadline after each: there a deadline that passes
// resets the stream even when no write is in progress (on HTTP/1 it only
// fails a write in progress, and the next write sets a new one).
type deadlineWriter struct {
	http.ResponseWriter
	rc http.ResponseController
	d  time.Duration
	h2 bool
}

func (w *deadlineWriter) arm() {
	if w.d > 0 {
		_ = w.rc.SetWriteDeadline(time.Now().Add(w.d))
	}
}

// disarm clears the deadline after a write or flush on HTTP/2.
func (w *deadlineWriter) disarm() {
	if w.h2 && w.d > 0 {
		_ = w.rc.SetWriteDeadline(time.Time{})
	}
}

func (w *deadlineWriter) Write(p []byte) (int, error) {
	w.arm()
	n, err := w.ResponseWriter.Write(p)
	w.disarm()
	return n, err
}

// FlushError is what http.ResponseController.Flush calls.
func (w *deadlineWriter) FlushError() error {
	w.arm()
	err := w.rc.Flush()
	w.disarm()
	return err
}

func (w *deadlineWriter) Flush() { _ = w.FlushError() }

// Unwrap lets http.ResponseController reach the server's writer.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish arms the deadline once more for what net/http writes after the
// handler (the answer itself, when the handler did not flush: net/http
// then sets its Content-Length and writes it in one piece). It neither
// flushes, which would send every answer chunked, nor clears the
// deadline: net/http clears the connection's write deadline once it has
// finished the response (on HTTP/1, before the next request on the
// connection is read; on HTTP/2 the deadline is the stream's).
func (w *deadlineWriter) finish() { w.arm() }
