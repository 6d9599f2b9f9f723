package bench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"

	"github.com/stitchgen/stitchgen/adapters/stitchgosdk"
	"github.com/stitchgen/stitchgen/adapters/stitchmcpgo"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/cputime"
	"github.com/stitchgen/stitchgen/stitch"
)

// The end-to-end servers: one tool (contract S's search_products) served
// four ways, each by a process of its own (the test binary started again
// with e2eServeEnv set to the variant), so that a server's CPU time is its
// own.
var e2eImpls = []string{"stitch-gosdk", "gosdk-typed", "stitch-mcpgo", "mcpgo-typed"}

// e2eAnswer is what every variant answers a call with.
func e2eAnswer(query string, limit int) string {
	return "found " + strconv.Itoa(limit) + " products for " + strconv.Quote(query)
}

// searchService is the stitch handler of contract S.
type searchService struct{}

func (searchService) SearchProducts(_ context.Context, in s.SearchProducts) (string, error) {
	return e2eAnswer(in.Query, in.Limit), nil
}

// e2eServeEnv names the variable that makes the test binary the
// end-to-end server of the variant it holds instead of running tests
// (TestMain).
const e2eServeEnv = "STITCH_BENCH_E2E_SERVE"

// e2eHandler serves one variant at every path but /cpu, where it answers
// the process's CPU time in nanoseconds.
func e2eHandler(impl string) (http.Handler, error) {
	d, err := stitch.NewDispatcher(stitch.Options{}, s.StitchTools(searchService{}))
	if err != nil {
		return nil, err
	}
	var h http.Handler
	switch impl {
	case "stitch-gosdk": // the adapter with its serving defaults
		srv := gosdk.NewServer(&gosdk.Implementation{Name: "bench", Version: "v0.0.0"}, nil)
		stitchgosdk.AddTools(srv, d)
		h = stitchgosdk.HTTPHandler(srv, nil)
	case "gosdk-typed": // the SDK's typed tool on its own handler
		srv := gosdk.NewServer(&gosdk.Implementation{Name: "bench", Version: "v0.0.0"}, nil)
		gosdk.AddTool(srv, &gosdk.Tool{Name: "search_products", Description: "SearchProducts searches the catalogue.", InputSchema: json.RawMessage(s.SearchProductsLosslessSchema)},
			func(_ context.Context, _ *gosdk.CallToolRequest, in STwin) (*gosdk.CallToolResult, any, error) {
				return &gosdk.CallToolResult{Content: []gosdk.Content{&gosdk.TextContent{Text: e2eAnswer(in.Query, in.Limit)}}}, nil, nil
			})
		h = gosdk.NewStreamableHTTPHandler(func(*http.Request) *gosdk.Server { return srv }, nil)
	case "stitch-mcpgo": // the adapter with its serving defaults
		h, _ = stitchmcpgo.HTTPHandler(stitchmcpgo.NewServer("bench", "v0.0.0", d), nil)
	case "mcpgo-typed": // mcp-go's typed handler on its own server
		srv := mcpgoserver.NewMCPServer("bench", "v0.0.0")
		srv.AddTool(mcpgo.NewTool("search_products", mcpgo.WithDescription("SearchProducts searches the catalogue."), mcpgo.WithRawInputSchema(json.RawMessage(s.SearchProductsLosslessSchema))),
			mcpgo.NewTypedToolHandler(func(_ context.Context, _ mcpgo.CallToolRequest, in STwin) (*mcpgo.CallToolResult, error) {
				return mcpgo.NewToolResultText(e2eAnswer(in.Query, in.Limit)), nil
			}))
		h = mcpgoserver.NewStreamableHTTPServer(srv)
	default:
		return nil, fmt.Errorf("no end-to-end variant %q", impl)
	}
	mux := http.NewServeMux()
	mux.Handle("/", h)
	mux.HandleFunc("/cpu", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, int64(cputime.Process()))
	})
	return mux, nil
}

// serveE2E is the server process of variant impl: it prints its address
// and serves until its standard input closes.
func serveE2E(impl string) error {
	h, err := e2eHandler(impl)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	fmt.Println(ln.Addr().String())
	_, _ = bufio.NewReader(os.Stdin).ReadString('\n') // until the parent closes it
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = srv.Shutdown(ctx)
	return nil
}
