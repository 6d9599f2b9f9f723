package load

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

// packageErrors turns the build system's, the parser's and the type
// checker's errors into diagnostics, except those in stitchgen's own (about
// to be regenerated) output and those about the identifiers it generates.
// Every diagnostic gets a position (errorPosition) and names paths relative
// to the load directory (relMsg).
func (l *pkgLoader) packageErrors() {
	for _, e := range l.pkg.Errors {
		if e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ") {
			l.toolOutput(e.Msg)
			continue
		}
		if l.dropError(e) {
			continue
		}
		pos, msg := l.errorPosition(e)
		l.diags = append(l.diags, model.Diagnostic{Pos: pos, Msg: l.relMsg(msg)})
	}
}

// dropError reports errors that are not the user's, or that the type check
// reports again with a position.
func (l *pkgLoader) dropError(e packages.Error) bool {
	list := e.Kind == packages.ListError
	switch {
	case l.errorInGenerated(e.Pos):
	case e.Kind == packages.TypeError && strings.HasPrefix(e.Msg, `could not import C (`) && l.cgoFailed():
		// The files cgo could not process import "C" as they are.
	case list && strings.HasPrefix(e.Msg, "found packages "):
		// Files of two package names: the type check reports each file of
		// the other name at its package clause.
	case list && strings.HasPrefix(e.Msg, importCycle):
		// Reported by the type check at the import (cycleError).
	case e.Kind == packages.TypeError && generatedRef(e.Msg):
	default:
		return false
	}
	return true
}

// toolOutput turns the output of a tool go list ran on the package (cgo,
// as "# path\n" and its stderr) into one diagnostic per positioned error
// line, or one at the package clause when no line has a position.
func (l *pkgLoader) toolOutput(msg string) {
	n := len(l.diags)
	for line := range strings.SplitSeq(msg, "\n") {
		m := toolLineRE.FindStringSubmatch(line)
		if m == nil || strings.HasPrefix(m[2], "warning:") || strings.HasPrefix(m[2], "note:") {
			continue
		}
		l.diags = append(l.diags, model.Diagnostic{Pos: parseErrPos(l.absDir, m[1]), Msg: l.relMsg(m[2])})
	}
	if len(l.diags) == n {
		p, _ := l.packagePos()
		l.diags = append(l.diags, model.Diagnostic{Pos: p, Msg: l.relMsg(strings.TrimSpace(msg))})
	}
}

// toolLineRE matches "file:line:col: message", as gcc and the go tools
// print an error.
var toolLineRE = regexp.MustCompile(`^(\S+?\.go:\d+(?::\d+)?): (.+)$`)

// cgoFailed reports whether go list could not run cgo on the package.
func (l *pkgLoader) cgoFailed() bool {
	return slices.ContainsFunc(l.pkg.Errors, func(e packages.Error) bool {
		return e.Kind == packages.ListError && strings.HasPrefix(e.Msg, "# ")
	})
}

// generatedRef reports whether a type error is about an identifier that
// stitchgen itself generates (names.IsGenerated: Stitch-prefixed names,
// schema constants; names.IsGeneratedMethod: generated methods, also as
// the method an interface misses). Such errors are expected before the
// first run or after the generated file was removed, and must not stop
// the run that creates them; a package qualifier is allowed, for a
// contract package that uses another one's generated API. (While a
// previous output exists, any error it resolves is dropped: typecheck.go.)
func generatedRef(msg string) bool {
	if m := undefinedRE.FindStringSubmatch(msg); m != nil {
		return names.IsGenerated(m[1])
	}
	if m := missingMethodRE.FindStringSubmatch(msg); m != nil {
		return names.IsGeneratedMethod(m[1])
	}
	return false
}

// The type checker's messages about a name that is not declared
// (go/types: "undefined: x", "undefined: pkg.X") and a method a type lacks
// ("x.M undefined (type T has no field or method M)", "T does not
// implement I (missing method M)"). The names are gen/names'.
var (
	undefinedRE     = regexp.MustCompile(`^undefined: (?:\w+\.)?(\w+)$`)
	missingMethodRE = regexp.MustCompile(`(?:has no field or method|\(missing method) (\w+)\)$`)
)

func (l *pkgLoader) errorInGenerated(pos string) bool {
	for f := range l.generated {
		if strings.HasPrefix(pos, f+":") {
			return true
		}
	}
	return false
}

// errorPosition returns where an error is reported, and its message.
// Errors the build system reports without a position are placed at the
// file they name (the NUL byte or the //go:build line where that is what
// is wrong), a type error without one (the checker's follow-on of a syntax
// error, such as "missing return" in a function cut off by the end of the
// file) at the package's first syntax error, and anything else at the
// package clause of the package's first file.
func (l *pkgLoader) errorPosition(e packages.Error) (model.Pos, string) {
	if p := parseErrPos(l.absDir, e.Pos); p.File != "" {
		return p, e.Msg
	}
	if p, msg, ok := l.fileError(e.Msg); ok {
		return p, msg
	}
	if e.Kind == packages.TypeError {
		if p, ok := l.firstSyntaxError(); ok {
			return p, e.Msg
		}
	}
	p, _ := l.packagePos()
	return p, e.Msg
}

