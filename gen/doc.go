// Package gen is stitchgen's pipeline: it loads contract packages (package load),
// builds their lossless schemas (package schema), flattens the advertised ones
// (package flatten), runs the generation-time checks (package check), and renders
// one Go file per package with jennifer (schema constants and staleness
// guards here, decoders in gen/decode, handlers in gen/serve).
//
// It returns file contents; it never writes to disk, reads the environment,
// the clock or the working directory (cmd/stitchgen does the I/O). It may
// import model and flatten; nothing here imports cmd.
package gen
