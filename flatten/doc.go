// Package flatten projects a lossless JSON Schema document onto the
// advertised one (docs/flattening.md): discriminated unions become one flat object a
// weak model can fill.
//
// It owns that projection and nothing else. It is a pure JSON-to-JSON
// function over the document type of package model (*model.Object, []any,
// model.Number, string, bool, nil): it imports only the standard library,
// model and facts, never gen, go/packages or anything that does I/O, so it can be
// tested on raw JSON. It never resolves references, never modifies its input
// and never fails: a union it cannot flatten soundly is left as it is.
package flatten