// fileErrorRE matches the build system's errors about one file: "read
// /abs/x.go: unexpected NUL in input", "open /abs/x.go: permission denied",
// "x.go: parsing //go:build line: ...".
var fileErrorRE = regexp.MustCompile(`(?s)^(?:(?:read|open) )?(\S+\.go): (.*)$`)

// fileError positions an error whose message starts with a file of the
// package; the message loses the path, which the position names.
func (l *pkgLoader) fileError(msg string) (model.Pos, string, bool) {
	m := fileErrorRE.FindStringSubmatch(msg)
	if m == nil {
		return model.Pos{}, "", false
	}
	file := m[1]
	if !filepath.IsAbs(file) {
		file = filepath.Join(l.pkg.Dir, file)
	}
	src, err := os.ReadFile(file)
	if err != nil && !os.IsPermission(err) {
		return model.Pos{}, "", false
	}
	p := model.Pos{File: relPath(l.absDir, file), Line: 1, Col: 1}
	off := -1
	switch {
	case strings.Contains(m[2], "NUL"):
		off = bytes.IndexByte(src, 0)
	case strings.Contains(m[2], "//go:build"):
		if off = bytes.Index(src, []byte("\n//go:build")); off >= 0 {
			off++
		} else if bytes.HasPrefix(src, []byte("//go:build")) {
			off = 0
		}
	}
	if off >= 0 {
		p.Line = bytes.Count(src[:off], []byte("\n")) + 1
		p.Col = off - bytes.LastIndexByte(src[:off], '\n')
	}
	return p, m[2], true
}

// firstSyntaxError returns the position of the package's first parse error.
func (l *pkgLoader) firstSyntaxError() (model.Pos, bool) {
	var first model.Pos
	for _, e := range l.pkg.Errors {
		if e.Kind != packages.ParseError || l.errorInGenerated(e.Pos) {
			continue
		}
		if p := parseErrPos(l.absDir, e.Pos); p.File != "" && (first.File == "" || p.Compare(first) < 0) {
			first = p
		}
	}
	return first, first.File != ""
}

// packagePos returns the position of the package clause of the package's
// first file (by name; stitchgen's own output last).
func (l *pkgLoader) packagePos() (model.Pos, bool) {
	var best model.Pos
	bestGen := true
	for _, f := range l.pkg.Syntax {
		p, gen := l.pos(f.Package), isGenerated(f)
		if p.File != "" && (best.File == "" || (bestGen && !gen) || (gen == bestGen && p.Compare(best) < 0)) {
			best, bestGen = p, gen
		}
	}
	return best, best.File != ""
}

// relMsg rewrites the absolute paths in a message that lie in the load
// directory relative to it, as positions are (the build system quotes
// files and directories absolutely). Paths elsewhere (the Go root, the
// module and build caches) are left as they are.
func (l *pkgLoader) relMsg(msg string) string {
	roots := []string{l.absDir}
	if real, err := filepath.EvalSymlinks(l.absDir); err == nil && real != l.absDir {
		roots = append(roots, real)
	}
	for _, root := range roots {
		msg = relUnder(msg, root)
	}
	return msg
}

// relUnder rewrites occurrences of root, and of paths below it, that stand
// as a whole path in msg (not inside a longer one).
func relUnder(msg, root string) string {
	var b strings.Builder
	for {
		i := strings.Index(msg, root)
		if i < 0 {
			b.WriteString(msg)
			return b.String()
		}
		end := i + len(root)
		startsPath := i == 0 || !isPathByte(msg[i-1])
		rest := msg[end:]
		switch {
		case startsPath && strings.HasPrefix(rest, string(filepath.Separator)):
			j := strings.IndexFunc(rest, func(r rune) bool { return r < 0x80 && !isPathByte(byte(r)) })
			if j < 0 {
				j = len(rest)
			}
			b.WriteString(msg[:i] + relPath(root, root+rest[:j]))
			msg = rest[j:]
		case startsPath && (rest == "" || !isPathByte(rest[0])):
			b.WriteString(msg[:i] + ".")
			msg = rest
		default:
			b.WriteString(msg[:end])
			msg = rest
		}
	}
}

// isPathByte reports bytes that continue a path in a message (anything
// but space, quotes, brackets and the separators of "file:line" and lists).
func isPathByte(c byte) bool {
	return c > ' ' && !slices.Contains([]byte(`"'()[]{},:;`), c)
}
