package e2e

import (
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestServeOverStdio builds the examples' serve command (shop and broadcast
// on one server) and talks to it as an MCP host would: over the process's
// stdin and stdout.
func TestServeOverStdio(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the example")
	}
	bin := filepath.Join(t.TempDir(), "serve")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/stitchgen/stitchgen/examples/serve").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "e2e-stdio", Version: "v0"}, nil)
	cs, err := client.Connect(context.Background(), &mcp.CommandTransport{Command: exec.Command(bin)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	if want := []string{"cancel_order", "edit_broadcast", "get_order", "place_order", "preview_broadcast", "send_broadcast"}; !reflect.DeepEqual(names, want) {
		t.Errorf("tools %v, want %v", names, want)
	}
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "send_broadcast",
		Arguments: json.RawMessage(`{"channel":"ops","parts":[{"kind":"text","text":"deploy done"}],"parts":[]}`)})
	if err != nil {
		t.Fatal(err)
	}
	env := parseEnvelope(t, res)
	if want := []issue{{"/parts", "duplicate_key"}}; !reflect.DeepEqual(issuesOf(env), want) {
		t.Errorf("duplicate key over stdio: %+v", env)
	}
	res, err = cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "send_broadcast",
		Arguments: json.RawMessage(`{"channel":"ops","parts":[{"kind":"text","text":"deploy done"}]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"broadcastId":"b-1","channel":"ops","parts":1,"mediaCount":0}`; res.IsError || text(res) != want {
		t.Errorf("got %s, want %s", text(res), want)
	}
}
