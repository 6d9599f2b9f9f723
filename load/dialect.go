package load

import (
	"go/token"
	"regexp"
	"strings"

	"github.com/stitchgen/stitchgen/model"
)

// dialectGoSDK is the one tag dialect besides the default (decision 0030):
// the whole jsonschema tag is the property's description, as
// google/jsonschema-go (the official MCP Go SDK's typed tools) reads it.
// The default, "", reads jsonschema:"k=v,..." as invopop's keywords.
const dialectGoSDK = "gosdk"

// readDialect reads //stitch:dialect from the package's doc comments: one
// dialect per package, the same in every file that states it.
func (l *pkgLoader) readDialect() {
	var first token.Pos
	for _, f := range l.pkg.Syntax {
		if isGenerated(f) || f.Doc == nil {
			continue
		}
		for _, c := range f.Doc.List {
			rest, ok := strings.CutPrefix(c.Text, directivePrefix+"dialect")
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			s := site{c.Pos(), "package " + l.pkg.Name}
			args := strings.Fields(rest)
			switch {
			case len(args) != 1 || args[0] != dialectGoSDK:
				l.errorf(s, "//stitch:dialect takes one dialect, gosdk (the jsonschema tag is the description, as the official MCP Go SDK reads it); the default, invopop's keywords, needs no directive")
			case first.IsValid():
				l.errorf(s, "second //stitch:dialect in the package (the first is at %s); keep one", l.pos(first))
			default:
				first, l.dialect = c.Pos(), args[0]
			}
		}
	}
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
