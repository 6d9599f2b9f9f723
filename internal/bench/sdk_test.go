package bench

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/stitchgen/stitchgen/internal/bench/contracts/l"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/u"
)

// sdkCase is one tool served by the real SDK, with what its handler saw.
type sdkCase struct {
	tool   string
	schema string
	got    *any // the In value of the last handler call
	replay func(args []byte) (any, error)
}

// addTwinTool serves a tool whose In is the twin type W on the real SDK,
// with the same input schema the replica resolves.
func addTwinTool[W any](srv *mcp.Server, name, schema string) sdkCase {
	var got any
	mcp.AddTool(srv, &mcp.Tool{Name: name, InputSchema: json.RawMessage(schema)},
		func(_ context.Context, _ *mcp.CallToolRequest, in W) (*mcp.CallToolResult, any, error) {
			got = in
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		})
	p, err := NewSDKPath[W]([]byte(schema))
	if err != nil {
		panic(err)
	}
	return sdkCase{tool: name, schema: schema, got: &got,
		replay: func(args []byte) (any, error) { return p.Decode(args) }}
}

// TestSDKReplicaMatchesSDK calls tools served by the real go-sdk (mcp.AddTool
// with a typed In, an in-memory client) with every valid and invalid
// input, and checks that the replica timed by the benchmarks accepts and
// rejects the same inputs, with the same error text, and decodes the same
// value.
func TestSDKReplicaMatchesSDK(t *testing.T) {
	ctx := context.Background()
	srv := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v0.0.0"}, nil)
	cases := map[string]sdkCase{
		"S": addTwinTool[STwin](srv, "s", s.SearchProductsLosslessSchema),
		"U": addTwinTool[UTwin](srv, "u", u.SendNotificationLosslessSchema),
		"L": addTwinTool[LTwin](srv, "l", l.SendBatchLosslessSchema),
	}
	cases["U-disc-last"] = cases["U"]
	st, ct := mcp.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v0.0.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	docs := []Invalid{}
	for _, sh := range Shapes {
		docs = append(docs, Invalid{sh.Name, "valid", sh.Doc})
	}
	accepted, rejected := 0, 0
	for _, d := range append(docs, Invalids...) {
		if !json.Valid(d.Doc) {
			continue // not a JSON value: no client can send it as arguments
		}
		c := cases[d.Shape]
		*c.got = nil
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(d.Doc)})
		if err != nil {
			t.Fatalf("%s/%s: %v", d.Shape, d.Name, err)
		}
		want, werr := c.replay(d.Doc)
		name := d.Shape + "/" + d.Name
		switch {
		case res.IsError != (werr != nil):
			t.Errorf("%s: SDK isError=%v, replica error %v", name, res.IsError, werr)
		case res.IsError:
			rejected++
			if text := res.Content[0].(*mcp.TextContent).Text; text != werr.Error() {
				t.Errorf("%s: SDK error\n%s\nreplica error\n%s", name, text, werr)
			}
		default:
			accepted++
			if !reflect.DeepEqual(*c.got, want) {
				t.Errorf("%s: SDK decoded\n%#v\nreplica decoded\n%#v", name, *c.got, want)
			}
		}
	}
	if accepted < len(Shapes) || rejected == 0 {
		t.Errorf("accepted %d, rejected %d: the comparison covered too little", accepted, rejected)
	}
}
