package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// A directive only does something in two places: a type's doc comment
// (tool, union, variant, strict, strip, loose, schema) and the package's
// doc comment (dialect). strayDirectives reports every comment line of the
// user's files that is, or looks like, a directive anywhere else, and
// every line that looks like one but is not spelled as one (decision 0029):
//
//   - a near miss ("// stitch:tool", "//Stitch:tool") in a type's or the
//     package's doc comment is an error: the type silently got no
//     directive, which is never what its author meant;
//   - a near miss anywhere else is a warning: it may be prose;
//   - a real //stitch: line where it does nothing (after a blank line, on
//     a field, a function or a parenthesized type group) is an error;
//   - in a package without tools, an unknown verb on a type is the error
//     the tool packages' loader gives (it would otherwise go unread).
//
// tools says whether the package declares a tool (its type directives are
// then parsed, and checked, by collectDecls).
func (l *pkgLoader) strayDirectives(tools bool) {
	for _, f := range l.pkg.Syntax {
		if isGenerated(f) {
			continue
		}
		typeDocs := map[*ast.CommentGroup]string{}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
				for _, s := range gd.Specs {
					ts := s.(*ast.TypeSpec)
					if doc := typeDoc(gd, ts); doc != nil {
						typeDocs[doc] = ts.Name.Name
					}
				}
			}
		}
		for _, cg := range f.Comments {
			typeName, onType := typeDocs[cg]
			onPackage := cg == f.Doc
			for _, c := range cg.List {
				l.checkComment(c, typeName, onType, onPackage, tools)
			}
		}
	}
}

// checkComment checks one comment line; see strayDirectives.
func (l *pkgLoader) checkComment(c *ast.Comment, typeName string, onType, onPackage, tools bool) {
	rest, exact := strings.CutPrefix(c.Text, directivePrefix)
	if !exact {
		fix, ok := nearMiss(c.Text)
		if !ok {
			return
		}
		const msg = "%q is not a stitch directive (a directive starts with //stitch:, with no space after // and in lower case); write %s"
		switch {
		case onType:
			l.errorf(site{c.Pos(), "type " + typeName}, msg, c.Text, fix)
		case onPackage:
			l.errorf(site{c.Pos(), "package " + l.pkg.Name}, msg, c.Text, fix)
		default:
			l.warnf(site{c.Pos(), ""}, msg+" in the doc comment of a type (or of the package, for //stitch:dialect), or reword the comment", c.Text, fix)
		}
		return
	}
	verb := rest // as directivesOf reads it: "//stitch: tool" has the verb ""
	if i := strings.IndexAny(verb, " \t"); i >= 0 {
		verb = verb[:i]
	}
	switch {
	case onType && !tools && !slices.Contains(directiveVerbs, verb):
		l.errorf(site{c.Pos(), "type " + typeName}, "unknown directive //stitch:%s (known: %s)", verb, knownVerbs)
	case onType, onPackage && verb == "dialect":
	case verb == "dialect":
		l.errorf(site{c.Pos(), ""}, "//stitch:dialect does nothing here: it belongs in the package's doc comment, directly above the package clause")
	default:
		l.errorf(site{c.Pos(), ""}, "//stitch:%s does nothing here: a directive belongs in the doc comment of a type declaration, directly above the type with no blank line between", verb)
	}
}

// nearMiss reports whether a line comment looks like a stitch directive
// that is not spelled as one ("// stitch:tool", "//Stitch:tool": a word
// of letters after the colon), and the spelling that would be one.
func nearMiss(text string) (string, bool) {
	body, ok := strings.CutPrefix(text, "//")
	if !ok {
		return "", false
	}
	body = strings.TrimLeft(body, " \t")
	if len(body) < len("stitch:") || !strings.EqualFold(body[:len("stitch:")], "stitch:") {
		return "", false
	}
	rest := body[len("stitch:"):]
	verb := rest
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		verb = rest[:i]
	}
	if verb == "" || strings.TrimLeft(verb, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return "", false // prose such as // stitch:"coerce" names a tag, not a directive
	}
	return directivePrefix + strings.TrimSpace(rest), true
}

// noToolWarnings says which matched packages declare no tool (decision
// 0029): each one a pattern names by itself ("." or "./shop", an import
// path), since its author asked for it; and, when the patterns found no
// tool at all, the first package matched, for the whole run. A package a
// wildcard ("./...") matched among others that do have tools is quiet:
// most packages of a module have none.
func noToolWarnings(ls []*pkgLoader, absDir string, patterns []string, anyTools bool) []model.Diagnostic {
	var out []model.Diagnostic
	for _, l := range ls {
		if pat, ok := namedBy(l.pkg.PkgPath, l.pkg.Dir, absDir, patterns); ok {
			out = append(out, l.noTool(fmt.Sprintf("declares no //stitch:tool, so stitchgen generates nothing for it (pattern %s); mark a tool's input struct with //stitch:tool", pat)))
		}
	}
	if len(out) == 0 && !anyTools && len(ls) > 0 {
		out = append(out, ls[0].noTool(fmt.Sprintf("no package matched by %s declares a //stitch:tool, so stitchgen generates nothing; mark a tool's input struct with //stitch:tool", strings.Join(patterns, " "))))
	}
	return out
}

// noTool is a warning at the package clause of the package's first file.
func (l *pkgLoader) noTool(msg string) model.Diagnostic {
	var pos token.Pos
	for _, f := range l.pkg.Syntax {
		if !isGenerated(f) && (!pos.IsValid() || l.pos(f.Package).Compare(l.pos(pos)) < 0) {
			pos = f.Package
		}
	}
	return model.Diagnostic{Pos: l.pos(pos), Subject: "package " + l.pkg.Name, Msg: msg, Warning: true}
}

// namedBy returns the pattern that names the package by itself: its
// directory (relative to the load directory, or absolute) or its import
// path, with no "..." wildcard.
func namedBy(pkgPath, pkgDir, absDir string, patterns []string) (string, bool) {
	for _, pat := range patterns {
		switch {
		case strings.Contains(pat, "..."):
		case pat == pkgPath:
			return pat, true
		case pkgDir != "" && (pat == "." || pat == ".." || strings.HasPrefix(pat, "./") || strings.HasPrefix(pat, "../") || filepath.IsAbs(pat)):
			dir := pat
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(absDir, dir)
			}
			if sameDir(dir, pkgDir) {
				return pat, true
			}
		}
	}
	return "", false
}

// sameDir compares two directories, resolving symbolic links when they differ.
func sameDir(a, b string) bool {
	a, b = filepath.Clean(a), filepath.Clean(b)
	if a == b {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
