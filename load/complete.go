package load

import (
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// docs/contracts.md collects all problems of a run, so the schemas and checks of a
// tool still run when the loader reported errors, as long as the tool's
// model says what the contract says. Most errors leave it incomplete (a
// type that could not be converted, a union without one of its variants,
// a struct whose policy or tags could not be read): the types they are
// about are faulty, and a tool that reaches a faulty or invalid type is
// model.Tool.Incomplete, so no follow-on finding comes from it. An error
// about one keyword of a jsonschema tag leaves that keyword out and the
// model otherwise faithful: the tool stays complete.

// keywordErrors runs f, whose errors are each about one tag keyword that is
// left out of the model.
func (l *pkgLoader) keywordErrors(f func()) {
	was := l.keyword
	l.keyword = true
	defer func() { l.keyword = was }()
	f()
}

// markFaulty records that an error left the model of the type a subject
// names ("type T", "field T.F") incomplete.
func (l *pkgLoader) markFaulty(subject string) {
	if l.keyword {
		return
	}
	if name, ok := strings.CutPrefix(subject, "type "); ok {
		l.faulty[name] = true
	} else if name, ok := strings.CutPrefix(subject, "field "); ok {
		name, _, _ = strings.Cut(name, ".")
		l.faulty[name] = true
	}
}

// markIncomplete sets Incomplete on every tool that reaches a faulty or
// invalid type.
func (l *pkgLoader) markIncomplete(tools []*model.Tool) {
	for _, t := range tools {
		seen := map[*model.Type]bool{}
		t.Incomplete = l.reachesFault(t.Input, seen) || l.reachesFault(t.Output, seen)
	}
}

func (l *pkgLoader) reachesFault(t *model.Type, seen map[*model.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind == model.KindInvalid || (t.IsNamed() && t.PkgPath == l.pkg.PkgPath && l.faulty[t.Name]) {
		return true
	}
	if fp := l.foreign[t.PkgPath]; fp != nil && t.IsNamed() && (l.faulty[t.Name] || l.faulty[fp.p.Name+"."+t.Name]) {
		return true // subjects name another package's type by its name or qualified (foreign.go)
	}
	switch t.Kind {
	case model.KindPointer, model.KindSlice, model.KindArray, model.KindMap, model.KindNullable:
		return l.reachesFault(t.Elem, seen)
	case model.KindStruct:
		for _, f := range t.Struct.Fields {
			for _, s := range f.Path {
				if l.reachesFault(s.Type, seen) {
					return true
				}
			}
			if l.reachesFault(f.Type, seen) {
				return true
			}
		}
		if c := t.Struct.Catchall; c != nil {
			return l.reachesFault(c.Type, seen)
		}
	case model.KindUnion:
		for _, v := range t.Union.Variants {
			if l.reachesFault(v.Type, seen) {
				return true
			}
		}
	}
	return false
}
