package stitchgosdk

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch/wire"
)

// StdioOptions configure ServeStdio and StdioTransport: the size and
// depth limits of a message and an observer of refused lines (zero:
// wire.DefaultMaxLineBytes, 16 MiB, and wire.DefaultMaxDepth, 1000).
type StdioOptions = wire.StdioOptions

// ServeStdio serves s over the process's stdin and stdout (StdioTransport)
// until ctx is done or stdin ends; it returns nil then. A line the server
// cannot take is answered with a JSON-RPC error, and the server goes on.
func ServeStdio(ctx context.Context, s *mcp.Server, opt *StdioOptions) error {
	t := &StdioTransport{}
	if opt != nil {
		t.Options = *opt
	}
	err := s.Run(ctx, t)
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil
	}
	return err
}

// A StdioTransport is the go-sdk's stdio transport with the exactness and
// limits of package wire: one JSON-RPC message per line, read from In and
// answered on Out (os.Stdin and os.Stdout when nil). The SDK's own
// mcp.StdioTransport ends the connection, and with it the server, at the
// first line it cannot decode; this one answers such a line and reads on:
//
//   - a line over Options.MaxLineBytes, that is no JSON text, nests
//     deeper than Options.MaxDepth or has bytes after the message:
//     -32700;
//   - a JSON text that is no JSON-RPC message (jsonrpc.DecodeMessage
//     fails: no "jsonrpc":"2.0", an id of the wrong type...), repeats a
//     key of the message, or is a batch: -32600;
//   - a request whose params repeat a key (a tools/call with "name" or
//     "arguments" twice): -32602;
//
// each with the request's id when it could be read. Batches are refused
// because MCP removed them in protocol version 2025-06-18 and the SDK's
// handling of a batch it refuses ends the connection too.
//
// A Transport serves one connection (Server.Run or Server.Connect).
type StdioTransport struct {
	In      io.Reader
	Out     io.Writer
	Options StdioOptions
}

// Connect implements mcp.Transport.
func (t *StdioTransport) Connect(context.Context) (mcp.Connection, error) {
	in, out := t.In, t.Out
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	c := &stdioConn{
		in:       in,
		out:      &wire.LockedWriter{W: out},
		opt:      t.Options,
		incoming: make(chan readResult),
		closed:   make(chan struct{}),
		calls:    map[jsonrpc.ID]*jsonrpc.Request{},
	}
	go c.readLoop()
	return c, nil
}

// stdioConn is the mcp.Connection of StdioTransport.
type stdioConn struct {
	in       io.Reader
	out      *wire.LockedWriter
	opt      StdioOptions
	incoming chan readResult
	closed   chan struct{}
	once     sync.Once

	mu    sync.Mutex
	calls map[jsonrpc.ID]*jsonrpc.Request // requests read and not yet answered
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

// readLoop reads lines until the input ends or the connection closes,
// answers the refused ones and hands the others to Read. (It blocks in a
// read of the input until that ends or is closed, as the SDK's does.)
func (c *stdioConn) readLoop() {
	lr := wire.NewLineReader(c.in, c.opt.MaxLineBytes)
	for {
		var r readResult
		line, err := lr.Next()
		var e *wire.Error
		switch {
		case errors.As(err, &e):
		case err != nil:
			r.err = err
		default:
			r.msg, e = c.decode(line)
		}
		if e != nil {
			if c.opt.Refused != nil {
				c.opt.Refused(e)
			}
			if err := wire.Answer(c.out, e); err != nil {
				r.err = err
			} else {
				continue
			}
		}
		select {
		case c.incoming <- r:
		case <-c.closed:
			return
		}
		if r.err != nil {
			return
		}
	}
}

// decode checks a line and decodes it with the SDK's own decoder, so that
// a message Read returns is one the SDK takes.
func (c *stdioConn) decode(line []byte) (jsonrpc.Message, *wire.Error) {
	if e := wire.Check(line, c.opt.MaxDepth); e != nil {
		return nil, e
	}
	if bytes.TrimLeft(line, " \t\r\n")[0] == '[' {
		return nil, &wire.Error{Code: wire.CodeInvalidRequest, Message: "JSON-RPC batches are not taken over stdio (MCP removed them in protocol version 2025-06-18)"}
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, &wire.Error{Code: wire.CodeInvalidRequest, Message: err.Error(), ID: wire.IDOf(line)}
	}
	return msg, nil
}

// Read implements mcp.Connection.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-c.closed:
		return nil, io.EOF
	case r := <-c.incoming:
		if r.err != nil {
			return nil, r.err
		}
		if req, ok := r.msg.(*jsonrpc.Request); ok && req.IsCall() {
			c.mu.Lock()
			c.calls[req.ID] = req
			c.mu.Unlock()
		}
		return r.msg, nil
	}
}

// Write implements mcp.Connection. Once a request is answered, its params
// are let go: the SDK's JSON-RPC layer keeps handled requests in the
// backing array of its queue (internal/jsonrpc2, handleAsync pops with
// s.handlerQueue[1:]) until that array is replaced, which would keep the
// arguments of a burst of large calls alive as long as the session.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-c.closed:
		return mcp.ErrConnectionClosed
	default:
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	if _, err := c.out.Write(append(data, '\n')); err != nil {
		return err
	}
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		if req := c.calls[resp.ID]; req != nil {
			req.Params = nil
			delete(c.calls, resp.ID)
		}
		c.mu.Unlock()
	}
	return nil
}

// Close implements mcp.Connection: it ends Read and closes the input (as
// the SDK's stdio transport closes os.Stdin).
func (c *stdioConn) Close() error {
	var err error
	c.once.Do(func() {
		close(c.closed)
		if cl, ok := c.in.(io.Closer); ok {
			err = cl.Close()
		}
	})
	return err
}

// SessionID implements mcp.Connection: stdio has no session id.
func (c *stdioConn) SessionID() string { return "" }
