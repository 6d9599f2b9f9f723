// Package archtest holds the test that enforces stitchgen's import
// direction (STYLE.md): model imports nothing of ours, flatten and profile
// only model, the runtime support code only the standard library, and
// nothing imports cmd. It has no non-test code.
package archtest
