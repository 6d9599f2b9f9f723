package check

import (
	"go/build"
	"strings"
	"testing"
)

// TestImports: the checks read documents and the model; they import the
// standard library, model and gen/schema only.
func TestImports(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	allowed := []string{"github.com/stitchgen/stitchgen/model", "github.com/stitchgen/stitchgen/gen/schema"}
	for _, imp := range pkg.Imports {
		if strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") && !contains(allowed, imp) {
			t.Errorf("check imports %s; allowed: the standard library, %s", imp, strings.Join(allowed, ", "))
		}
	}
}
