// Package serve emits the typed tool handlers of a contract package into its
// generated file (SPEC §3): the StitchHandler interface (one typed method per
// tool), the SDK-free StitchDispatcher (tool name + raw JSON arguments →
// result) with its observers and the single error channel of SPEC §4.14, and
// the adapter that serves the tools on the official MCP Go SDK through the raw
// (*mcp.Server).AddTool.
//
// It owns only the emission of that plumbing. It imports model and jennifer;
// it must not import the other stages (load, schema, flatten, decode, check)
// nor package gen, which calls it. The code it emits imports only the standard
// library and, for the adapter, github.com/modelcontextprotocol/go-sdk/mcp.
//
// The emitted code relies on names other stages emit into the same file: the
// decoder API of package decode ((*T).DecodeToolCall, T.MarshalJSON,
// *StitchError, StitchIssue) and the schema constants of package gen
// (TInputSchema, TOutputSchema).
package serve
