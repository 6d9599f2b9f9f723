package decode

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/load"
	"golang.org/x/tools/txtar"
)

// TestGeneratedDecoders loads every testdata/*.txtar contract with the real
// loader, emits its decoders, and runs the case's vectors through them in
// one throw-away module with one `go test ./...` (see testdata/driver.go.txt
// for the vector format). The generated code is stdlib-only, so the module
// builds offline. STITCH_DECODE_BENCH=1 runs the cases' benchmarks instead
// and logs them.
func TestGeneratedDecoders(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	cases, _ := filepath.Glob("testdata/*.txtar")
	driver, err := os.ReadFile("testdata/driver.go.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "go.mod"), []byte("module example.com/t\n\ngo 1.26\n"))
	for _, c := range cases {
		ar, err := txtar.ParseFile(c)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(c), ".txtar")
		for _, f := range ar.Files {
			write(t, filepath.Join(dir, name, f.Name), f.Data)
		}
		write(t, filepath.Join(dir, name, "driver_test.go"), bytes.Replace(driver, []byte("package driver"), []byte("package "+name), 1))
	}
	pkgs, diags, err := load.Load(load.Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Errorf("load: %s", d)
	}
	if len(pkgs) != len(cases) {
		t.Fatalf("loaded %d packages, want %d", len(pkgs), len(cases))
	}
	rt := Runtime()
	for _, p := range pkgs {
		f := jen.NewFilePathName(p.Path, p.Name)
		if err := Emit(f, p); err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		registry(f, p.Types)
		var buf bytes.Buffer
		if err := f.Render(&buf); err != nil {
			t.Fatalf("%s: render: %v", p.Path, err)
		}
		again := jen.NewFilePathName(p.Path, p.Name)
		if err := Emit(again, p); err != nil {
			t.Fatal(err)
		}
		registry(again, p.Types)
		if again.GoString() != buf.String() {
			t.Errorf("%s: a second Emit gives different bytes", p.Path)
		}
		write(t, filepath.Join(dir, p.Dir, "stitch_gen.go"), buf.Bytes())
		write(t, filepath.Join(dir, p.Dir, "stitch_rt.go"), bytes.Replace(rt, []byte("package rt"), []byte("package "+p.Name), 1))
	}
	vet := exec.Command("go", "vet", "./...")
	vet.Dir = dir
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet in the generated module: %v\n%s", err, out)
	}
	args := []string{"test", "-count=1", "./..."}
	if os.Getenv("STITCH_DECODE_BENCH") != "" {
		args = append(args, "-run=^$", "-bench=.", "-benchmem")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go test in the generated module: %v\n%s", err, out)
	}
	if os.Getenv("STITCH_DECODE_BENCH") != "" {
		t.Logf("%s", out)
	}
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
