// Package golden runs the golden tests of stitchgen: txtar archives under
// testdata/, each a contract package (in/...), the generator flags (args),
// and either the expected outputs (want/stitch_gen.go, want/manifest.json,
// ...) or the full expected stderr of a failing run (stderr).
//
// `go test ./internal/golden` generates every case in one throw-away module,
// compares outputs byte for byte (an output file without a want/ section
// fails), then builds and tests every generated package in one `go test`
// run, so each case's generated code must compile and its check_test.go
// pass. `go test ./internal/golden -update` rewrites the want/ and stderr
// sections from the actual output; review every rewritten file before
// committing it: a golden is a claim that the output is right.
//
// The package owns the archive format and the runner. It imports nothing of
// the generator: it runs the stitchgen binary, as a user would.
package golden
