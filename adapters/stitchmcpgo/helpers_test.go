package stitchmcpgo_test

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/fixture"
	"github.com/stitchgen/stitchgen/stitch"
)

// observer records what the dispatcher's After observer sees: the tool
// and the argument bytes of every call, in order.
type observer struct {
	mu   sync.Mutex
	seen []string
}

func (o *observer) after(_ context.Context, c *stitch.Call) {
	o.mu.Lock()
	o.seen = append(o.seen, c.Tool+" "+string(c.Args))
	o.mu.Unlock()
}

func (o *observer) calls() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.seen...)
}

// handTool is a tool built by hand (not a stitchgen contract): its input
// is the raw argument document, which run turns into a text result.
func handTool(name, schema string, run func(ctx context.Context, args string) (string, error)) stitch.Tool {
	return stitch.Tool{
		Name:        name,
		Description: "Hand-built tool " + name + ".",
		InputSchema: schema,
		Decode: func(args []byte, _ stitch.DecodeOptions) (any, []string, []string, error) {
			return string(args), nil, nil, nil
		},
		Run: func(ctx context.Context, in any) (stitch.Output, error) {
			text, err := run(ctx, in.(string))
			return stitch.Output{Text: text}, err
		},
	}
}

const objectSchema = `{"type":"object","properties":{}}`

// testTools are the hand-built tools of the tests, beside the fixture's.
func testTools() []stitch.Tool {
	yes, no := true, false
	annotated := handTool("annotated", objectSchema, func(context.Context, string) (string, error) { return "", nil })
	annotated.Title = "Annotated"
	annotated.Annotations = &stitch.Annotations{ReadOnlyHint: &yes, OpenWorldHint: &no}

	size := int64(4)
	blocks := handTool("blocks", objectSchema, func(ctx context.Context, _ string) (string, error) {
		stitch.AddContent(ctx,
			&stitch.TextContent{Text: "second", Meta: map[string]any{"k": "v"},
				Annotations: &stitch.ContentAnnotations{Audience: []string{"user", "assistant"}, Priority: 0.5, LastModified: "2026-12-01T00:00:00Z"}},
			&stitch.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"},
			&stitch.AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav", Annotations: &stitch.ContentAnnotations{Priority: 0}},
			&stitch.ResourceLink{URI: "file:///a.txt", Name: "a.txt", Title: "A", Description: "the a file", MIMEType: "text/plain", Size: &size},
			&stitch.ResourceLink{URI: "file:///b", Name: "b"},
			&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "file:///a.txt", MIMEType: "text/plain", Text: "line 1\nline 2"}},
			&stitch.EmbeddedResource{Resource: &stitch.ResourceContents{URI: "file:///b.bin", Blob: []byte{0, 1, 2}, Meta: map[string]any{"n": 1}}},
		)
		return "first", nil
	})

	// report sends progress and log messages, then a last log message at
	// the highest level, which every client level lets through: once the
	// client has it, it has every notification the call sent before.
	report := handTool("report", objectSchema, func(ctx context.Context, _ string) (string, error) {
		for _, err := range []error{
			stitch.Progress(ctx, 1, 2, "half"),
			stitch.Progress(ctx, 2, 0, ""),
			stitch.Log(ctx, stitch.LevelDebug, "report", "debug message"),
			stitch.Log(ctx, stitch.LevelWarning, "report", map[string]any{"disk": "low"}),
			stitch.Log(ctx, stitch.LevelEmergency, "", "done"),
		} {
			if err != nil {
				return "", err
			}
		}
		return "reported", nil
	})

	// ask reads its request (the _meta of the call) and asks the client
	// for a sampling through the server of its context.
	ask := handTool("ask", objectSchema, func(ctx context.Context, _ string) (string, error) {
		req := stitchmcpgo.Request(ctx)
		if req == nil || req.Params.Meta == nil {
			return "", errors.New("no request or no _meta")
		}
		res, err := server.ServerFromContext(ctx).RequestSampling(ctx, mcp.CreateMessageRequest{
			CreateMessageParams: mcp.CreateMessageParams{
				Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent("ping")}},
				MaxTokens: 10,
			},
		})
		if err != nil {
			return "", err
		}
		text, _ := res.Content.(mcp.TextContent)
		return req.Params.Name + " trace=" + req.Params.Meta.AdditionalFields["trace"].(string) + " sampled=" + text.Text, nil
	})

	// html has text that encoding/json escapes (<, >, &, U+2028) in its
	// description, its schema and its structured output.
	html := stitch.Tool{
		Name:         "html",
		Description:  "Renders <b> & \u2028 tags.",
		InputSchema:  "{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\",\"description\":\"a <q> & \u2028\"}}}",
		OutputSchema: `{"type":"object","properties":{"html":{"type":"string"}},"required":["html"]}`,
		Decode:       func([]byte, stitch.DecodeOptions) (any, []string, []string, error) { return nil, nil, nil, nil },
		Run: func(context.Context, any) (stitch.Output, error) {
			return stitch.Output{Value: rawJSON("{\"html\":\"<p>&amp;</p>\u2028\"}")}, nil
		},
	}
	return []stitch.Tool{annotated, blocks, report, ask, html}
}

// rawJSON is an output document written as it is.
type rawJSON string

