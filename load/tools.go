package load

import (
	"cmp"
	"go/types"

	"github.com/stitchgen/stitchgen/model"
)

// buildTools builds every //stitch:tool of the package, in source order.
func (l *pkgLoader) buildTools() []*model.Tool {
	var tools []*model.Tool
	byName := map[string]*model.Tool{}
	for _, d := range l.order {
		if d.tool == nil {
			continue
		}
		t := l.buildTool(d)
		if t == nil {
			continue
		}
		if prev := byName[t.Name]; prev != nil {
			l.errorf(site{d.tool.pos, "tool " + t.Name}, "tool name %q is already used by type %s (%s); give one of them another name",
				t.Name, prev.Input.Name, prev.Pos)
			continue
		}
		byName[t.Name] = t
		tools = append(tools, t)
	}
	return tools
}

// buildTool builds one tool from its directive and struct type.
func (l *pkgLoader) buildTool(d *decl) *model.Tool {
	name := cmp.Or(d.tool.name, snakeCase(d.obj.Name()))
	s := site{d.tool.pos, "tool " + name}
	if !toolNameRE.MatchString(name) {
		l.errorf(s, "invalid tool name %q: use 1 to 64 ASCII letters, digits, '_' or '-'", name)
		return nil
	}
	n, ok := d.obj.Type().(*types.Named)
	if d.obj.IsAlias() || !ok || !isStruct(n) {
		l.errorf(s, "//stitch:tool needs a struct type declaration; %s is %s", d.obj.Name(), l.typeString(d.obj.Type().Underlying()))
		return nil
	}
	in := l.convert(n, s)
	if in.Kind != model.KindStruct {
		l.notStruct(s, "tool input type", in)
		return nil
	}
	t := &model.Tool{Name: name, Title: d.tool.title, Description: d.doc, Input: in, Pos: l.pos(d.obj.Pos()), Annotations: d.tool.hints}
	if d.tool.output != "" {
		t.Output = l.outputType(d.tool.output, s)
	}
	return t
}

// notStruct reports a tool type that does not decode as a plain struct.
func (l *pkgLoader) notStruct(s site, what string, t *model.Type) {
	switch t.Kind {
	case model.KindInvalid:
	case model.KindText:
		l.errorf(s, "%s %s implements encoding.TextUnmarshaler, so it decodes from a string, not an object", what, t.Name)
	case model.KindOpaque:
		l.errorf(s, "%s %s is opaque (//stitch:schema); a tool type needs generated decoding", what, t.Name)
	default:
		l.errorf(s, "%s %s is not a struct", what, l.describe(t))
	}
}

// outputType resolves output=Name to a struct type of this package.
func (l *pkgLoader) outputType(name string, s site) *model.Type {
	tn, ok := l.pkg.Types.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		l.errorf(s, "output type %s is not declared in this package; declare it or fix output=", name)
		return nil
	}
	n, ok := types.Unalias(tn.Type()).(*types.Named)
	if !ok || !isStruct(n) {
		l.errorf(s, "output type %s is not a struct", name)
		return nil
	}
	t := l.convert(n, s)
	if t.Kind != model.KindStruct {
		l.notStruct(s, "output type", t)
		return nil
	}
	return t
}
