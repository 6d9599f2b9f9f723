package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stitchgen/stitchgen/internal/testmod"
)

const contractV1 = `package notes

// AddNote stores a note.
//
//stitch:tool add_note
type AddNote struct {
	Text string ` + "`json:\"text\" jsonschema:\"maxLength=200\"`" + `
}
`

func newNotesModule(t *testing.T) string {
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	m := testmod.New(t, "example.com/notes")
	if err := m.WriteFile("notes/notes.go", []byte(contractV1)); err != nil {
		t.Fatal(err)
	}
	return m.Dir
}

func mustRun(t *testing.T, dir string, wantCode int, args ...string) (string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, dir, &stdout, &stderr); code != wantCode {
		t.Fatalf("stitchgen %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, wantCode, stdout.String(), stderr.String())
	}
	return stdout.String(), stderr.String()
}

// TestCheckAfterEdit: -check passes on a fresh file, exits 1 with a diff
// after a contract edit, and passes again after regenerating.
func TestCheckAfterEdit(t *testing.T) {
	dir := newNotesModule(t)
	mustRun(t, dir, 0, "./...")
	if out, _ := mustRun(t, dir, 0, "-check", "./..."); out != "" {
		t.Fatalf("-check on a fresh file printed:\n%s", out)
	}
	edited := strings.Replace(contractV1, "maxLength=200", "maxLength=300", 1)
	if err := os.WriteFile(filepath.Join(dir, "notes", "notes.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := mustRun(t, dir, 1, "-check", "./...")
	for _, want := range []string{
		"--- a/notes/stitch_gen.go\n+++ b/notes/stitch_gen.go\n@@ ",
		"-\tAddNoteInputSchema = `{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\",\"maxLength\":200}}",
		"+\tAddNoteInputSchema = `{\"type\":\"object\",\"properties\":{\"text\":{\"type\":\"string\",\"maxLength\":300}}",
		"stitchgen: 1 generated file(s) are stale; run stitchgen to update them\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("-check output lacks %q:\n%s", want, out)
		}
	}
	mustRun(t, dir, 0, "./...")
	if out, _ := mustRun(t, dir, 0, "-check", "./..."); out != "" {
		t.Fatalf("-check after regenerating printed:\n%s", out)
	}
}

// TestContractErrorsExit1 prints positioned diagnostics and writes nothing.
func TestContractErrorsExit1(t *testing.T) {
	dir := newNotesModule(t)
	bad := strings.Replace(contractV1, "maxLength=200", "maxLength=ten", 1)
	if err := os.WriteFile(filepath.Join(dir, "notes", "notes.go"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr := mustRun(t, dir, 1, "./...")
	if !strings.HasPrefix(stderr, "notes/notes.go:7:2: field AddNote.Text: ") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr is not one positioned diagnostic:\n%s", stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes", "stitch_gen.go")); !os.IsNotExist(err) {
		t.Errorf("a failed run wrote stitch_gen.go (stat: %v)", err)
	}
}

// TestManifestSchemasCompile: the manifest of the repository's examples is
// valid JSON and every schema in it compiles under a 2020-12 validator.
func TestManifestSchemasCompile(t *testing.T) {
	root, err := testmod.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := mustRun(t, root, 0, "manifest", "./examples/...")
	var m struct {
		Tools []map[string]json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("manifest is not JSON: %v\n%s", err, out)
	}
	if len(m.Tools) < 4 {
		t.Fatalf("manifest lists %d tools; the examples declare more", len(m.Tools))
	}
	for _, tool := range m.Tools {
		for _, key := range []string{"inputSchema", "outputSchema"} {
			raw, ok := tool[key]
			if !ok {
				continue
			}
			doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
			if err != nil {
				t.Fatalf("%s %s: %v", tool["name"], key, err)
			}
			c := jsonschema.NewCompiler()
			c.DefaultDraft(jsonschema.Draft2020)
			if err := c.AddResource("mem://s.json", doc); err != nil {
				t.Fatal(err)
			}
			if _, err := c.Compile("mem://s.json"); err != nil {
				t.Errorf("%s %s does not compile: %v", tool["name"], key, err)
			}
		}
	}
}

// TestRegenerateWhileCodeUsesGeneratedNames: code in the contract package
// that uses what stitchgen generates (an interface assertion on a generated
// method, a StitchHandler implementation) neither blocks the first run nor
// a regeneration, -check or manifest; after a tool is removed, the stale
// previous output (whose handler interface still asks for the removed
// tool's method) does not block the run that updates it.
func TestRegenerateWhileCodeUsesGeneratedNames(t *testing.T) {
	dir := newNotesModule(t)
	const uses = `package notes

import (
	"context"
	"encoding/json"
)

// DropNote removes a note.
//
//stitch:tool drop_note
type DropNote struct {
	ID int ` + "`json:\"id\"`" + `
}

type notes struct{}

func (notes) AddNote(ctx context.Context, in AddNote) (string, error)   { return "", nil }
func (notes) DropNote(ctx context.Context, in DropNote) (string, error) { return "", nil }

var (
	_ json.Unmarshaler = (*AddNote)(nil)
	_ StitchHandler    = notes{}
)
`
	write := func(src string) {
		if err := os.WriteFile(filepath.Join(dir, "notes", "uses.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(uses)
	mustRun(t, dir, 0, "./...")
	if out, _ := mustRun(t, dir, 0, "-check", "./..."); out != "" {
		t.Fatalf("-check on a fresh file printed:\n%s", out)
	}
	if out, _ := mustRun(t, dir, 0, "manifest", "./..."); !strings.Contains(out, `"name":"drop_note"`) {
		t.Fatalf("manifest lacks drop_note:\n%s", out)
	}
	// Remove drop_note and its handler method.
	removed := strings.Replace(uses, "func (notes) DropNote(ctx context.Context, in DropNote) (string, error) { return \"\", nil }\n", "", 1)
	removed = removed[:strings.Index(removed, "// DropNote removes")] + removed[strings.Index(removed, "type notes struct{}"):]
	write(removed)
	out, stderr := mustRun(t, dir, 1, "-check", "./...")
	if stderr != "" || !strings.HasSuffix(out, "stitchgen: 1 generated file(s) are stale; run stitchgen to update them\n") {
		t.Errorf("-check after removing a tool: stdout\n%s\nstderr\n%s", out, stderr)
	}
	mustRun(t, dir, 0, "./...")
	if r := (&testmod.Module{Dir: dir}).Go(".", "vet", "./..."); r.Err != nil || r.ExitCode != 0 {
		t.Errorf("go vet after regenerating: exit %d %v\n%s", r.ExitCode, r.Err, r.Stderr)
	}
}

// TestInitTwoPackagesMakeCheck: init on a second package adds it to the
// Makefile targets, and `make stitchgen-check` fails after a doc edit in
// either package (it ran on the first one only before).
func TestInitTwoPackagesMakeCheck(t *testing.T) {
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make on PATH")
	}
	dir := newNotesModule(t)
	todo := strings.ReplaceAll(strings.ReplaceAll(contractV1, "package notes", "package todo"), "add_note", "add_todo")
	todo = strings.ReplaceAll(todo, "AddNote", "AddTodo")
	if err := os.MkdirAll(filepath.Join(dir, "todo"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "todo", "todo.go"), []byte(todo), 0o644); err != nil {
		t.Fatal(err)
	}
	// The module has the generator as a tool, as the quick start does.
	f, err := os.OpenFile(filepath.Join(dir, "go.mod"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\ntool github.com/stitchgen/stitchgen/cmd/stitchgen\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	if out, _ := mustRun(t, dir, 0, "init", "./notes"); out != "wrote notes/stitch_generate.go\nadded the stitchgen and stitchgen-check targets to Makefile\n" {
		t.Errorf("first init said %q", out)
	}
	if out, _ := mustRun(t, dir, 0, "init", "./todo"); out != "wrote todo/stitch_generate.go\nadded ./todo to the Makefile's stitchgen targets\n" {
		t.Errorf("second init said %q", out)
	}
	if out, _ := mustRun(t, dir, 0, "init", "./todo"); out != "todo/stitch_generate.go exists; left alone\nthe Makefile's stitchgen targets cover ./todo already; left alone\n" {
		t.Errorf("third init said %q", out)
	}
	mk, err := os.ReadFile(filepath.Join(dir, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	wantMk := "\n# stitchgen: regenerate tool schemas, decoders and handlers; `make stitchgen-check` fails when stale.\n" +
		".PHONY: stitchgen stitchgen-check\nstitchgen:\n\tgo tool stitchgen ./notes ./todo\n" +
		"stitchgen-check:\n\tgo tool stitchgen -check ./notes ./todo\n"
	if string(mk) != wantMk {
		t.Errorf("Makefile:\n%q\nwant:\n%q", mk, wantMk)
	}
	makeTarget := func(target string) (string, error) {
		cmd := exec.Command(makeBin, "--no-print-directory", target)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := makeTarget("stitchgen"); err != nil {
		t.Fatalf("make stitchgen: %v\n%s", err, out)
	}
	if out, err := makeTarget("stitchgen-check"); err != nil {
		t.Fatalf("make stitchgen-check on fresh files: %v\n%s", err, out)
	}
	// A doc comment edit in the second package makes its file stale.
	edited := strings.Replace(todo, "// AddTodo stores a note.", "// AddTodo stores a todo item.", 1)
	if err := os.WriteFile(filepath.Join(dir, "todo", "todo.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := makeTarget("stitchgen-check")
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("make stitchgen-check after an edit in ./todo: %v, want make's exit 2\n%s", err, out)
	}
	// The diff's context lines and line numbers follow the generated code;
	// the command, the changed lines and the verdicts are pinned.
	if !strings.HasPrefix(out, "go tool stitchgen -check ./notes ./todo\n--- a/todo/stitch_gen.go\n") {
		t.Errorf("make stitchgen-check output starts:\n%s", out)
	}
	for _, want := range []string{
		"go tool stitchgen -check ./notes ./todo\n--- a/todo/stitch_gen.go\n+++ b/todo/stitch_gen.go\n@@ ",
		"\n-\t\tDescription:    \"AddTodo stores a note.\",\n+\t\tDescription:    \"AddTodo stores a todo item.\",\n",
		"stitchgen: 1 generated file(s) are stale; run stitchgen to update them\nmake: *** [Makefile:7: stitchgen-check] Error 1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("make stitchgen-check output lacks %q:\n%s", want, out)
		}
	}
}
