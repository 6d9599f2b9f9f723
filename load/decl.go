package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/model"
)

// A decl is one type declaration of the package with its parsed directives.
type decl struct {
	obj  *types.TypeName
	spec *ast.TypeSpec
	doc  string // doc comment, directive lines removed

	tool *toolDirective

	policy    model.Policy
	hasPolicy bool

	union    bool
	unionKey string

	variant    bool
	values     []string
	variantPos token.Pos

	opaque bool
	schema string
}

// A toolDirective is a parsed //stitch:tool line.
type toolDirective struct {
	name   string // "" when defaulted
	output string
	title  string
	hints  model.Annotations
	pos    token.Pos
}

// toolWords is what a //stitch:tool line may hold, for messages.
const toolWords = `a name, output=Type, title="...", readOnly, destructive, idempotent, openWorld`

// directiveVerbs are the verbs of a type's directives; knownVerbs lists
// them for messages.
var (
	directiveVerbs = []string{"tool", "union", "variant", "strict", "strip", "loose", "schema"}
	knownVerbs     = strings.Join(directiveVerbs, ", ")
)

// collectDecls finds every type declaration of the user's files, in source
// order, and parses its directives (the previous output is never modelled).
func (l *pkgLoader) collectDecls() {
	l.order = l.readDecls(l.pkg, false)
}

// readDecls records the type declarations of p's user files with their
// directives (foreign: p is another package whose types the contract
// uses) and returns them in source order.
func (l *pkgLoader) readDecls(p *packages.Package, foreign bool) []*decl {
	var order []*decl
	for _, f := range p.Syntax {
		if isGenerated(f) {
			continue
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				obj, ok := p.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if !ok || obj == nil {
					continue
				}
				doc := typeDoc(gd, ts)
				dd := &decl{obj: obj, spec: ts, doc: docText(doc)}
				l.decls[obj] = dd
				order = append(order, dd)
				for _, dir := range directivesOf(doc) {
					l.parseDirective(dd, dir, foreign)
				}
			}
		}
	}
	slices.SortFunc(order, func(a, b *decl) int { return l.pos(a.obj.Pos()).Compare(l.pos(b.obj.Pos())) })
	return order
}

// parseDirective reads one directive of a type. The directives of
// another package's type (foreign) name it with its package; its key
// policy, union, variant and schema directives apply wherever the type is
// used, while a tool directive, or a verb unknown here, is that package's
// own business.
func (l *pkgLoader) parseDirective(d *decl, dir directive, foreign bool) {
	s := site{dir.pos, "type " + d.obj.Name()}
	if foreign {
		s.subject = "type " + qualifiedName(d.obj)
	}
	switch dir.verb {
	case "tool":
		if !foreign {
			l.parseTool(d, dir, s)
		}
	case "union":
		l.parseUnion(d, dir, s)
	case "variant":
		l.parseVariant(d, dir, s)
	case "strict", "strip", "loose":
		l.parsePolicy(d, dir, s)
	case "schema":
		l.parseSchema(d, dir, s)
	default:
		if !foreign {
			l.errorf(s, "unknown directive //stitch:%s (known: %s)", dir.verb, knownVerbs)
		}
	}
}

func (l *pkgLoader) parseTool(d *decl, dir directive, s site) {
	if d.tool != nil {
		l.errorf(s, "second //stitch:tool directive; a type is at most one tool")
		return
	}
	t := &toolDirective{pos: dir.pos}
	d.tool = t
	args, ok := splitArgs(dir.args)
	if !ok {
		l.errorf(s, "//stitch:tool has an unterminated quoted string")
		return
	}
	for _, a := range args {
		k, v, hasEq := strings.Cut(a, "=")
		switch {
		case hintOf(&t.hints, k) != nil:
			l.setHint(t, k, v, hasEq, s)
		case !hasEq && t.name == "":
			t.name = a
		case !hasEq:
			l.errorf(s, "//stitch:tool names the tool twice (%q and %q); keep one name (the directive takes: %s)", t.name, a, toolWords)
		case k == "output":
			t.output = v
		case k == "title":
			t.title = l.unquoteTitle(v, s)
		default:
			l.errorf(s, "unknown //stitch:tool option %q (known: %s)", k, toolWords)
		}
	}
}

// hintOf returns the field of a that the hint word k sets, or nil when k
// is not one.
func hintOf(a *model.Annotations, k string) **bool {
	switch k {
	case "readOnly":
		return &a.ReadOnly
	case "destructive":
		return &a.Destructive
	case "idempotent":
		return &a.Idempotent
	case "openWorld":
		return &a.OpenWorld
	}
	return nil
}

