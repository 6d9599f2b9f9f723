package serve

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/model"
)

const fixturePath = "example.com/servetest"

// fixturePackage mirrors the stand-in types of testdata/servetest: a tool
// with a struct output, one without output and one with a named slice output.
func fixturePackage() *model.Package {
	named := func(name string, kind model.Kind) *model.Type {
		t := &model.Type{Kind: kind, Name: name, PkgPath: fixturePath}
		if kind == model.KindStruct {
			t.Struct = &model.Struct{}
		}
		return t
	}
	receipt := named("OrderReceipt", model.KindStruct)
	totals := named("TotalList", model.KindSlice)
	totals.Elem = &model.Type{Kind: model.KindInt, Basic: "int64", Bits: 64}
	return &model.Package{Name: "servetest", Path: fixturePath, Tools: []*model.Tool{
		{Name: "place_order", Description: "Places an order.", Input: named("PlaceOrder", model.KindStruct), Output: receipt},
		{Name: "ping", Title: "Ping", Description: "Answers.", Input: named("Ping", model.KindStruct)},
		{Name: "totals", Description: "Squares.", Input: named("Totals", model.KindStruct), Output: totals},
	}}
}

func render(t *testing.T, pkg *model.Package, opt Options) []byte {
	t.Helper()
	f := jen.NewFilePathName(pkg.Path, pkg.Name)
	if err := Emit(f, pkg, opt); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := f.Render(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestEmittedCodeRuns builds the emitted plumbing with the stand-in decoder
// API in a scratch module and runs the fixture's tests (dispatcher, observers,
// envelopes, timeouts, MCP adapter over in-memory transports) under -race.
func TestEmittedCodeRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a scratch module")
	}
	dir := t.TempDir()
	copyFile(t, filepath.Join("testdata", "servetest", "stub.go"), filepath.Join(dir, "stub.go"))
	copyFile(t, filepath.Join("testdata", "servetest", "servetest_test.go"), filepath.Join(dir, "servetest_test.go"))
	copyFile(t, filepath.Join("..", "..", "go.sum"), filepath.Join(dir, "go.sum"))
	mod, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(mod, []byte("module "+fixturePath))
	write(t, filepath.Join(dir, "go.mod"), mod)
	write(t, filepath.Join(dir, "stitch_serve.go"), render(t, fixturePackage(), Options{}))
	run(t, dir, "vet", ".")
	run(t, dir, "test", "-race", "-count=1", ".")
}

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %v: %v\n%s", args, err, out)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	write(t, to, b)
}

func write(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
