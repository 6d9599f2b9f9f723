// Package archtest holds the tests that enforce stitchgen's architecture
// over every package of every module of the repository: the import
// direction of the pipeline stages (model imports nothing of ours; load,
// schema, flatten, profile and check only the stages before them; the
// emitters only model and gen/names), that the user-facing package stitch
// imports nothing of ours and the runtime stitchrt only stitch, that
// adapters reach the generator through stitch alone, that generated files
// import no SDK, that only generated files import stitchrt, and that
// nothing imports cmd. Package facts, the leaf of facts the generator and
// the runtime share, imports nothing of ours and every package may import
// it. It has no non-test code.
package archtest