// setHint records the hint word k, bare (true) or =true/=false.
func (l *pkgLoader) setHint(t *toolDirective, k, v string, hasEq bool, s site) {
	p := hintOf(&t.hints, k)
	if *p != nil {
		l.errorf(s, "//stitch:tool sets %s twice; keep one", k)
		return
	}
	switch {
	case !hasEq || v == "true":
		*p = new(true)
	case v == "false":
		*p = new(false)
	default:
		l.errorf(s, "%s=%s: a hint is bare (true) or %s=true or %s=false", k, v, k, k)
	}
}

func (l *pkgLoader) unquoteTitle(v string, s site) string {
	if !strings.HasPrefix(v, `"`) {
		return v
	}
	u, err := strconv.Unquote(v)
	if err != nil {
		l.errorf(s, "title=%s is not a valid quoted string", v)
		return ""
	}
	return u
}

func (l *pkgLoader) parseUnion(d *decl, dir directive, s site) {
	if d.union {
		l.errorf(s, "second //stitch:union directive; keep one")
		return
	}
	d.union = true
	args, _ := splitArgs(dir.args)
	switch len(args) {
	case 0:
	case 1:
		d.unionKey = args[0]
	default:
		l.errorf(s, "//stitch:union takes at most one discriminator key, got %d words", len(args))
	}
}

func (l *pkgLoader) parseVariant(d *decl, dir directive, s site) {
	if d.variant {
		l.errorf(s, "second //stitch:variant directive; list every value in one directive")
		return
	}
	d.variant, d.variantPos = true, dir.pos
	args, _ := splitArgs(dir.args)
	if len(args) == 0 {
		l.errorf(s, "//stitch:variant has no value; add the discriminator value(s): //stitch:variant <value>")
	}
	for _, a := range args {
		if strings.HasPrefix(a, `"`) {
			u, err := strconv.Unquote(a)
			if err != nil {
				l.errorf(s, "//stitch:variant value %s is not a valid quoted string", a)
				continue
			}
			a = u
		}
		if slices.Contains(d.values, a) {
			l.errorf(s, "//stitch:variant lists %q twice", a)
			continue
		}
		d.values = append(d.values, a)
	}
}

func (l *pkgLoader) parsePolicy(d *decl, dir directive, s site) {
	p := map[string]model.Policy{"strict": model.Strict, "strip": model.Strip, "loose": model.Loose}[dir.verb]
	if dir.args != "" {
		l.errorf(s, "//stitch:%s takes no arguments", dir.verb)
	}
	if d.hasPolicy {
		l.errorf(s, "two key policy directives (//stitch:%s and //stitch:%s); keep one", d.policy, dir.verb)
		return
	}
	d.policy, d.hasPolicy = p, true
}

func (l *pkgLoader) parseSchema(d *decl, dir directive, s site) {
	if d.opaque {
		l.errorf(s, "second //stitch:schema directive; keep one")
		return
	}
	d.opaque = true
	v, err := model.Parse([]byte(dir.args))
	if err != nil {
		l.errorf(s, "//stitch:schema is not valid JSON (%s); write the schema as one JSON object on the directive line", jsonErr(err))
		return
	}
	switch v.(type) {
	case *model.Object, bool:
		d.schema = dir.args
	default:
		l.errorf(s, "//stitch:schema must be a JSON object (or boolean) schema")
	}
}

// jsonErr shortens a JSON parse error for a diagnostic.
func jsonErr(err error) string {
	msg := strings.TrimPrefix(err.Error(), "model: ")
	if msg == "EOF" || msg == "unexpected EOF" {
		return "unexpected end of input"
	}
	return msg
}

// errorf records an error diagnostic at s.
func (l *pkgLoader) errorf(s site, format string, args ...any) {
	l.markFaulty(s.subject)
	l.diags = append(l.diags, model.Diagnostic{Pos: l.pos(s.pos), Subject: s.subject, Msg: fmt.Sprintf(format, args...)})
}

// warnf records a warning diagnostic at s.
func (l *pkgLoader) warnf(s site, format string, args ...any) {
	l.diags = append(l.diags, model.Diagnostic{Pos: l.pos(s.pos), Subject: s.subject, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// errorAt records an error diagnostic at an already converted position.
func (l *pkgLoader) errorAt(p model.Pos, subject, format string, args ...any) {
	l.markFaulty(subject)
	l.diags = append(l.diags, model.Diagnostic{Pos: p, Subject: subject, Msg: fmt.Sprintf(format, args...)})
}
