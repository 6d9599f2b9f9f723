// Package e2e holds the end-to-end tests of stitchgen's serving path: the
// example services (examples/shop/shop, examples/broadcast/broadcast) are
// served by one stitch.Dispatcher on the official MCP Go SDK (adapter
// stitchgosdk) and called by its client over in-memory transports,
// streamable HTTP and stdio (the examples/serve command), and, under ts/, by
// the TypeScript MCP SDK over stdio. The replica and auth tests serve the
// test fixture on both MCP adapters (stitchgosdk, stitchmcpgo) behind a
// reverse proxy and bearer-token middlewares.
//
// It is a module of its own (it needs the SDK). It has no code of its own;
// it imports the example packages, the adapter, the SDK and package gen (to
// compare tools/list with the manifest), never cmd/.
package e2e
