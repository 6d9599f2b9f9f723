// Package agreement holds property tests that compare the generated decoders
// with a real JSON Schema 2020-12 validator: a schema-driven generator of
// random valid documents and a mutator of near misses feed the decoders of
// the example services and of the contract packages under contracts/, and
// the tests check agreement with the lossless schema, the round trip of
// every accepted document, and the superset invariant of the advertised
// schema (docs/flattening.md). One more property covers every contract of the
// repository (these, the examples, the golden, conformance and benchmark
// cases): the schema documents the generator builds in memory are the trees
// their own serialization parses back to, and flattening either gives the
// same bytes (reparse_test.go).
//
// It owns tests and its contract packages only. Its tests may import the
// generator (to check that the contracts are fresh, and its stages for the
// reparse property), the case parsers of the golden and conformance
// runners and the example services; nothing may import this package.
package agreement
