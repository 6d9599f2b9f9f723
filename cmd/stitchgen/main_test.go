package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUsageErrorsExit2(t *testing.T) {
	tests := []struct {
		args []string
		want string // first line of stderr
		last string // last line of stderr, when it is not the usage text's
	}{
		{[]string{"-policy", "lenient"}, `stitchgen: usage: -policy must be strict, strip or loose, not "lenient"`, ""},
		{[]string{"-mcp", "gosdk"}, `flag provided but not defined: -mcp`,
			`stitchgen: -mcp was removed: generated code names no MCP SDK (the SDK is chosen where the tools are served); drop the flag and serve the tool table with an adapter module (adapters/stitchgosdk or adapters/stitchmcpgo; docs/generated-api.md)`},
		{[]string{"-mcp=none", "./..."}, `flag provided but not defined: -mcp`,
			`stitchgen: -mcp was removed: generated code names no MCP SDK (the SDK is chosen where the tools are served); drop the flag and serve the tool table with an adapter module (adapters/stitchgosdk or adapters/stitchmcpgo; docs/generated-api.md)`},
		{[]string{"manifest", "-profile", "grok"}, `stitchgen: usage: unknown profile "grok" (known: mcp, openai-strict, anthropic-strict, gemini)`, ""},
		{[]string{"-profiles", "openai-strict,grok"}, `stitchgen: usage: unknown profile "grok" (known: mcp, openai-strict, anthropic-strict, gemini)`, ""},
		{[]string{"-profile", "gemini"}, `flag provided but not defined: -profile`, ""},
		{[]string{"-o", "sub/x.go"}, `stitchgen: usage: -o must be a .go file name without a directory, not "sub/x.go"`, ""},
		{[]string{"-nosuchflag"}, `flag provided but not defined: -nosuchflag`, ""},
		{[]string{"init", "a", "b"}, `stitchgen: usage: init takes at most one directory`, ""},
		{[]string{"manifest", "-check"}, `flag provided but not defined: -check`, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tt.args, t.TempDir(), &stdout, &stderr); code != 2 {
				t.Fatalf("exit %d, want 2; stderr:\n%s", code, stderr.String())
			}
			if first, _, _ := strings.Cut(stderr.String(), "\n"); first != tt.want {
				t.Errorf("stderr first line %q, want %q", first, tt.want)
			}
			if !strings.Contains(stderr.String(), "Usage:\n  stitchgen [flags] [packages]") {
				t.Errorf("usage text missing from stderr:\n%s", stderr.String())
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if last := lines[len(lines)-1]; tt.last != "" && last != tt.last {
				t.Errorf("stderr last line %q, want %q", last, tt.last)
			}
			if tt.last == "" && strings.Contains(stderr.String(), "-mcp was removed") {
				t.Errorf("the -mcp hint follows another error:\n%s", stderr.String())
			}
		})
	}
}

func TestHelpShowsExample(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, t.TempDir(), &stdout, &stderr); code != 0 {
		t.Fatalf("-h exit %d, want 0", code)
	}
	for _, want := range []string{"//go:generate go tool stitchgen", "-check", "-policy", "-flatten", "-tags", "-o string"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("-h output lacks %q:\n%s", want, stderr.String())
		}
	}
}

func TestInitWritesGenerateFileAndMakefile(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "tools")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(pkg, "tools.go"), []byte("package shoptools\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"init", "tools"}, dir, &stdout, &stderr); code != 0 {
		t.Fatalf("init exit %d: %s", code, stderr.String())
	}
	gen, err := os.ReadFile(filepath.Join(pkg, "stitch_generate.go"))
	if err != nil {
		t.Fatal(err)
	}
	wantGen := "package shoptools\n\n// Run `go generate` (or `make stitchgen`) after changing a tool contract:\n" +
		"// stitchgen rewrites stitch_gen.go with the schemas, exact decoders and\n" +
		"// typed handlers of every //stitch:tool type in this package.\n//\n" +
		"//go:generate go tool stitchgen\n"
	if string(gen) != wantGen {
		t.Errorf("stitch_generate.go:\n%s\nwant:\n%s", gen, wantGen)
	}
	mk, err := os.ReadFile(filepath.Join(dir, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	wantMk := "\n# stitchgen: regenerate tool schemas, decoders and handlers; `make stitchgen-check` fails when stale.\n" +
		".PHONY: stitchgen stitchgen-check\nstitchgen:\n\tgo tool stitchgen ./tools\n" +
		"stitchgen-check:\n\tgo tool stitchgen -check ./tools\n"
	if string(mk) != wantMk {
		t.Errorf("Makefile:\n%q\nwant:\n%q", mk, wantMk)
	}
	// A second run leaves both files alone.
	stdout.Reset()
	if code := run([]string{"init", "tools"}, dir, &stdout, &stderr); code != 0 {
		t.Fatalf("second init exit %d: %s", code, stderr.String())
	}
	want := "tools/stitch_generate.go exists; left alone\nthe Makefile's stitchgen targets cover ./tools already; left alone\n"
	if stdout.String() != want {
		t.Errorf("second init said %q, want %q", stdout.String(), want)
	}
}

func TestInitWithoutPackageFails(t *testing.T) {
	var stdout, stderr bytes.Buffer
	dir := t.TempDir()
	if code := run([]string{"init"}, dir, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	want := "stitchgen: no Go package in .: init needs the package that declares the tools\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// TestInitMakefileHandWritten: a stitchgen target init did not write is
// left alone, and init says what to add.
func TestInitMakefileHandWritten(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tools", "tools.go"), []byte("package tools\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hand := "stitchgen:\n\t$(GO) tool stitchgen ./api\n"
	if err := os.WriteFile(filepath.Join(dir, "Makefile"), []byte(hand), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"init", "tools"}, dir, &stdout, &stderr); code != 1 {
		t.Fatalf("init exit %d, want 1; stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	want := "stitchgen: the Makefile has a stitchgen target init did not write: add ./tools to the packages its recipes pass to stitchgen\n"
	if stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if mk, _ := os.ReadFile(filepath.Join(dir, "Makefile")); string(mk) != hand {
		t.Errorf("Makefile changed:\n%s", mk)
	}
}

// TestNoToolIsAWarning: a run over a package without tools says so on
// stderr, writes nothing and exits 0 (a go:generate line left in such a
// package must not fail a build).
func TestNoToolIsAWarning(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod":  "module example.com/notool\n\ngo 1.26\n",
		"util.go": "package util\n\n// stitch:tool\ntype T struct{}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run(nil, dir, &stdout, &stderr); code != 1 {
		t.Fatalf("with a near-miss directive: exit %d, want 1; stderr:\n%s", code, stderr.String())
	}
	want := "util.go:1:1: warning: package util: declares no //stitch:tool, so stitchgen generates nothing for it (pattern .); mark a tool's input struct with //stitch:tool\n" +
		`util.go:3:1: type T: "// stitch:tool" is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write //stitch:tool` + "\n"
	if got := stderr.String(); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
	if err := os.WriteFile(filepath.Join(dir, "util.go"), []byte("package util\n\n// T is a helper.\ntype T struct{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := run(nil, dir, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d, want 0; stderr:\n%s", code, stderr.String())
	}
	want = "util.go:1:1: warning: package util: declares no //stitch:tool, so stitchgen generates nothing for it (pattern .); mark a tool's input struct with //stitch:tool\n"
	if got := stderr.String(); got != want || stdout.Len() != 0 {
		t.Errorf("stdout %q, stderr:\n%s\nwant:\n%s", stdout.String(), got, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 {
		t.Errorf("the run wrote files: %v", entries)
	}
}
