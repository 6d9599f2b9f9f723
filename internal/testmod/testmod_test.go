package testmod

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestModFile(t *testing.T) {
	gomod := "module " + ProjectModule + "\n\ngo 1.26.0\n\nrequire x.test/one v1.0.0\n\nrequire (\n\tx.test/two v0.2.0 // indirect\n\tx.test/three v0.3.0\n)\n\nreplace x.test/one => ../one\n"
	got, err := ModFile("example.com/m", "/src/my repo", []byte(gomod))
	if err != nil {
		t.Fatal(err)
	}
	want := "module example.com/m\n\ngo 1.26.0\n\nrequire " + ProjectModule + " v0.0.0\n\n" +
		"require x.test/one v1.0.0\n\n" +
		"require (\n\tx.test/two v0.2.0 // indirect\n\tx.test/three v0.3.0\n)\n\n" +
		"replace " + ProjectModule + " => \"/src/my repo\"\n"
	if string(got) != want {
		t.Errorf("ModFile:\n%s\nwant:\n%s", got, want)
	}
	if _, err := ModFile("m", "/r", []byte("module x\nrequire (\n\ta v1\n")); err == nil ||
		err.Error() != "go.mod: unterminated require block at line 2" {
		t.Errorf("unterminated block: err = %v", err)
	}
}

func TestPackageClause(t *testing.T) {
	for src, want := range map[string]string{
		"// doc\n/* x\npackage no */\npackage shop // c\n": "shop",
		"package main\n":              "main",
		"no package here\n":           "",
		"//go:build x\n\npackage p\n": "p",
	} {
		if got := PackageClause([]byte(src)); got != want {
			t.Errorf("PackageClause(%q) = %q, want %q", src, got, want)
		}
	}
}

func TestParseTestJSON(t *testing.T) {
	out := `{"ImportPath":"m/a","Action":"build-output","Output":"# m/a\n"}
{"ImportPath":"m/a","Action":"build-output","Output":"a/a.go:1:34: bad\n"}
{"ImportPath":"m/a","Action":"build-fail"}
{"Action":"output","Package":"m/a","Output":"FAIL\tm/a [build failed]\n"}
{"Action":"fail","Package":"m/a","FailedBuild":"m/a"}
{"Action":"output","Package":"m/b","Output":"?   \tm/b\t[no test files]\n"}
{"Action":"skip","Package":"m/b"}
not json
{"ImportPath":"m/c [m/c.test]","Action":"build-output","Output":"c_test.go:1: x\n"}
{"Action":"run","Package":"m/d","Test":"TestX"}
{"Action":"output","Package":"m/d","Test":"TestX","Output":"    bad\n"}
{"Action":"fail","Package":"m/d","Test":"TestX"}
{"Action":"fail","Package":"m/d"}
`
	got := ParseTestJSON([]byte(out))
	check := func(pkg, action string, buildFailed bool, output string) {
		t.Helper()
		p := got[pkg]
		if p == nil {
			t.Fatalf("%s missing", pkg)
		}
		if p.Action != action || p.BuildFailed != buildFailed || p.Output != output {
			t.Errorf("%s = %+v, want action %q buildFailed %v output %q", pkg, *p, action, buildFailed, output)
		}
	}
	check("m/a", "fail", true, "# m/a\na/a.go:1:34: bad\nFAIL\tm/a [build failed]\n")
	check("m/b", "skip", false, "?   \tm/b\t[no test files]\n")
	check("m/c", "", false, "c_test.go:1: x\n")
	check("m/d", "fail", false, "    bad\n")
	if len(got) != 4 {
		t.Errorf("got %d packages, want 4", len(got))
	}
}

// TestModuleRoundTrip builds and tests real packages in a throw-away module
// that requires the project, which must work offline.
func TestModuleRoundTrip(t *testing.T) {
	m := New(t, "example.com/roundtrip")
	files := map[string]string{
		"ok/ok.go":      "package ok\n\nfunc F() int { return 1 }\n",
		"ok/ok_test.go": "package ok\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n\tif F() != 1 {\n\t\tt.Fatal(\"F\")\n\t}\n}\n",
		"broken/b.go":   "package broken\n\nfunc G() int { return \"x\" }\n",
		"uses/u.go":     "package uses\n\nimport _ \"" + ProjectModule + "/model\"\n",
	}
	for name, src := range files {
		if err := m.WriteFile(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	res, r := m.Test("./...")
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if p := res["example.com/roundtrip/ok"]; p == nil || p.Action != "pass" {
		t.Errorf("ok: %v\nstderr: %s", p, r.Stderr)
	}
	if p := res["example.com/roundtrip/uses"]; p == nil || p.Action != "skip" || p.BuildFailed {
		t.Errorf("uses: %v\nstderr: %s", p, r.Stderr)
	}
	p := res["example.com/roundtrip/broken"]
	if p == nil || !p.BuildFailed || !strings.Contains(p.Output, "broken/b.go:3:") {
		t.Errorf("broken: %v", p)
	}
	if _, err := os.Stat(filepath.Join(m.Dir, "go.sum")); err != nil {
		t.Error(err)
	}
}

// TestGenerateEnvironment runs a stand-in generator the way Generate and
// Stitchgen run stitchgen.
func TestGenerateEnvironment(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "envecho")
	cmd := exec.Command("go", "build", "-o", bin, "./internal/testmod/testdata/envecho")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building envecho: %v\n%s", err, out)
	}
	t.Setenv("STITCHGEN_BIN", bin)
	if got := Binary(t); got != bin {
		t.Skipf("the generator binary was already chosen in this process (%s)", got)
	}
	m := New(t, "example.com/env")
	for name, src := range map[string]string{
		"shop/b.go":      "package shop\n",
		"shop/a_test.go": "package shop_test\n",
		"shop/a.go":      "// Package shop.\npackage shop\n",
	} {
		if err := m.WriteFile(name, []byte(src)); err != nil {
			t.Fatal(err)
		}
	}
	r := m.Generate(t, "shop", "-policy=strip")
	want := "args=-policy=strip dir=shop GOFILE=a.go GOPACKAGE=shop GOLINE=1\n"
	if r.Err != nil || r.ExitCode != 3 || string(r.Stdout) != want || string(r.Stderr) != "to stderr\n" {
		t.Errorf("Generate = %+v (stdout %q), want exit 3, stdout %q", r, r.Stdout, want)
	}
	r = m.Stitchgen(t, ".", "manifest", "./shop")
	want = "args=manifest,./shop dir=" + filepath.Base(m.Dir) + " GOFILE= GOPACKAGE= GOLINE=\n"
	if string(r.Stdout) != want {
		t.Errorf("Stitchgen stdout = %q, want %q", r.Stdout, want)
	}
}
