package load

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// conformanceDir is the shared conformance suite, relative to this package.
const conformanceDir = "../../shared/conformance"

// TestConformanceContracts loads every conformance contract.go. Cases with
// stderr.contains that the loader owns must produce diagnostics containing
// every line; every other contract must load without any error.
func TestConformanceContracts(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(conformanceDir, "*.txtar"))
	if len(files) == 0 {
		t.Fatal("no shared conformance case at " + conformanceDir + ": the suite must run every one")
	}
	// checks_untyped is a §6 check (check): it must load cleanly here.
	loaderOwned := map[string]bool{"checks_tags": true}
	mod := map[string]string{}
	wants := map[string][]string{}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".txtar")
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, af := range ar.Files {
			switch af.Name {
			case "contract.go":
				mod[name+"/contract.go"] = string(af.Data)
			case "stderr.contains":
				if loaderOwned[name] {
					wants[name] = nonEmptyLines(string(af.Data))
				}
			}
		}
	}
	dir := writeModule(t, mod)
	pkgs, diags, err := Load(Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(mod)-1 {
		t.Errorf("loaded %d packages, want %d", len(pkgs), len(mod)-1)
	}
	var cases []string
	for name := range mod {
		if c, ok := strings.CutSuffix(name, "/contract.go"); ok {
			cases = append(cases, c)
		}
	}
	slices.Sort(cases)
	for _, c := range cases {
		t.Run(c, func(t *testing.T) {
			var text strings.Builder
			for _, d := range diags {
				if strings.HasPrefix(d.Pos.File, c+"/") {
					text.WriteString(strings.TrimPrefix(d.String(), c+"/") + "\n")
				}
			}
			want, rejected := wants[c]
			if !rejected {
				if text.Len() > 0 {
					t.Errorf("unexpected diagnostics:\n%s", text.String())
				}
				return
			}
			for _, w := range want {
				if !strings.Contains(text.String(), w) {
					t.Errorf("diagnostics do not contain %q:\n%s", w, text.String())
				}
			}
		})
	}
}

func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}
