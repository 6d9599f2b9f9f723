// Package decode emits, with jennifer, the exact decoders and the encoders of
// a package's contract types (docs/generated-api.md): UnmarshalJSON (repair off),
// MarshalJSON and, for tool inputs, DecodeToolCall and DecodeToolCallReport
// (JSON-string repair on), plus one unexported decode and encode function
// per struct and union (the only code emitted for another package's
// struct, or an instantiation of a generic one).
//
// The functions it emits call the runtime of generated code, package
// stitchrt (a *stitchrt.Decoder and its methods, the writers), and return
// *stitch.Error values; generated code imports nothing else outside the
// standard library.
//
// Design, in one paragraph: a struct decoder is one pass over the members
// with a switch on the unescaped key (no allocation), a bitset of the keys
// seen (duplicates, missing keys, defaults), and the key policy in the
// default case. A discriminated union scans for its discriminator first (up
// to that key only), then rewinds and lets the chosen variant decode the
// object whole with its own policy. An untagged union tries every variant
// on the exact bytes and keeps the one that decodes without an issue; when
// none or several do, its issue describes the variants as their anyOf
// branches do (Shape) and lists the closest variant's own issues.
// JSON-string repair swaps the decoder's input for the parsed string and
// back. Issues are collected (capped at 100), never thrown; only syntax and
// depth errors stop the decode.
//
// One deliberate deviation from encoding/json: an omitempty or omitzero
// member that has a default (jsonschema:"default=...") is written even when
// empty, because omitting it would make the decoder fill in the default and
// Marshal(Unmarshal(x)) would change the value (docs/generated-api.md). Only a nil that
// has no JSON form (a non-nullable pointer, union or free-form value) is
// still omitted.
//
// decode imports model, gen/names and jennifer; it must not import load,
// schema, flatten, check, gen/tools or cmd.
package decode
