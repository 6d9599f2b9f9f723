// Package stitchrt is the runtime of stitchgen's generated code: the
// validating JSON scanner, the typed value readers, the constraint and
// format checks, the issue collection and the append-based writers that
// the generated decoders and encoders call.
//
// It is for generated code only. Its exported identifiers exist so that
// generated code in other packages can call them; they are not an API a
// service should use, and they may change between minor versions of the
// module in ways that only regenerated code survives. Compatibility is
// kept within a version window instead: a generated file names the
// generated-code version it was written for, and a runtime supports the
// versions MinVersion through MaxVersion. A file outside the window fails
// to compile, with an error naming RegenerateWithStitchgen (see there), so
// a mismatch is never a silent change of behaviour. The same rule as
// protobuf's protoimpl and grpc's SupportPackageIsVersionN.
//
// What a service uses is package stitch: the error and issue types the
// decoders return, the tools, the dispatcher.
//
// Free-form values (any) decode to map[string]any, []any, json.Number,
// string, bool and nil: the encoding/json shapes with UseNumber, so that
// no number is rounded. json.RawMessage receives the exact bytes.
//
// stitchrt imports only the standard library, package stitch and the
// leaf package facts (what it shares with the generator).
package stitchrt
