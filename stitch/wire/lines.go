package wire

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"strconv"
	"sync"
)

// DefaultMaxLineBytes is the size limit of one stdio message: the go-sdk's
// own stdio limit (mcp.DefaultMaxLineLength), so that nothing the SDK
// took before is refused. A stdio server has one client, the host that
// started it, and reads one message at a time, so one message of this size
// is the most a line costs; streamable HTTP, with many clients at once,
// has a smaller limit (DefaultMaxBodyBytes).
const DefaultMaxLineBytes = 16 << 20

// idPrefix is how much of a line over the limit is kept to find its id.
const idPrefix = 4 << 10

// A LineReader reads the messages of the stdio transport of MCP: one JSON
// text per line, lines ended by "\n" (a "\r" before it is dropped).
type LineReader struct {
	r   *bufio.Reader
	max int
}

// NewLineReader returns a LineReader of r whose lines may hold at most
// maxBytes bytes (0: DefaultMaxLineBytes; negative: no limit).
func NewLineReader(r io.Reader, maxBytes int) *LineReader {
	if maxBytes == 0 {
		maxBytes = DefaultMaxLineBytes
	}
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), max: maxBytes}
}

// Next returns the next line that is not blank, without its line ending;
// the last line of r needs none. A line longer than the limit is read to
// its end without being kept and reported as an *Error (CodeParseError,
// with the id found in its first bytes): the caller answers it and reads
// on. At the end of r, Next returns io.EOF; any other read error as it is.
// The line is the caller's to keep.
func (l *LineReader) Next() ([]byte, error) {
	for {
		line, over, n, err := l.line()
		switch {
		case over != nil:
			e := &Error{Code: CodeParseError, Message: "the message is " + strconv.Itoa(n) + " bytes long, more than the limit of " + strconv.Itoa(l.max)}
			e.ID = IDOf(over)
			return nil, e
		case len(bytes.TrimSpace(line)) > 0:
			return line, nil
		case err != nil:
			return nil, err
		}
	}
}

// line reads one line: its bytes, or, over the limit, the first bytes
// (over) and its length n.
func (l *LineReader) line() (line, over []byte, n int, err error) {
	for {
		chunk, rerr := l.r.ReadSlice('\n')
		n += len(chunk)
		switch {
		case over != nil:
		case l.max >= 0 && n-trailer(chunk, rerr) > l.max:
			// Keep the first bytes, for the id; drop the rest.
			over = make([]byte, 0, idPrefix)
			over = append(over, line[:min(len(line), idPrefix)]...)
			over = append(over, chunk[:min(len(chunk), idPrefix-len(over))]...)
			line = nil
		default:
			line = append(line, chunk...)
		}
		switch {
		case rerr == nil:
			n -= trailer(chunk, nil)
			return trimEnd(line), over, n, nil
		case errors.Is(rerr, bufio.ErrBufferFull):
			continue
		case rerr == io.EOF && n > 0:
			return trimEnd(line), over, n, nil // a last line without "\n"
		default:
			return nil, nil, n, rerr
		}
	}
}

// trailer is the length of the line ending at the end of chunk.
func trailer(chunk []byte, err error) int {
	if err != nil || len(chunk) == 0 {
		return 0
	}
	if len(chunk) > 1 && chunk[len(chunk)-2] == '\r' {
		return 2
	}
	return 1
}

func trimEnd(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// StdioOptions configure Filter and the adapters' stdio transports.
type StdioOptions struct {
	// MaxLineBytes is the size limit of one message (0:
	// DefaultMaxLineBytes; negative: none).
	MaxLineBytes int
	// MaxDepth is the nesting limit of a message (0: DefaultMaxDepth).
	MaxDepth int
	// Refused, when set, is told of every line answered with an error
	// (for a log or a metric); it must not block.
	Refused func(*Error)
}

// A LockedWriter writes each message to W under a lock, so that the
// answers of a filter and an SDK's own writes never interleave within a
// line. Every write must be one whole message with its line ending.
type LockedWriter struct {
	mu sync.Mutex
	W  io.Writer
}

func (w *LockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.W.Write(p)
}

// Answer writes e's response and a line ending to w.
func Answer(w io.Writer, e *Error) error {
	_, err := w.Write(append(e.Response(), '\n'))
	return err
}

// A Filtered is the stdio of an SDK behind Filter.
type Filtered struct {
	// In yields the lines that passed Check, each with "\n"; it ends when
	// the filter's input does. Close it when the SDK is done, so that the
	// filter stops.
	In io.ReadCloser
	// Out is the locked writer the SDK must write to.
	Out *LockedWriter
}

// Filter serves an SDK that reads newline-delimited messages: it reads the
// lines of in, answers on out every line that is over the limit or fails
// Check (with the JSON-RPC error, and the request's id when it could be
// read) and hands the others on, in order, to Filtered.In. The SDK must
// write to Filtered.Out, which Filter shares. The filter runs in its own
// goroutine until in ends or fails, or Filtered.In is closed and a line
// arrives.
func Filter(in io.Reader, out io.Writer, opt StdioOptions) Filtered {
	pr, pw := io.Pipe()
	lw := &LockedWriter{W: out}
	go func() {
		lr := NewLineReader(in, opt.MaxLineBytes)
		for {
			line, err := lr.Next()
			var e *Error
			switch {
			case errors.As(err, &e):
			case err == io.EOF:
				pw.Close()
				return
			case err != nil:
				pw.CloseWithError(err)
				return
			default:
				e = Check(line, opt.MaxDepth)
			}
			if e != nil {
				if opt.Refused != nil {
					opt.Refused(e)
				}
				if Answer(lw, e) != nil {
					pw.CloseWithError(io.ErrClosedPipe)
					return
				}
				continue
			}
			if _, err := pw.Write(append(line, '\n')); err != nil {
				return // the SDK closed In
			}
		}
	}()
	return Filtered{In: pr, Out: lw}
}
