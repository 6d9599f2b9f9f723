package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/gen"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/stitch"
)

// The hints of the VALIDATION_ERROR and TIMEOUT envelopes.
const (
	hintValidation = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."
	hintTimeout    = "The tool did not finish in time and may still complete, or may have done part of its work. Check its effect (for example with a read-only tool) before calling it again: a retry may do it twice."
)

// generate runs the pipeline on one example package, fails on any
// diagnostic or on a checked-in stitch_gen.go that differs from a fresh
// generation, and returns the manifest.
func generate(t *testing.T, pattern string) []byte {
	t.Helper()
	r, err := gen.Generate(gen.Config{Dir: "..", Patterns: []string{pattern}, Flatten: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Diagnostics {
		t.Errorf("diagnostic: %v", d)
	}
	if model.HasErrors(r.Diagnostics) || len(r.Packages) != 1 {
		t.Fatalf("generation of %s failed (%d packages)", pattern, len(r.Packages))
	}
	file := r.Packages[0].File
	if !filepath.IsAbs(file) {
		file = filepath.Join("..", file) // relative to Config.Dir
	}
	onDisk, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onDisk, r.Packages[0].Content) {
		t.Errorf("%s is stale: run go generate %s", r.Packages[0].File, pattern)
	}
	return r.Manifest()
}

// recorder is a client transport that keeps the raw result of every JSON-RPC
// response, so a test can see the exact bytes the server sent.
type recorder struct {
	mcp.Transport
	mu      sync.Mutex
	results []json.RawMessage
}

type recConn struct {
	mcp.Connection
	r *recorder
}

func (r *recorder) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := r.Transport.Connect(ctx)
	return &recConn{c, r}, err
}

func (c *recConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	m, err := c.Connection.Read(ctx)
	if resp, ok := m.(*jsonrpc.Response); ok {
		c.r.mu.Lock()
		c.r.results = append(c.r.results, resp.Result)
		c.r.mu.Unlock()
	}
	return m, err
}

func (r *recorder) last() json.RawMessage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.results[len(r.results)-1]
}

// connect serves server over in-memory transports and returns a connected
// go-sdk client session.
func connect(t *testing.T, server *mcp.Server) (*mcp.ClientSession, *recorder) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Transport: ct}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "v0"}, nil).Connect(context.Background(), rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs, rec
}

// call sends args verbatim as the arguments of a tools/call; a protocol
// error fails the test (every tool failure must be an isError result).
func call(t *testing.T, cs *mcp.ClientSession, tool, args string) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)})
	if err != nil {
		t.Fatalf("%s %s: protocol error: %v", tool, args, err)
	}
	if len(res.Content) != 1 {
		t.Fatalf("%s %s: %d content items, want 1", tool, args, len(res.Content))
	}
	return res
}

func text(res *mcp.CallToolResult) string { return res.Content[0].(*mcp.TextContent).Text }

// issue is the path and code of one envelope issue.
type issue struct{ Path, Code string }

// envelope is the JSON text of a failed call.
type envelope struct {
	Error  string `json:"error"`
	Issues []struct {
		Path     string `json:"path"`
		Code     string `json:"code"`
		Expected string `json:"expected"`
		Message  string `json:"message"`
	} `json:"issues"`
	Message string `json:"message"`
	Hint    string `json:"hint"`
}

// parseEnvelope decodes the envelope of a failed call strictly.
func parseEnvelope(t *testing.T, res *mcp.CallToolResult) envelope {
	t.Helper()
	if !res.IsError || res.StructuredContent != nil {
		t.Fatalf("want an isError result without structuredContent, got isError=%v %s", res.IsError, text(res))
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(text(res))))
	dec.DisallowUnknownFields()
	var env envelope
	if err := dec.Decode(&env); err != nil {
		t.Fatalf("envelope %s: %v", text(res), err)
	}
	for _, is := range env.Issues {
		if is.Message == "" {
			t.Errorf("issue %s %s has no message", is.Path, is.Code)
		}
	}
	return env
}

