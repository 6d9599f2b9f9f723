// Package stitchgosdk serves the tools of a stitch.Dispatcher on the
// official MCP Go SDK (github.com/modelcontextprotocol/go-sdk).
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "shop", Version: "v1.0.0"}, nil)
//	stitchgosdk.AddTools(server, d)
//	err := server.Run(ctx, &mcp.StdioTransport{})
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
// It is a module of its own, so that a service using another adapter does
// not download this SDK.
package stitchgosdk
