package agreement

import (
	"fmt"
	"os"
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestContractsAreFresh fails when a checked-in stitch_gen.go under
// contracts/ differs from what the generator writes now, so the agreement
// tests always exercise the decoders and schemas the current generator writes.
func TestContractsAreFresh(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(testmod.CheckFresh(t, wd, "./contracts/..."))
	if want := "[contracts/every/stitch_gen.go contracts/mixed/stitch_gen.go]"; got != want {
		t.Errorf("generated %s, want %s", got, want)
	}
}
