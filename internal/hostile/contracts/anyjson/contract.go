// Package anyjson is a hostile-input contract: tools whose only property
// accepts any JSON value, so that a whole JSON document can be decoded by a
// generated decoder as the payload. stitch_gen.go is generated from it.
package anyjson

import "encoding/json"

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Wrap carries any JSON value as an interface value.
//
//stitch:tool wrap
type Wrap struct {
	// Any JSON value.
	Payload any `json:"payload" stitch:"untyped"`
}

// RawWrap carries any JSON value as raw bytes.
//
//stitch:tool raw_wrap
type RawWrap struct {
	// Any JSON value, kept as sent.
	Payload json.RawMessage `json:"payload" stitch:"untyped"`
}
