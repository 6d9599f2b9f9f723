package hostile

import (
	"fmt"
	"os"
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestContractsAreFresh fails when a checked-in stitch_gen.go under
// contracts/ differs from what the generator writes now: the hostile tests
// must exercise the decoders the current generator writes.
func TestContractsAreFresh(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(testmod.CheckFresh(t, wd, "./contracts/..."))
	want := "[contracts/anyjson/stitch_gen.go contracts/formats/stitch_gen.go contracts/kitchen/stitch_gen.go contracts/limits/stitch_gen.go contracts/tolerant/stitch_gen.go contracts/untagged/stitch_gen.go]"
	if got != want {
		t.Errorf("generated %s, want %s", got, want)
	}
}
