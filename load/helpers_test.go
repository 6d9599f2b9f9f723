package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/model"
)

// writeModule writes a module example.com/c with the given files (paths
// relative to the module root) into a fresh temporary directory.
func writeModule(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/c\n\ngo 1.26\n"
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// loadSource loads one package made of a single contract.go.
func loadSource(t *testing.T, src string) (*model.Package, []model.Diagnostic) {
	t.Helper()
	dir := writeModule(t, map[string]string{"contract.go": src})
	pkgs, diags, err := Load(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 {
		t.Fatalf("got %d packages, want 1 (diagnostics: %v)", len(pkgs), diags)
	}
	return pkgs[0], diags
}

// mustLoad loads a contract that must have no diagnostics.
func mustLoad(t *testing.T, src string) *model.Package {
	t.Helper()
	p, diags := loadSource(t, src)
	if len(diags) > 0 {
		t.Fatalf("unexpected diagnostics:\n%s", diagText(diags))
	}
	return p
}

func diagText(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// loadMode is what the tests load a package with through go/packages
// directly: syntax and types of the matched packages (Load itself lists
// them with listMode and type-checks them in typecheck.go).
const loadMode = packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedModule
