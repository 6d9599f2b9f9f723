package bench

import "github.com/stitchgen/stitchgen/stitchrt"

// StitchValid runs the runtime's validity pass (the validating skip that
// the generated decoders use for values they do not keep) over one
// document, with a decoder taken from and returned to the runtime's pool as
// the generated decoders do, and reports whether the document is a single
// well-formed JSON value. It is the same for every contract package: the
// pass is stitchrt's, not generated code.
func StitchValid(data []byte) bool {
	d := stitchrt.NewDecoder(data, false)
	d.Skip()
	return d.Finish() == nil
}
