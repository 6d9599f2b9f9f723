package testmod

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// ProjectModule is the module path of the repository the tests run in.
const ProjectModule = "github.com/stitchgen/stitchgen"

// A Module is a temporary Go module that requires the project through a
// replace directive pointing at the repository checkout.
type Module struct {
	// Dir is the module root (the directory holding go.mod).
	Dir string
	// Path is the module path written to go.mod.
	Path string
}

// New creates a module with the given module path in a fresh temporary
// directory (removed when tb ends).
func New(tb testing.TB, modPath string) *Module {
	tb.Helper()
	root, err := RepoRoot()
	if err != nil {
		tb.Fatal(err)
	}
	m, err := Create(tb.TempDir(), modPath, root)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// Create writes go.mod and go.sum for a module at dir that requires the
// project checked out at repoRoot. Its require block is the repository's own,
// plus the project itself at v0.0.0 replaced by repoRoot.
func Create(dir, modPath, repoRoot string) (*Module, error) {
	gomod, err := os.ReadFile(filepath.Join(repoRoot, "go.mod"))
	if err != nil {
		return nil, err
	}
	text, err := ModFile(modPath, repoRoot, gomod)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), text, 0o644); err != nil {
		return nil, err
	}
	sum, err := os.ReadFile(filepath.Join(repoRoot, "go.sum"))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return nil, err
	}
	return &Module{Dir: dir, Path: modPath}, nil
}

// ModFile returns the go.mod text of a module that requires the project at
// repoRoot, given the project's own go.mod text: the same go version, the
// same require statements, and a require+replace for the project itself.
func ModFile(modPath, repoRoot string, projectGoMod []byte) ([]byte, error) {
	goLine, requires, err := requireStatements(projectGoMod)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s\n\n", modPath)
	if goLine != "" {
		fmt.Fprintf(&b, "%s\n\n", goLine)
	}
	fmt.Fprintf(&b, "require %s v0.0.0\n\n", ProjectModule)
	for _, r := range requires {
		b.WriteString(r)
		b.WriteString("\n\n")
	}
	fmt.Fprintf(&b, "replace %s => %s\n", ProjectModule, quoteModPath(repoRoot))
	return b.Bytes(), nil
}

// requireStatements extracts the go directive and every require statement
// (single-line or block, verbatim) from a go.mod file.
func requireStatements(gomod []byte) (goLine string, requires []string, err error) {
	lines := strings.Split(string(gomod), "\n")
	for i := 0; i < len(lines); i++ {
		line := strings.TrimSpace(lines[i])
		switch {
		case strings.HasPrefix(line, "go "):
			goLine = line
		case line == "require (" || strings.HasPrefix(line, "require ("):
			start := i
			for i < len(lines) && strings.TrimSpace(lines[i]) != ")" {
				i++
			}
			if i == len(lines) {
				return "", nil, fmt.Errorf("go.mod: unterminated require block at line %d", start+1)
			}
			requires = append(requires, strings.Join(lines[start:i+1], "\n"))
		case strings.HasPrefix(line, "require "):
			requires = append(requires, line)
		}
	}
	return goLine, requires, nil
}

// quoteModPath quotes a file path for go.mod when it needs quoting.
func quoteModPath(p string) string {
	p = filepath.ToSlash(p)
	if strings.ContainsAny(p, " \t\"'`") {
		return fmt.Sprintf("%q", p)
	}
	return p
}

// RepoRoot finds the project's repository root by walking up from the
// working directory to the go.mod that declares ProjectModule.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modulePath(data) == ProjectModule {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testmod: no go.mod declaring %s above the working directory", ProjectModule)
		}
		dir = parent
	}
}

func modulePath(gomod []byte) string {
	for _, line := range strings.Split(string(gomod), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// WriteFile writes data to the slash-separated path rel inside the module,
// creating directories as needed.
func (m *Module) WriteFile(rel string, data []byte) error {
	p := filepath.Join(m.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// Env returns the environment for go commands run in the module: the test
// process's environment with GOFLAGS=-mod=mod and GOWORK=off, so the
// module's go.mod may be completed from the module cache and no workspace
// of the surrounding checkout interferes.
func Env() []string {
	env := os.Environ()
	flags := strings.TrimSpace(os.Getenv("GOFLAGS") + " -mod=mod")
	return append(env, "GOFLAGS="+flags, "GOWORK=off")
}

// A Result is the outcome of one command.
type Result struct {
	Stdout, Stderr []byte
	// ExitCode is the process exit status; -1 if it did not start or was killed.
	ExitCode int
	// Err is non-nil when the process could not be started or did not exit
	// normally (a non-zero exit is not an Err, see ExitCode).
	Err error
}

// Go runs the go command with args in dir (relative to the module root).
func (m *Module) Go(dir string, args ...string) Result {
	cmd := exec.Command(goTool(), args...)
	cmd.Dir = filepath.Join(m.Dir, filepath.FromSlash(dir))
	cmd.Env = Env()
	return run(cmd)
}

func goTool() string {
	if p := filepath.Join(os.Getenv("GOROOT"), "bin", "go"); os.Getenv("GOROOT") != "" {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return "go"
}

func run(cmd *exec.Cmd) Result {
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	r := Result{Stdout: out.Bytes(), Stderr: errb.Bytes()}
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit) && exit.Exited():
		r.ExitCode = exit.ExitCode()
	default:
		r.ExitCode, r.Err = -1, err
	}
	return r
}
