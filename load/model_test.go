package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModel loads the contracts under testdata/model (one package per
// directory, all in one Load) and compares each package's model, rendered
// by dump, with the want.txt written next to it from the SPEC.
func TestModel(t *testing.T) {
	files := map[string]string{}
	wants := map[string]string{}
	dirs, err := os.ReadDir("testdata/model")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		src, err1 := os.ReadFile(filepath.Join("testdata/model", d.Name(), "contract.go"))
		want, err2 := os.ReadFile(filepath.Join("testdata/model", d.Name(), "want.txt"))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		files[d.Name()+"/contract.go"] = string(src)
		wants[d.Name()] = string(want)
	}
	pkgs, diags, err := Load(Config{Dir: writeModule(t, files), Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) > 0 {
		t.Errorf("unexpected diagnostics:\n%s", diagText(diags))
	}
	if len(pkgs) != len(wants) {
		t.Errorf("loaded %d packages, want %d", len(pkgs), len(wants))
	}
	for _, p := range pkgs {
		name := strings.TrimPrefix(p.Path, "example.com/c/")
		t.Run(name, func(t *testing.T) {
			if p.Dir != name || p.Name != "c" {
				t.Errorf("package dir %q name %q, want %q and c", p.Dir, p.Name, name)
			}
			if got := dump(p); got != wants[name] {
				t.Errorf("model differs\n--- got\n%s--- want\n%s", got, wants[name])
			}
		})
	}
}
