package load

import (
	"cmp"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/stitchgen/stitchgen/model"
)

// A jsonTag is a parsed encoding/json struct tag.
type jsonTag struct {
	name      string // "" when absent or invalid (the Go name is used)
	skip      bool   // json:"-"
	omitEmpty bool
	omitZero  bool
	asString  bool // the ",string" option
}

// parseJSONTag reads a json tag exactly as encoding/json does.
func parseJSONTag(tag string) jsonTag {
	if tag == "-" {
		return jsonTag{skip: true}
	}
	name, opts, _ := strings.Cut(tag, ",")
	t := jsonTag{name: name}
	if !isValidTag(name) {
		t.name = ""
	}
	for o := range strings.SplitSeq(opts, ",") {
		switch o {
		case "omitempty":
			t.omitEmpty = true
		case "omitzero":
			t.omitZero = true
		case "string":
			t.asString = true
		}
	}
	return t
}

// isValidTag is encoding/json's rule for a usable property name.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// promotedField returns the model of a property reached through path.
func (l *pkgLoader) promotedField(c candidate) *model.Field {
	proto := l.fieldModel(c)
	f := *proto
	f.Path = slices.Clone(c.path)
	f.Path[len(f.Path)-1].Type = f.Type
	return &f
}

// fieldModel builds a property once per Go field: its type, presence,
// description, constraints and stitch options.
func (l *pkgLoader) fieldModel(c candidate) *model.Field {
	if f, ok := l.fieldCache[c.v]; ok {
		return f
	}
	v := c.v
	f := &model.Field{
		GoName: v.Name(), JSONName: cmp.Or(c.tag.name, v.Name()),
		Required: !c.tag.omitEmpty && !c.tag.omitZero, OmitEmpty: c.tag.omitEmpty, OmitZero: c.tag.omitZero,
		Pos: l.pos(v.Pos()),
	}
	s := fieldSite(c.owner, v)
	f.Type = l.convert(v.Type(), s)
	f.Description = l.fieldDoc(v)
	var ts *tagState
	l.keywordErrors(func() {
		if c.tag.asString {
			l.errorf(s, "the json \",string\" option is not supported; remove it (stitch:\"coerce\" accepts numbers and bools in strings)")
		}
		if l.dialectOf(v) == dialectGoSDK {
			tag, present := c.stag.Lookup("jsonschema")
			l.applyGoSDKTag(f, tag, present, s)
		} else {
			ts = l.applySchemaTag(f, c.stag.Get("jsonschema"), s)
		}
		l.applyExtrasTag(f, c.stag.Get("jsonschema_extras"), s)
	})
	l.applyStitchTag(f, c.stag.Get("stitch"), s)
	l.nullableField(f, s)
	if ts != nil && f.Default != "" {
		l.keywordErrors(func() { l.checkDefault(ts) })
	}
	// Cached only when complete: converting the field's type can walk
	// back to this very field (type T struct{ S }; type S struct{ X *T }),
	// which then builds it again rather than copying a half-built one.
	if done, ok := l.fieldCache[v]; ok {
		return done
	}
	l.fieldCache[v] = f
	return f
}

func fieldSite(owner *types.TypeName, v *types.Var) site {
	return site{v.Pos(), "field " + owner.Name() + "." + v.Name()}
}

// fieldDoc is the field's doc comment, else its line comment.
func (l *pkgLoader) fieldDoc(v *types.Var) string {
	af := l.astFields[v.Pos()]
	if af == nil {
		return ""
	}
	return cmp.Or(docText(af.Doc), docText(af.Comment))
}

// stitchOptions is the stitch:"..." vocabulary.
var stitchOptions = []string{"coerce", "trim", "lower", "upper", "catch", "catchall", "untyped"}

// applyStitchTag reads the stitch:"..." options of a property.
func (l *pkgLoader) applyStitchTag(f *model.Field, raw string, s site) {
	var seen []string
	for o := range strings.SplitSeq(raw, ",") {
		o = strings.TrimSpace(o)
		switch {
		case o == "":
			continue
		case !slices.Contains(stitchOptions, o):
			l.errorf(s, "unknown stitch option %q (known: %s)", o, strings.Join(stitchOptions, ", "))
			continue
		case slices.Contains(seen, o):
			l.errorf(s, "stitch option %s is given twice", o)
			continue
		}
		seen = append(seen, o)
		l.applyStitchOption(f, o, s)
	}
}

func (l *pkgLoader) applyStitchOption(f *model.Field, o string, s site) {
	t := f.Type.Deref()
	switch o {
	case "coerce":
		if !isNumeric(t) && t.Kind != model.KindBool {
			l.errorf(s, "coerce applies to number and bool fields, not to %s", l.describe(f.Type))
		}
		f.Coerce = true
	case "trim", "lower", "upper":
		if t.Kind != model.KindString {
			l.errorf(s, "%s applies to string fields, not to %s", o, l.describe(f.Type))
		}
		f.Trim = f.Trim || o == "trim"
		f.Lower = f.Lower || o == "lower"
		f.Upper = f.Upper || o == "upper"
	case "catch":
		f.Catch = true
	case "catchall":
		l.errorf(s, "a catchall field must be hidden with json:\"-\" (it collects the unknown keys; it is not a property)")
	case "untyped":
		if !hasFreeForm(f.Type, map[*model.Type]bool{}) {
			l.errorf(s, "untyped applies to free-form fields (any, json.RawMessage), not to %s", l.describe(f.Type))
		}
		f.Untyped = true
	}
}

// hasFreeForm reports whether a free-form value occurs in t through
// pointers, slices, arrays and maps.
func hasFreeForm(t *model.Type, seen map[*model.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind {
	case model.KindAny:
		return true
	case model.KindPointer, model.KindSlice, model.KindArray, model.KindMap, model.KindNullable:
		return hasFreeForm(t.Elem, seen)
	}
	return false
}

// nilable reports whether a Go value of type t can represent JSON null.
func nilable(t *model.Type) bool {
	switch t.Kind {
	case model.KindPointer, model.KindSlice, model.KindMap, model.KindAny, model.KindUnion, model.KindBytes, model.KindNullable:
		return true
	}
	return false
}

func isNumeric(t *model.Type) bool {
	return t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindFloat || t.Kind == model.KindNumber ||
		t.Kind == model.KindBigInt
}

func isStringy(t *model.Type) bool {
	return t.Kind == model.KindString || t.Kind == model.KindText
}

func isArray(t *model.Type) bool {
	return t.Kind == model.KindSlice || t.Kind == model.KindArray
}

// describe spells a model type the way a Go user of the package writes it.
func (l *pkgLoader) describe(t *model.Type) string {
	if t == nil {
		return "invalid type"
	}
	if t.IsNamed() {
		if t.PkgPath != "" && t.PkgPath != l.pkg.PkgPath {
			return t.PkgPath[strings.LastIndexByte(t.PkgPath, '/')+1:] + "." + t.Name
		}
		return t.Name
	}
	switch t.Kind {
	case model.KindPointer:
		return "*" + l.describe(t.Elem)
	case model.KindNullable:
		return "stitch.Nullable[" + l.describe(t.Elem) + "]"
	case model.KindSlice:
		return "[]" + l.describe(t.Elem)
	case model.KindArray:
		return "[" + strconv.Itoa(t.Len) + "]" + l.describe(t.Elem)
	case model.KindMap:
		return "map[string]" + l.describe(t.Elem)
	case model.KindBytes:
		return "[]byte"
	case model.KindAny:
		return "any"
	case model.KindInvalid:
		return "invalid type"
	}
	return t.Basic
}
