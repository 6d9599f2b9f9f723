// Package cputime reads the CPU time the process has used, for the
// benchmarks that report CPU per operation beside wall time (on a shared
// machine the two differ). It is for tests and benchmarks only.
package cputime
