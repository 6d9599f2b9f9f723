package load

import (
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/stitchgen/stitchgen/model"
)

// dialectGoSDK is the one tag dialect besides the default (decision 0030):
// the whole jsonschema tag is the property's description, as
// google/jsonschema-go (the official MCP Go SDK's typed tools) reads it.
// The default, "", reads jsonschema:"k=v,..." as invopop's keywords.
const dialectGoSDK = "gosdk"

// readDialect reads //stitch:dialect from the doc comments of package p
// (the contract package, or another package whose types it uses): one
// dialect per package, the same in every file that states it. A type's
// tags are read in the dialect of the package that declares it.
func (l *pkgLoader) readDialect(p *packages.Package) string {
	var first token.Pos
	dialect := ""
	for _, f := range p.Syntax {
		if isGenerated(f) || f.Doc == nil {
			continue
		}
		for _, c := range f.Doc.List {
			rest, ok := strings.CutPrefix(c.Text, directivePrefix+"dialect")
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			s := site{c.Pos(), "package " + p.Name}
			args := strings.Fields(rest)
			switch {
			case len(args) != 1 || args[0] != dialectGoSDK:
				l.errorf(s, "//stitch:dialect takes one dialect, gosdk (the jsonschema tag is the description, as the official MCP Go SDK reads it); the default, invopop's keywords, needs no directive")
			case first.IsValid():
				l.errorf(s, "second //stitch:dialect in the package (the first is at %s); keep one", l.pos(first))
			default:
				first, dialect = c.Pos(), args[0]
			}
		}
	}
	return dialect
}

// dialectOf returns the tag dialect of the package that declares field v.
func (l *pkgLoader) dialectOf(v *types.Var) string {
	if v.Pkg() == nil || v.Pkg() == l.pkg.Types {
		return l.dialect
	}
	if fp := l.foreign[v.Pkg().Path()]; fp != nil {
		return fp.dialect
	}
	return ""
}

// goSDKWordPrefix is google/jsonschema-go's refusal: a tag beginning
// "WORD=" is reserved there for future keywords.
var goSDKWordPrefix = regexp.MustCompile("^[^ \t\n]*=")

// applyGoSDKTag reads a jsonschema tag in the go-sdk dialect: the whole
// tag, verbatim, is the description. What google/jsonschema-go refuses
// (an empty tag, one that begins "WORD=") is a positioned error here.
func (l *pkgLoader) applyGoSDKTag(f *model.Field, tag string, present bool, s site) {
	switch {
	case !present:
	case tag == "":
		l.errorf(s, "under //stitch:dialect gosdk the jsonschema tag is the description, and the go-sdk refuses an empty one; write the description or remove the tag")
	case goSDKWordPrefix.MatchString(tag):
		l.errorf(s, "under //stitch:dialect gosdk the jsonschema tag is the description, and the go-sdk refuses one that begins with WORD= (%q); reword it (constraints cannot be written in this dialect)", tag)
	default:
		f.Description = tag
	}
}
