package testmod

import (
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

// Binary returns the path of a stitchgen binary built from the repository
// checkout, building it on first use (once per test process). Callers that
// use it should call Cleanup from TestMain, or leave the binary in the
// system temp directory.
func Binary(tb testing.TB) string {
	tb.Helper()
	p, err := BuildBinary()
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// BuildBinary is Binary without a testing.TB: it builds ./cmd/stitchgen
// once per process and returns the binary's path or the build error.
// When STITCHGEN_BIN is set, that binary is used instead.
func BuildBinary() (string, error) {
	binary.once.Do(func() {
		if p := os.Getenv("STITCHGEN_BIN"); p != "" {
			binary.path = p // a prebuilt (or fake) generator, for debugging the harness
			return
		}
		root, err := RepoRoot()
		if err != nil {
			binary.err = err
			return
		}
		binary.dir, err = os.MkdirTemp("", "stitchgen-bin-")
		if err != nil {
			binary.err = err
			return
		}
		binary.path = filepath.Join(binary.dir, "stitchgen")
		if err := readSources(root); err != nil {
			binary.err = err
			return
		}
		cmd := exec.Command(goTool(), "build", "-o", binary.path, "./cmd/stitchgen")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if r := run(cmd); r.Err != nil || r.ExitCode != 0 {
			binary.err = fmt.Errorf("testmod: go build ./cmd/stitchgen failed (exit %d, %v):\n%s", r.ExitCode, r.Err, r.Stderr)
		}
	})
	return binary.path, binary.err
}

// GeneratorPresent reports whether the repository has a cmd/stitchgen main
// package to build (it may not while the project is being bootstrapped).
func GeneratorPresent() bool {
	if os.Getenv("STITCHGEN_BIN") != "" {
		return true
	}
	root, err := RepoRoot()
	if err != nil {
		return false
	}
	files, _ := filepath.Glob(filepath.Join(root, "cmd", "stitchgen", "*.go"))
	return len(files) > 0
}

// Cleanup removes the binary built by Binary, if any. Call it from TestMain
// after m.Run.
func Cleanup() {
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
}

// Generate runs stitchgen in the package directory dir (relative to the
// module root) as go generate would: working directory dir, GOFILE set to
// the first Go file of dir in name order, GOPACKAGE to its package name,
// GOLINE to 1. args are passed to stitchgen (none: generate for ".").
func (m *Module) Generate(tb testing.TB, dir string, args ...string) Result {
	tb.Helper()
	return m.runStitchgen(tb, dir, true, args...)
}

// Stitchgen runs stitchgen with args in dir (relative to the module root),
// without the go generate environment, e.g. for "manifest ./pkg".
func (m *Module) Stitchgen(tb testing.TB, dir string, args ...string) Result {
	tb.Helper()
	return m.runStitchgen(tb, dir, false, args...)
}

func (m *Module) runStitchgen(tb testing.TB, dir string, asGenerate bool, args ...string) Result {
	tb.Helper()
	cmd := exec.Command(Binary(tb), args...)
	cmd.Dir = filepath.Join(m.Dir, filepath.FromSlash(dir))
	cmd.Env = Env()
	if asGenerate {
		file, pkg, err := goFileAndPackage(cmd.Dir)
		if err != nil {
			tb.Fatal(err)
		}
		cmd.Env = append(cmd.Env, "GOFILE="+file, "GOPACKAGE="+pkg, "GOLINE=1", "DOLLAR=$")
	}
	return run(cmd)
}

// goFileAndPackage picks the file go generate would be running for: the
// first non-test Go file in name order, and its package clause.
func goFileAndPackage(dir string) (file, pkg string, err error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", "", err
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		data, err := os.ReadFile(n)
		if err != nil {
			return "", "", err
		}
		if p := PackageClause(data); p != "" {
			return filepath.Base(n), p, nil
		}
	}
	return "", "", fmt.Errorf("testmod: no Go file with a package clause in %s", dir)
}

// PackageClause returns the package name declared by Go source src, or "".
func PackageClause(src []byte) string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.PackageClauseOnly)
	if err != nil {
		return ""
	}
	return f.Name.Name
}

// readSources reads every file of the checkout (except hidden ones), so
// that go test's result cache, which tracks the files a test opens, is
// invalidated when a source of the generator changes: the binary is built
// in a subprocess, which the cache cannot see.
func readSources(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != root && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			_, err = os.ReadFile(p)
		}
		return err
	})
}
