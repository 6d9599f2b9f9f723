// Package migrating holds the before and after code of
// docs/migrating-mcpgo.md: the guide quotes the files byte for byte, the
// packages build with the module, and the test calls both servers.
// (e2e's TestMigratingGuideIsFresh keeps after/stitch_gen.go fresh, so
// that this module's tests need no generator.)
package migrating

import (
	"context"
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo/internal/migrating/after"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo/internal/migrating/before"
)

const guide = "../../../../docs/migrating-mcpgo.md"

// quoted matches a file the guide quotes: a comment naming it, then a Go block.
var quoted = regexp.MustCompile("(?ms)^<!-- file: ([a-z/_.]+) -->\n```go\n(.*?)^```\n")

// TestGuideQuotesTheFiles: every Go block of the guide is a file of this
// directory, byte for byte, so every block the guide shows compiles.
func TestGuideQuotesTheFiles(t *testing.T) {
	doc, err := os.ReadFile(guide)
	if err != nil {
		t.Fatal(err)
	}
	ms := quoted.FindAllSubmatch(doc, -1)
	var files []string
	for _, m := range ms {
		name, body := string(m[1]), string(m[2])
		files = append(files, name)
		have, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("the guide quotes %s: %v", name, err)
			continue
		}
		if string(have) != body {
			t.Errorf("the guide's %s differs from the file:\n%s", name, body)
		}
	}
	want := []string{"before/server.go", "before/typed.go", "after/tools.go", "after/server.go"}
	if len(files) != len(want) {
		t.Fatalf("the guide quotes %q, want %q", files, want)
	}
	for i := range want {
		if files[i] != want[i] {
			t.Errorf("the guide quotes %q, want %q", files, want)
			break
		}
	}
	if n := len(regexp.MustCompile("(?m)^```go$").FindAll(doc, -1)); n != len(want) {
		t.Errorf("the guide has %d Go blocks; %d are quoted files", n, len(want))
	}
}

func call(t *testing.T, s *server.MCPServer, args string) (string, bool) {
	t.Helper()
	c, err := client.NewInProcessClient(s)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "migrating-test", Version: "v0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = "greet"
	req.Params.Arguments = json.RawMessage(args)
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	return res.Content[0].(mcp.TextContent).Text, res.IsError
}

// hint is the hint of every VALIDATION_ERROR envelope.
const hint = "The arguments do not match the tool's input schema. Fix every listed issue (each path is a JSON Pointer into the arguments) and call the tool again."

// TestBeforeAndAfter pins the answers the guide's table quotes.
func TestBeforeAndAfter(t *testing.T) {
	typed := server.NewMCPServer("hello-tools", "v0.1.0")
	before.AddTypedGreet(typed, mcp.NewTool("greet", mcp.WithString("name", mcp.Required()), mcp.WithNumber("excitement")))
	a, err := after.NewServer()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args                 string
		before, typed, after string
	}{
		{`{"name":"Ada","excitement":2}`, "Hello, Ada!!", "Hello, Ada!!", "Hello, Ada!!"},
		{`{"name":"Ada","excitement":"2"}`, "Hello, Ada!!", "failed to bind arguments: json: cannot unmarshal string into Go struct field GreetArgs.excitement of type int", `{"error":"VALIDATION_ERROR","issues":[{"path":"/excitement","code":"type","expected":"integer","message":"expected integer, got string"}],"hint":"` + hint + `"}`},
		{`{"name":"Ada","excitment":3}`, "Hello, Ada!", "Hello, Ada",
			`{"error":"VALIDATION_ERROR","issues":[{"path":"/excitment","code":"unknown_key","expected":"name, excitement","message":"unknown key \"excitment\"; allowed keys: name, excitement; did you mean \"excitement\"?"}],"hint":"` + hint + `"}`},
		{`{"name":"Ada","excitement":2.5}`, "Hello, Ada!!", "failed to bind arguments: json: cannot unmarshal number 2.5 into Go struct field GreetArgs.excitement of type int",
			`{"error":"VALIDATION_ERROR","issues":[{"path":"/excitement","code":"type","expected":"integer","message":"expected integer, got 2.5"}],"hint":"` + hint + `"}`},
		{`{"name":"","excitement":9}`, "excitement must be between 0 and 3", "Hello, !!!!!!!!!",
			`{"error":"VALIDATION_ERROR","issues":[{"path":"/name","code":"length","expected":">= 1","message":"string length 0 is below the minimum 1"},{"path":"/excitement","code":"range","expected":"<= 3","message":"must be <= 3, got 9"}],"hint":"` + hint + `"}`},
	} {
		got, isErr := call(t, before.NewServer(), c.args)
		if got != c.before {
			t.Errorf("before %s: %q (isError %v), want %q", c.args, got, isErr, c.before)
		}
		got, isErr = call(t, typed, c.args)
		if got != c.typed {
			t.Errorf("typed %s: %q (isError %v), want %q", c.args, got, isErr, c.typed)
		}
		got, isErr = call(t, a, c.args)
		if got != c.after {
			t.Errorf("after %s: %q (isError %v), want %q", c.args, got, isErr, c.after)
		}
	}
}
