// Package stitch is what a service writes against once, whatever its
// contract packages: the tool description (Tool), the dispatcher that
// serves the tools of one or several contract packages (Dispatcher), its
// options and observers (Options, Call), the outcome of a call (Result and
// its Content blocks), and the error types of the exact decoders (Error,
// Issue).
//
// stitchgen generates, per contract package, a handler interface
// (StitchHandler) and a function returning the package's tools bound to a
// handler (StitchTools). A service implements the interfaces and serves
// the tools:
//
//	d, err := stitch.NewDispatcher(stitch.Options{Timeout: 30 * time.Second},
//		shop.StitchTools(shopService), billing.StitchTools(billingService))
//	...
//	res := d.Call(ctx, "place_order", args) // no SDK needed
//
// The adapters (separate modules under adapters/) serve a Dispatcher on an
// MCP SDK or to an LLM provider's SDK. A handler reaches the client through
// its context: Progress, Log and AddContent work on every adapter that
// supports them and do nothing elsewhere.
//
// The package imports only the standard library and package facts (the
// registry of profile names, which the generator reads too). It never
// imports the decoder runtime (package stitchrt), which generated code
// uses.
package stitch
