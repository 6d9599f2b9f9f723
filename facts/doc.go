// Package facts holds what the generator and the libraries a service links
// (stitch, stitchrt, the adapters) must agree on, written once: the
// registry of profile names. Each fact is a value or a small pure function
// that both sides read, so that neither keeps a copy the other can drift
// from.
//
// It imports only the standard library, and nothing of this module
// imports into it: it is a leaf that every stage may read
// (internal/archtest holds the rule).
package facts
