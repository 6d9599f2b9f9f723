// Package flatten projects a lossless JSON Schema document onto the
// advertised one (SPEC §5): discriminated unions become one flat object a
// weak model can fill. It is a pure JSON-to-JSON function; it imports only
// the standard library and the document type of package model.
package flatten

// Options control flattening.
type Options struct {
	// Declared maps the JSON Pointer of a union node ("oneOf") in the input
	// document to its declared discriminator key. Unions not listed use the
	// first qualifying key in lexicographic order.
	Declared map[string]string
}

// Flatten returns the advertised projection of doc (a document of package
// model: *model.Object, []any, ...). doc is not modified.
func Flatten(doc any, opt Options) any { panic("TODO(flatten)") }
