// Package e2e holds the end-to-end tests of stitchgen's serving path: the
// example services (examples/shop, examples/broadcast) are served by the
// official MCP Go SDK and called by its client over in-memory transports and
// streamable HTTP, and, under ts/, by the TypeScript MCP SDK over stdio.
//
// It has no code of its own; it imports the example packages, the MCP SDK and
// package gen (to compare tools/list with the manifest), never cmd/.
package e2e
