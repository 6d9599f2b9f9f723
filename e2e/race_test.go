//go:build race

package e2e

// raceEnabled: the race detector multiplies memory and time, so the
// reliability tests print their measures without bounding them, and the
// burst is smaller.
const raceEnabled = true
