package l

// StitchBenchValid runs the generated runtime's validity pass (the skip
// that the decoders use for values they do not keep) over one document, with
// a decoder taken from and returned to the runtime's pool as the generated
// decoders do, and reports whether the document is a single well-formed JSON
// value. It exists only so that the benchmarks can time the pass; the
// runtime itself is unexported.
func StitchBenchValid(data []byte) bool {
	d := stitchNewDecoder(data, false)
	d.skip()
	ok := d.finish() == nil
	d.release()
	return ok
}
