package s

// StitchBenchValid runs the generated runtime's validity pass (the skip
// that the decoders use for values they do not keep) over one document and
// reports whether it is a single well-formed JSON value. It exists only so
// that the benchmarks can time the pass; the runtime itself is unexported.
func StitchBenchValid(data []byte) bool {
	d := stitchNewDecoder(data, false)
	d.skip()
	return d.finish() == nil
}
