package l

import "github.com/stitchgen/stitchgen/stitchrt"

// StitchBenchValid runs the runtime's validity pass (the skip that the
// decoders use for values they do not keep) over one document, with a
// decoder taken from and returned to the runtime's pool as the generated
// decoders do, and reports whether the document is a single well-formed
// JSON value. It exists only so that the benchmarks can time the pass.
func StitchBenchValid(data []byte) bool {
	d := stitchrt.NewDecoder(data, false)
	d.Skip()
	return d.Finish() == nil
}
