package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFloorSourceBuilds cuts the checked-in generated file of contract U
// (a union, nested objects, lists) to its floor and builds the package
// with the floor in its place (a go build overlay): every decoder and
// encoder keeps one statement, every other function is unchanged, and the
// package compiles.
func TestFloorSourceBuilds(t *testing.T) {
	gen := filepath.Join("..", "..", "contracts", "u", "stitch_gen.go")
	src, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	floor, err := floorSource(src)
	if err != nil {
		t.Fatal(err)
	}
	before, after := funcBodies(t, src), funcBodies(t, floor)
	if len(before) != len(after) {
		t.Fatalf("%d functions before, %d after", len(before), len(after))
	}
	cut := 0
	for name, n := range before {
		want := n
		if strings.HasPrefix(name, "stitchDecode") || strings.HasPrefix(name, "stitchEncode") {
			want, cut = 1, cut+1
		}
		if after[name] != want {
			t.Errorf("%s: %d statements after, want %d (%d before)", name, after[name], want, n)
		}
	}
	if cut < 4 {
		t.Fatalf("only %d decoders and encoders in %s", cut, gen)
	}
	dir := t.TempDir()
	floorPath := filepath.Join(dir, "floor.go")
	if err := os.WriteFile(floorPath, floor, 0o644); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(gen)
	if err != nil {
		t.Fatal(err)
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": {abs: floorPath}})
	if err != nil {
		t.Fatal(err)
	}
	ovPath := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ovPath, ov, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-overlay", ovPath, "./contracts/u")
	cmd.Dir = filepath.Join("..", "..")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the floor does not build: %v\n%s", err, out)
	}
}

func TestFloorSourceNothingToCut(t *testing.T) {
	_, err := floorSource([]byte("package p\n\nfunc f() {}\n"))
	want := "no stitchDecode or stitchEncode function to cut"
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
}

// funcBodies maps each function (methods as Type.Method) to its number of
// top-level statements.
func funcBodies(t *testing.T, src []byte) map[string]int {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]int{}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		name := fn.Name.Name
		if fn.Recv != nil {
			r := fn.Recv.List[0].Type
			if s, ok := r.(*ast.StarExpr); ok {
				r = s.X
			}
			name = r.(*ast.Ident).Name + "." + name
		}
		if name == "_" {
			continue
		}
		m[name] = len(fn.Body.List)
	}
	return m
}
