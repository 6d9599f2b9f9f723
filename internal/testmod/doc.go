// Package testmod gives tests a throw-away Go module that uses the
// generator: a temporary directory with a go.mod that requires this module
// through a replace directive (with the repository's own require block and a
// copy of its go.sum, so builds resolve identically and offline from the
// module cache), plus a stitchgen binary built once per test process and run
// the way go generate runs it.
//
// It owns test plumbing only. It is imported by tests, never by the
// generator, and imports nothing of this module.
package testmod