func (r rawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// newDispatcher serves the fixture's tools and the tests' own, with the
// observer o.
func newDispatcher(t *testing.T, o *observer) *stitch.Dispatcher {
	t.Helper()
	h := fixture.NewHandler()
	t.Cleanup(func() { close(h.Release) })
	opt := stitch.Options{}
	if o != nil {
		opt.After = o.after
	}
	d, err := stitch.NewDispatcher(opt, fixture.StitchTools(h), testTools())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// notes records the notifications a client receives.
type notes struct {
	mu   sync.Mutex
	list []string
	done chan struct{} // closed when the emergency log message arrives
	once sync.Once
}

func newNotes() *notes { return &notes{done: make(chan struct{})} }

func (n *notes) add(nt mcp.JSONRPCNotification) {
	// The method and the params, without the _meta that the client's
	// decoding of a notification received over HTTP adds as {}.
	params := map[string]any{}
	for k, v := range nt.Params.AdditionalFields {
		params[k] = v
	}
	b, err := json.Marshal(params)
	if err != nil {
		panic(err)
	}
	n.mu.Lock()
	n.list = append(n.list, nt.Method+" "+string(b))
	n.mu.Unlock()
	if nt.Method == "notifications/message" && fmt.Sprint(nt.Params.AdditionalFields["level"]) == "emergency" {
		n.once.Do(func() { close(n.done) })
	}
}

// wait returns the notifications received up to the emergency log
// message, which the report tool sends last.
func (n *notes) wait(t *testing.T) []string {
	t.Helper()
	select {
	case <-n.done:
	case <-time.After(30 * time.Second):
		t.Fatal("the last log message of the call never arrived")
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]string(nil), n.list...)
}

// conn is a connected mcp-go client, with the transport it uses.
type conn struct {
	c     *client.Client
	tr    transport.Interface
	notes *notes
	url   string // the streamable-HTTP endpoint, "" in process
}

// legacy is the protocol version before 2026-07-28 (initialize handshake,
// logging/setLevel); "" lets the client choose (2026-07-28, stateless).
const legacy = mcp.LATEST_LEGACY_PROTOCOL_VERSION

func initialize(t *testing.T, c *client.Client, version string) {
	t.Helper()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	req := mcp.InitializeRequest{}
	req.Params.ProtocolVersion = version
	req.Params.ClientInfo = mcp.Implementation{Name: "test-client", Version: "v0"}
	if _, err := c.Initialize(ctx, req); err != nil {
		t.Fatal(err)
	}
}

// inProcess connects an mcp-go client to s in process.
func inProcess(t *testing.T, s *server.MCPServer, version string, opts ...client.ClientOption) *conn {
	t.Helper()
	c, err := client.NewInProcessClientWithOptions(s, opts...)
	if err != nil {
		t.Fatal(err)
	}
	n := newNotes()
	c.OnNotification(n.add)
	initialize(t, c, version)
	t.Cleanup(func() { c.Close() })
	return &conn{c: c, tr: c.GetTransport(), notes: n}
}

// overHTTP serves s over streamable HTTP on loopback with opts and
// connects an mcp-go client to it.
func overHTTP(t *testing.T, s *server.MCPServer, version string, opts ...server.StreamableHTTPOption) *conn {
	t.Helper()
	hs := httptest.NewServer(server.NewStreamableHTTPServer(s, opts...))
	t.Cleanup(hs.Close)
	c, err := client.NewStreamableHttpClient(hs.URL + "/mcp")
	if err != nil {
		t.Fatal(err)
	}
	n := newNotes()
	c.OnNotification(n.add)
	initialize(t, c, version)
	t.Cleanup(func() { c.Close() })
	return &conn{c: c, tr: c.GetTransport(), notes: n, url: hs.URL + "/mcp"}
}

var requestID struct {
	sync.Mutex
	n int64
}

// raw sends one request with params exactly as given (the transport
// marshals the envelope; compact params without <, > and & pass through
// json.Marshal unchanged) and returns the raw result or the JSON-RPC
// error, as JSON text.
func (c *conn) raw(t *testing.T, method, params string) string {
	t.Helper()
	requestID.Lock()
	requestID.n++
	id := requestID.n
	requestID.Unlock()
	resp, err := c.tr.SendRequest(context.Background(), transport.JSONRPCRequest{
		JSONRPC: mcp.JSONRPC_VERSION, ID: mcp.NewRequestId(id), Method: method, Params: json.RawMessage(params),
	})
	if err != nil {
		t.Fatalf("%s %s: %v", method, params, err)
	}
	if resp.Error != nil {
		b, _ := json.Marshal(resp.Error)
		return "error " + string(b)
	}
	return string(resp.Result)
}

// post sends body as it is, byte for byte, to the streamable-HTTP
// endpoint in the session of c, and returns the JSON-RPC message of the
// response (fixture.PostMCP).
func (c *conn) post(t *testing.T, body []byte) string {
	t.Helper()
	_, msg := fixture.PostMCP(t, c.url, map[string]string{"Mcp-Session-Id": c.c.GetSessionId(), "Mcp-Protocol-Version": c.c.ProtocolVersion()}, string(body))
	return msg
}

// callParams is the params of a tools/call with raw arguments.
func callParams(name, args string) string {
	p := `{"name":` + strconv.Quote(name)
	if args != "" {
		p += `,"arguments":` + args
	}
	return p + "}"
}
