// Package stitchgosdk serves the tools of a stitch.Dispatcher on the
// official MCP Go SDK (github.com/modelcontextprotocol/go-sdk).
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "v1.0.0"}, nil)
//	stitchgosdk.AddTools(server, d)
//	err := stitchgosdk.ServeStdio(ctx, server, nil)
//	// or streamable HTTP on http://127.0.0.1:8080/:
//	err := stitchgosdk.ListenAndServe(ctx, server, "127.0.0.1:8080", nil)
//
// Each tool is registered with the SDK's raw Server.AddTool: its
// inputSchema and outputSchema are the generated schema bytes, unchanged;
// the call's raw argument bytes reach the exact decoder (the SDK parses
// nothing on the way); every failure is an isError result with the
// envelope of package stitch, never a JSON-RPC error. A handler reaches
// the session through its context: stitch.Progress and stitch.Log work,
// and Request returns the SDK's request (for sampling, elicitation, roots
// and _meta).
//
// ServeStdio (StdioTransport) and HTTPHandler with ListenAndServe serve a
// server with the limits of package stitch/wire and the defaults of
// docs/serving.md: a line or body the server cannot take (malformed, too
// large or deep, a repeated "name" or "arguments" in a tools/call, bytes
// after the message) is answered with a JSON-RPC error and the server
// goes on; idle sessions are closed, slow bodies and writes time out, and
// the requests, body bytes and sessions in flight are bounded. The SDK's
// own mcp.StdioTransport and mcp.NewStreamableHTTPHandler still work with
// AddTools, without those limits.
//
// It is a module of its own, so that a service using another adapter does
// not download this SDK.
package stitchgosdk
