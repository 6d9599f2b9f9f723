// Package check runs the generation-time checks of docs/contracts.md on the exact
// documents that ship (the advertised input schema, flattened unless
// -flatten=false, and the output schema): an object root with properties,
// typed properties, portable formats, patterns that mean the same in RE2
// and ECMA-262, and a description for every tool.
//
// It owns those checks only. Tool names are validated by the loader. It
// reads documents and the model; it imports the standard library, model,
// facts, schema (for the positions of the lossless document) and stitchrt
// (whose ECMA-262 parser judges a pattern), never go/packages, jennifer or
// anything that does I/O.
package check
