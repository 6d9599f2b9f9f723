// Package model is the plain-data description of a stitchgen contract: the
// packages, tools, types, fields, unions, constraints and key policies that
// the loader reads from Go source, plus an ordered JSON document type for the
// schemas derived from them.
//
// It owns data only. It must import nothing but the standard library: no
// go/packages, no go/types, no jennifer, no os. Every later stage (schema
// building, flattening, emission) can therefore be tested with literals.
package model
