package load

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/model"
)

// Config says what to load.
type Config struct {
	Dir      string       // directory patterns are resolved against; diagnostics are relative to it
	Patterns []string     // package patterns ("." and "./..." included); empty means "."
	Tags     []string     // build tags forwarded to the build system
	Policy   model.Policy // key policy of structs without a policy directive

	// ReverseFiles processes each package's files in reverse order. It exists
	// for determinism tests: the output must not change.
	ReverseFiles bool
}

// Load loads the packages matching cfg.Patterns and builds their models.
// Packages without any //stitch:tool are left out. Contract problems are
// returned as diagnostics (sorted); the error is for failures to load at all.
//
// Each model.Package's Dir is the package directory relative to cfg.Dir,
// slash-separated ("." for cfg.Dir itself), like every diagnostic position.
func Load(cfg Config) ([]*model.Package, []model.Diagnostic, error) {
	dir := cfg.Dir
	if dir == "" {
		dir = "."
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return nil, nil, fmt.Errorf("load: %w", err)
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pcfg := &packages.Config{Mode: listMode, Dir: absDir}
	if len(cfg.Tags) > 0 {
		pcfg.BuildFlags = []string{"-tags=" + strings.Join(cfg.Tags, ",")}
	}
	if pcfg.Overlay, err = previousOutput(pcfg, patterns); err != nil {
		return nil, nil, err
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, nil, fmt.Errorf("load: %w", err)
	}
	if len(pkgs) == 0 {
		return nil, nil, fmt.Errorf("load: no package matches %s", strings.Join(patterns, " "))
	}
	source, err := typeCheck(pcfg, pkgs)
	if err != nil {
		return nil, nil, err
	}
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })
	var out []*model.Package
	var diags []model.Diagnostic
	var noTools []*pkgLoader
	for _, p := range pkgs {
		if len(p.Syntax) == 0 && len(p.Errors) > 0 {
			// No file could be read (a NUL byte, say): the errors are
			// diagnostics when they name a file, else the run fails.
			l := newPkgLoader(cfg, absDir, p)
			l.packageErrors()
			if slices.ContainsFunc(l.diags, func(d model.Diagnostic) bool { return d.Pos.File == "" }) {
				return nil, nil, fmt.Errorf("load: %s: %s", p.PkgPath, l.relMsg(p.Errors[0].Msg))
			}
			diags = append(diags, l.diags...)
			continue
		}
		if !hasTool(p) {
			l := newPkgLoader(cfg, absDir, p)
			l.strayDirectives(false)
			diags = append(diags, l.diags...)
			noTools = append(noTools, l)
			continue
		}
		if cfg.ReverseFiles {
			slices.Reverse(p.Syntax)
		}
		l := newPkgLoader(cfg, absDir, p)
		l.source = source
		mp := l.run()
		out = append(out, mp)
		diags = append(diags, l.diags...)
	}
	diags = append(diags, noToolWarnings(noTools, absDir, patterns, len(out) > 0)...)
	return out, model.SortDiagnostics(diags), nil
}

// relPath returns file relative to base, slash-separated. The build system
// may report files under base with symbolic links resolved, so a path that
// leaves base is retried against base's resolved form.
func relPath(base, file string) string {
	r, err := filepath.Rel(base, file)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		if real, err2 := filepath.EvalSymlinks(base); err2 == nil && real != base {
			if r2, err3 := filepath.Rel(real, file); err3 == nil && !strings.HasPrefix(r2, "..") {
				return filepath.ToSlash(r2)
			}
		}
	}
	if err != nil {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(r)
}

// parseErrPos turns a go/packages "file:line:col" (or "file:line") position
// into a model position relative to base.
func parseErrPos(base, s string) model.Pos {
	if s == "" || s == "-" {
		return model.Pos{}
	}
	var nums []int
	rest := s
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil {
			break
		}
		nums = append([]int{n}, nums...)
		rest = rest[:i]
	}
	// A relative file is relative to the directory the build system ran
	// in, base. A position without a column ("file:line", as go list and
	// a file that cannot be read report it) is at the line's first column.
	if !filepath.IsAbs(rest) {
		rest = filepath.Join(base, rest)
	}
	p := model.Pos{File: relPath(base, rest), Line: 1, Col: 1}
	if len(nums) > 0 {
		p.Line = max(nums[0], 1)
	}
	if len(nums) > 1 {
		p.Col = max(nums[1], 1)
	}
	return p
}
