// Package archtest holds the tests that enforce stitchgen's architecture
// over every package of every module of the repository: the import
// direction of the pipeline stages (model and facts, the leaf of facts
// both sides share, import nothing of ours; load,
// schema, flatten, profile and check only the stages before them; the
// emitters only model and gen/names), that the user-facing package stitch
// imports only facts and the runtime stitchrt only stitch, that
// adapters reach the generator through stitch alone, that generated files
// import no SDK, that only generated files import stitchrt, and that
// nothing imports cmd. It has no non-test code.
package archtest
