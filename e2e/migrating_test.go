package e2e

import (
	"testing"

	"github.com/stitchgen/stitchgen/internal/testmod"
)

// TestMigratingGuideIsFresh: the generated file of the contract package
// docs/migrating-mcpgo.md quotes (a package of the stitchmcpgo module,
// whose own tests build and call it) is what stitchgen writes today.
func TestMigratingGuideIsFresh(t *testing.T) {
	testmod.CheckFresh(t, "..", "./adapters/stitchmcpgo/internal/migrating/after")
}
