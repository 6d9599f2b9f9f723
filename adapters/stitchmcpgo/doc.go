// Package stitchmcpgo serves the tools of a stitch.Dispatcher on
// github.com/mark3labs/mcp-go.
//
//	d, err := stitch.NewDispatcher(stitch.Options{Timeout: 30 * time.Second}, shop.StitchTools(svc))
//	if err != nil {
//		return err
//	}
//	s := stitchmcpgo.NewServer("shop", "v1.0.0", d)
//	s.AddTool(plainTool, plainHandler) // mcp-go tools of your own, served beside them
//	return stitchmcpgo.ServeStdio(ctx, s, os.Stdin, os.Stdout, nil)
//	// or: return stitchmcpgo.ListenAndServe(ctx, s, "127.0.0.1:8080", nil)
//
// Each tool is registered with its schemas as mcp-go's raw schemas
// (Tool.RawInputSchema, RawOutputSchema): tools/list serves the generated
// schema bytes, unchanged, and the annotations the directive declared. A
// call's raw argument bytes (CallToolParams.RawArguments) reach the exact
// decoder; every failure is an isError result with the envelope of
// package stitch, never a JSON-RPC error, and a call of an unknown tool
// is answered by the dispatcher too (AddTools says how and when). A
// handler reaches the client through its context: stitch.Progress and
// stitch.Log work, Request returns mcp-go's request (_meta, HTTP headers),
// and server.ServerFromContext the server for sampling, elicitation and
// roots.
//
// ServeStdio and HTTPHandler with ListenAndServe serve a server with the limits
// of package stitch/wire and the defaults of docs/serving.md: a line or
// body the server cannot take (too large or deep, a repeated "name" or
// "arguments" in a tools/call, bytes after the message) is answered with a
// JSON-RPC error and the server goes on; session state is dropped after
// an idle TTL, slow bodies and writes time out, and the requests and body
// bytes in flight are bounded.
//
// Where mcp-go differs from the official Go SDK (adapter stitchgosdk), and
// why, is in docs/mcpgo.md of the stitchgen repository.
//
// It is a module of its own, so that a service using another adapter does
// not download mcp-go.
package stitchmcpgo
