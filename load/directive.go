package load

import (
	"go/ast"
	"go/doc/comment"
	"go/token"
	"strings"
)

// directivePrefix starts every stitchgen directive comment.
const directivePrefix = "//stitch:"

// A directive is one //stitch:verb line of a type's doc comment.
type directive struct {
	verb string // "tool", "union", "variant", "strict", "strip", "loose", "schema"
	args string // the rest of the line, trimmed
	pos  token.Pos
}

// directivesOf returns the //stitch: lines of a doc comment, in order.
func directivesOf(doc *ast.CommentGroup) []directive {
	if doc == nil {
		return nil
	}
	var ds []directive
	for _, c := range doc.List {
		rest, ok := strings.CutPrefix(c.Text, directivePrefix)
		if !ok {
			continue
		}
		verb, args := rest, ""
		if i := strings.IndexAny(rest, " \t"); i >= 0 {
			verb, args = rest[:i], rest[i+1:]
		}
		ds = append(ds, directive{verb: strings.TrimSpace(verb), args: strings.TrimSpace(args), pos: c.Pos()})
	}
	return ds
}

// hasToolDirective reports whether a file declares a type marked //stitch:tool.
func hasToolDirective(f *ast.File) bool {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		for _, s := range gd.Specs {
			for _, dir := range directivesOf(typeDoc(gd, s.(*ast.TypeSpec))) {
				if dir.verb == "tool" {
					return true
				}
			}
		}
	}
	return false
}

// typeDoc returns the doc comment of a type spec: its own, or the
// declaration's when the declaration is not parenthesized (as go/doc does).
func typeDoc(gd *ast.GenDecl, ts *ast.TypeSpec) *ast.CommentGroup {
	if ts.Doc != nil {
		return ts.Doc
	}
	if !gd.Lparen.IsValid() {
		return gd.Doc
	}
	return nil
}

// docText returns a comment's text with directive lines removed, as go doc
// shows it (docs/contracts.md): the lines of a paragraph joined with single spaces,
// paragraphs separated by one blank line, list items and code blocks on
// lines of their own, leading and trailing space trimmed.
func docText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	return goDocText(cg.Text())
}

// goDocText reformats comment text (as ast.CommentGroup.Text returns it)
// the way go doc prints it, without wrapping lines.
func goDocText(text string) string {
	var p comment.Parser
	pr := comment.Printer{TextWidth: -1} // no wrapping: a paragraph is one line
	return strings.TrimSpace(string(pr.Text(p.Parse(text))))
}

// splitArgs splits directive arguments on spaces, keeping double-quoted
// strings (Go syntax, after "key=") together. It reports an unterminated quote.
func splitArgs(s string) ([]string, bool) {
	var out []string
	var cur strings.Builder
	inQuote, escaped := false, false
	for _, r := range s {
		switch {
		case escaped:
			escaped = false
		case inQuote && r == '\\':
			escaped = true
		case r == '"':
			inQuote = !inQuote
		case !inQuote && (r == ' ' || r == '\t'):
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteRune(r)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out, !inQuote
}
