// Package tools emits, for a contract package with tools, the two
// declarations a service implements and serves: the StitchHandler
// interface (one method per tool) and StitchTools, which returns the
// package's tools as stitch.Tool values bound to a handler. Everything
// else about serving (the dispatcher, observers, envelopes, adapters) is
// library code in package stitch and the adapter modules.
//
// It imports jennifer, model and gen/names; nothing of the generator's
// other stages.
package tools