// issuesOf returns the sorted path/code pairs of an envelope.
func issuesOf(env envelope) []issue {
	var out []issue
	for _, is := range env.Issues {
		out = append(out, issue{is.Path, is.Code})
	}
	return sorted(out)
}

func sorted(is []issue) []issue {
	sort.Slice(is, func(i, j int) bool {
		if is[i].Path != is[j].Path {
			return is[i].Path < is[j].Path
		}
		return is[i].Code < is[j].Code
	})
	return is
}

// toolList is a tools/list result with every member kept as raw bytes.
type toolList struct {
	Tools []map[string]json.RawMessage `json:"tools"`
}

// servedTools rebuilds a tools/list result in the manifest's tool order and
// member order from the raw bytes the server sent, so the two can be
// compared byte for byte. Both list tools sorted by name; the members of a
// tool are re-joined in the manifest's order (the SDK's struct order may
// differ); nothing else may differ.
func servedTools(t *testing.T, raw json.RawMessage, manifest []byte) []byte {
	t.Helper()
	var list, want toolList
	if err := json.Unmarshal(raw, &list); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(manifest, &want); err != nil {
		t.Fatal(err)
	}
	rank := map[string]int{}
	for i, tool := range want.Tools {
		rank[string(tool["name"])] = i
	}
	sort.SliceStable(list.Tools, func(i, j int) bool {
		return rank[string(list.Tools[i]["name"])] < rank[string(list.Tools[j]["name"])]
	})
	var b bytes.Buffer
	b.WriteString(`{"tools":[`)
	for i, tool := range list.Tools {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('{')
		sep := ""
		declared := want.Tools[rank[string(tool["name"])]]["annotations"]
		for _, k := range []string{"name", "title", "description", "inputSchema", "outputSchema"} {
			if v, ok := tool[k]; ok {
				b.WriteString(sep + `"` + k + `":`)
				b.Write(v)
				sep = ","
			}
			delete(tool, k)
		}
		if a, ok := tool["annotations"]; ok {
			b.WriteString(sep + `"annotations":`)
			b.Write(annotations(t, a, declared))
			delete(tool, "annotations")
		}
		if len(tool) != 0 {
			t.Errorf("tool %d has members the manifest lacks: %v", i, reflect.ValueOf(tool).MapKeys())
		}
		b.WriteByte('}')
	}
	b.WriteString("]}\n")
	return b.Bytes()
}

// newDispatcher returns a dispatcher of tools with opt.
func newDispatcher(t testing.TB, tools []stitch.Tool, opt stitch.Options) *stitch.Dispatcher {
	t.Helper()
	d, err := stitch.NewDispatcher(opt, tools)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// newServer returns an MCP server with tools, served by one dispatcher
// with opt.
func newServer(t testing.TB, tools []stitch.Tool, opt stitch.Options) *mcp.Server {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "e2e", Version: "v1.0.0"}, nil)
	stitchgosdk.AddTools(s, newDispatcher(t, tools, opt))
	return s
}

// annotations rewrites served annotations in MCP's order (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint), leaving out a false
// readOnlyHint or idempotentHint that the manifest does not have: the
// go-sdk always writes those two (as false, their default).
func annotations(t *testing.T, served, declared json.RawMessage) []byte {
	t.Helper()
	var got, want map[string]bool
	if err := json.Unmarshal(served, &got); err != nil {
		t.Fatal(err)
	}
	if declared != nil {
		if err := json.Unmarshal(declared, &want); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	b.WriteByte('{')
	sep := ""
	for _, k := range []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"} {
		v, ok := got[k]
		if _, declared := want[k]; !ok || !v && !declared && (k == "readOnlyHint" || k == "idempotentHint") {
			continue
		}
		b.WriteString(sep + `"` + k + `":` + strconv.FormatBool(v))
		sep = ","
	}
	b.WriteByte('}')
	return b.Bytes()
}
