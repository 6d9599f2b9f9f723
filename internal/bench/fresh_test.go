package bench

import (
	"fmt"
	"os"
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestContractsAreFresh fails when a checked-in stitch_gen.go of the
// benchmark contracts differs from what the generator writes now: the
// benchmarks must time the decoders that the current generator writes.
func TestContractsAreFresh(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(testmod.CheckFresh(t, wd, "./contracts/..."))
	if want := "[contracts/l/stitch_gen.go contracts/s/stitch_gen.go contracts/u/stitch_gen.go]"; got != want {
		t.Errorf("generated %s, want %s", got, want)
	}
}
