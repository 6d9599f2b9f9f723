// Package load owns go/packages: it loads the contract packages once per run
// and turns their declarations into a model, reporting every problem as a
// positioned diagnostic. It never runs user code and never writes files.
package load

import "github.com/stitchgen/stitchgen/model"

// Config says what to load.
type Config struct {
	Dir      string       // directory patterns are resolved against; diagnostics are relative to it
	Patterns []string     // package patterns ("." and "./..." included); empty means "."
	Tags     []string     // build tags forwarded to the build system
	Policy   model.Policy // key policy of structs without a policy directive
}

// Load loads the packages matching cfg.Patterns and builds their models.
// Packages without any //stitch:tool are left out. Contract problems are
// returned as diagnostics (sorted); the error is for failures to load at all.
func Load(cfg Config) ([]*model.Package, []model.Diagnostic, error) {
	panic("TODO(load)")
}
