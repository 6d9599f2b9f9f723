// Package gen is stitchgen's pipeline: it loads contract packages (package load),
// builds their lossless schemas (package schema), flattens the advertised ones
// (package flatten), runs the generation-time checks (package check), and renders
// one Go file per package with jennifer (the version guard, schema
// constants and staleness guards here, decoders and encoders in gen/decode,
// the handler interface and tool table in gen/tools, every shared name in
// gen/names). The generated file imports the standard library and the
// module's stitch and stitchrt packages (decision 0013).
//
// It returns file contents; it never writes to disk, reads the environment,
// the clock or the working directory (cmd/stitchgen does the I/O). It may
// import the stages before it; nothing here imports cmd.
package gen
