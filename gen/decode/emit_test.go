package decode_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/decode"
	"github.com/stitchgen/stitchgen/internal/testmod"
	"github.com/stitchgen/stitchgen/load"
	"golang.org/x/tools/txtar"
)

// TestGeneratedDecoders loads every testdata/*.txtar contract with the real
// loader, emits its decoders, and runs the case's vectors through them in
// one throw-away module with one `go test ./...` (see testdata/driver.go.txt
// for the vector format). The generated code imports only the standard
// library and the project's stitchrt and stitch, so the module builds
// offline. STITCH_DECODE_BENCH=1 runs the cases' benchmarks instead
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
	mod := testmod.New(t, "example.com/t")
	dir := mod.Dir
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
	for _, p := range pkgs {
		f := jen.NewFilePathName(p.Path, p.Name)
		if err := decode.Emit(f, p, decode.Options{Flatten: true}); err != nil {
			t.Fatalf("%s: %v", p.Path, err)
		}
		registry(f, p.Types)
		var buf bytes.Buffer
		if err := f.Render(&buf); err != nil {
			t.Fatalf("%s: render: %v", p.Path, err)
		}
		again := jen.NewFilePathName(p.Path, p.Name)
		if err := decode.Emit(again, p, decode.Options{Flatten: true}); err != nil {
			t.Fatal(err)
		}
		registry(again, p.Types)
		if again.GoString() != buf.String() {
			t.Errorf("%s: a second Emit gives different bytes", p.Path)
		}
		write(t, filepath.Join(dir, p.Dir, "stitch_gen.go"), buf.Bytes())
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
