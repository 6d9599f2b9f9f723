package load

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const positionedTool = "// T is a tool.\n//\n//stitch:tool\ntype T struct {\n\tName string `json:\"name\"`\n}\n"

// TestBuildErrorsArePositioned loads packages that the build system, the
// parser or the type checker reject without a position of their own (found
// by fuzzing the generator with mutated contract source): every diagnostic
// reads file:line:col with the path relative to the load directory.
func TestBuildErrorsArePositioned(t *testing.T) {
	dir := writeModule(t, map[string]string{
		// Two package names in one directory.
		"names/a.go": "package names\n\n" + positionedTool,
		"names/b.go": "package other\n",
		// A malformed //go:build line (the file is left out of the package).
		"build/a.go": "package build\n\n" + positionedTool,
		"build/b.go": "// Package build.\n//go:build (linux\n\npackage build\n",
		// An import cycle.
		"cycle/a.go": "package cycle\n\nimport _ \"example.com/c/back\"\n\n" + positionedTool,
		"back/b.go":  "package back\n\nimport _ \"example.com/c/cycle\"\n",
		// A NUL byte in the only file, and in a second file after its
		// imports (which only the parser reads).
		"zero/a.go":  "package zero\n\x00\n" + positionedTool,
		"zero2/a.go": "package zero2\n\n" + positionedTool,
		"zero2/b.go": "package zero2\n\nvar x = 1\x00\n",
		// An import whose only file has a NUL byte.
		"imp/a.go":    "package imp\n\nimport _ \"example.com/c/broken\"\n\n" + positionedTool,
		"broken/b.go": "package broken\n\x00\n",
		// A function body cut off by the end of the file.
		"cut/a.go": "package cut\n\n" + positionedTool + "\nfunc f() int {\n\tif true {\n\t\treturn 1\n",
	})
	_, diags, err := Load(Config{Dir: dir, Patterns: []string{"./names", "./build", "./cycle", "./zero", "./zero2", "./imp", "./cut"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"build/b.go:2:1: parsing //go:build line: missing close paren",
		"cut/a.go:12:12: expected ';', found 'EOF'",
		"cut/a.go:12:12: expected '}', found 'EOF'",
		"cut/a.go:12:12: missing return",
		"cycle/a.go:3:10: could not import example.com/c/back (import cycle not allowed: import stack: [example.com/c/back example.com/c/cycle example.com/c/back])",
		"imp/a.go:3:10: could not import example.com/c/broken (read broken/b.go: unexpected NUL in input)",
		"names/b.go:1:1: package other; expected package names",
		"zero/a.go:2:1: unexpected NUL in input",
		"zero2/b.go:3:10: expected ';', found 'ILLEGAL'",
		"zero2/b.go:3:10: illegal character NUL",
		"zero2/b.go:3:10: illegal character U+0000",
	}
	var got []string
	for _, d := range diags {
		got = append(got, d.String())
	}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n got: %s\nwant: %s", strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}

// TestUnreadablePackageFails: a package without a readable file whose
// error names no file fails the run, with the paths in the message
// relative.
func TestUnreadablePackageFails(t *testing.T) {
	dir := writeModule(t, map[string]string{"empty/README": "no Go here\n", "c.go": "package c\n"})
	_, _, err := Load(Config{Dir: dir, Patterns: []string{"./empty"}})
	if want := "load: ./empty: no Go files in empty"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestRelUnder(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"read /m/a/b.go: unexpected NUL in input", "read a/b.go: unexpected NUL in input"},
		{"found packages a (a.go) and b (b.go) in /m/a", "found packages a (a.go) and b (b.go) in a"},
		{"no Go files in /m", "no Go files in ."},
		{"/m/x.go:3:4: bad", "x.go:3:4: bad"},
		{`"/m/q" and (/m/r)`, `"q" and (r)`},
		{"/mx/a.go and /other/m/a.go and /m2", "/mx/a.go and /other/m/a.go and /m2"},
		{"/m/é.go, /m/b", "é.go, b"},
	} {
		if got := relUnder(c.in, "/m"); got != c.want {
			t.Errorf("relUnder(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCgoErrorIsReported: when go list cannot run cgo on a contract
// package, the C compiler's errors are the diagnostics (they used to be
// dropped, leaving a misleading "could not import C").
func TestCgoErrorIsReported(t *testing.T) {
	out, err := exec.Command("go", "env", "CGO_ENABLED", "CC").Output()
	env := strings.Fields(string(out))
	if err != nil || len(env) != 2 || env[0] != "1" {
		t.Skip("cgo is disabled")
	}
	if _, err := exec.LookPath(env[1]); err != nil {
		t.Skip("no C compiler:", err)
	}
	dir := writeModule(t, map[string]string{
		"a.go": "package c\n\n" + positionedTool,
		"c.go": "package c\n\n// int add(int a, int b) { return a + ; }\nimport \"C\"\n\nvar x = C.add(1, 2)\n",
	})
	_, diags, err := Load(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	// The text after the position is the C compiler's (gcc: "expected
	// expression before ';' token"), so only its shape is pinned.
	if len(diags) != 1 || !strings.HasPrefix(diags[0].String(), "c.go:3:") || !strings.Contains(diags[0].Msg, "error: ") {
		t.Errorf("diagnostics:\n%swant one at c.go:3 with the C compiler's error", diagText(diags))
	}
}
