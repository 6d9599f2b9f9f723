// Package wire is what a stitchgen adapter puts between the network and
// its MCP SDK: the exact check of a JSON-RPC message before any SDK parses
// it (Check), a stdio line reader and filter that answer a refused line
// with a JSON-RPC error and go on serving (LineReader, Filter), and an
// http.Handler that bounds what a streamable-HTTP request may cost before
// the SDK reads it (Guard: body cap, the check, limits on requests in
// flight, read and write deadlines).
//
// It knows no SDK: the adapters (stitchgosdk, stitchmcpgo) build their
// serving entry points from it, with the defaults of docs/serving.md. A
// service uses it directly only to serve an SDK stitchgen has no adapter
// for.
//
// The package imports only the standard library.
package wire
