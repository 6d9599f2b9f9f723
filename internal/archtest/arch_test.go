package archtest

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const mod = "github.com/stitchgen/stitchgen"

// allowed lists, for a package path prefix, which of the module's own
// packages it may import, and whether it may import non-standard packages.
var rules = []struct {
	pkg      string
	own      []string // allowed own-module imports (path prefixes)
	external bool     // may import packages outside the standard library
}{
	{mod + "/model", nil, false},
	{mod + "/flatten", []string{mod + "/model"}, false},
	{mod + "/profile", []string{mod + "/model"}, false},
	{mod + "/check", []string{mod + "/model", mod + "/schema"}, false},
	{mod + "/gen/decode/rt", nil, false},
	{mod + "/templates", nil, false},
}

func TestImportDirection(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports, Dir: "../.."}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 5 {
		t.Fatalf("loaded only %d packages; the pattern did not match the module", len(pkgs))
	}
	for _, p := range pkgs {
		for imp := range p.Imports {
			if strings.HasPrefix(imp, mod+"/cmd/") {
				t.Errorf("%s imports %s: nothing may import cmd", p.PkgPath, imp)
			}
			checkRule(t, p.PkgPath, imp)
		}
	}
}

func checkRule(t *testing.T, pkg, imp string) {
	for _, r := range rules {
		if pkg != r.pkg && !strings.HasPrefix(pkg, r.pkg+"/") {
			continue
		}
		switch {
		case strings.HasPrefix(imp, mod+"/") || imp == mod:
			if !slices.ContainsFunc(r.own, func(o string) bool { return imp == o || strings.HasPrefix(imp, o+"/") }) {
				t.Errorf("%s imports %s; it may import only %v of this module", pkg, imp, r.own)
			}
		case !r.external && strings.Contains(strings.Split(imp, "/")[0], "."):
			t.Errorf("%s imports %s; it may import only the standard library", pkg, imp)
		}
	}
}
