// Package rt is the runtime support code of stitchgen's generated decoders
// and encoders: a validating JSON scanner, typed value readers, constraint
// and format checks, issue collection and append-based writers.
//
// It is ordinary Go so that it can be unit-tested, fuzzed and benchmarked,
// but it is never imported: decode.Runtime returns the source of its
// non-test files and the generator appends to each generated file the
// declarations that file's code reaches (gen/prune.go). Therefore every top-level identifier is either
// unexported with the prefix "stitch" or one of the exported types
// StitchError and StitchIssue, it imports only the standard library, and
// it relies on no package initialisation order (and has no init function:
// the pruner refuses one).
//
// Free-form values (any) decode to map[string]any, []any, json.Number,
// string, bool and nil: the encoding/json shapes with UseNumber, so that
// no number is rounded. json.RawMessage receives the exact bytes.
package rt
