package decode

import (
	"fmt"
	"slices"

	"github.com/dave/jennifer/jen"
	"github.com/stitchgen/stitchgen/gen/names"
	"github.com/stitchgen/stitchgen/model"
)

// Emit adds UnmarshalJSON, MarshalJSON and, for tool inputs, DecodeToolCall
// to f for every contract type of pkg, plus the unexported decode and encode
// functions of its structs and unions. The generated code calls the runtime
// (Runtime) that the assembler appends to the same file.
func Emit(f *jen.File, pkg *model.Package, opt Options) error {
	e := &emitter{pkg: pkg, f: f, regexps: map[string]string{},
		matchers: map[string]string{}, plans: map[string]patPlan{}}
	if opt.Flatten {
		e.siblingKeys = siblingKeys(pkg)
	}
	inputs, outputs := map[*model.Type]bool{}, map[*model.Type]bool{}
	for _, t := range pkg.Tools {
		inputs[t.Input] = true
		if t.Output != nil {
			outputs[t.Output] = true
		}
	}
	for _, t := range pkg.Types {
		if (t.Foreign || len(t.Args) > 0) && t.Kind == model.KindStruct {
			// Another package's struct or an instantiation: functions
			// only, its methods would belong to that package or to every
			// instantiation (decision 0021).
			e.decodeStructFunc(t)
			e.encodeStructFunc(t)
			continue
		}
		switch t.Kind {
		case model.KindStruct:
			e.structType(t, inputs[t], outputs[t])
		case model.KindUnion:
			e.unionType(t)
		}
		if e.err != nil {
			return e.err
		}
	}
	for _, p := range e.reOrder {
		f.Var().Id(e.regexps[p]).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(p))
	}
	for _, p := range e.matchOrder {
		f.Add(emitMatcher(e.matchers[p], p, e.plans[p]))
	}
	return nil
}

// Options say what the emitted decoders must know of the advertised
// schema.
type Options struct {
	// Flatten says the advertised schema flattens the package's
	// discriminated unions (docs/flattening.md), so a profile that makes every
	// property required has the model send the keys of the other variants
	// as null (see siblingKeys).
	Flatten bool
}

// An emitter carries the state of one Emit call.
type emitter struct {
	// siblingKeys are, per variant of a flattened union, the keys only the
	// union's other variants declare, in first-appearance order.
	siblingKeys map[*model.Type][]string

	pkg     *model.Package
	f       *jen.File
	regexps map[string]string // pattern → package-level variable name
	reOrder []string          // patterns in order of first use

	matchers   map[string]string  // pattern → generated matcher function name
	plans      map[string]patPlan // pattern → its compiled plan
	matchOrder []string           // compiled patterns in order of first use
	err        error
}

// fail records the first generation error.
func (e *emitter) fail(format string, args ...any) {
	if e.err == nil {
		e.err = fmt.Errorf("decode: "+format, args...)
	}
}

// regexpVar returns the variable holding the compiled pattern p.
func (e *emitter) regexpVar(p string) string {
	if v, ok := e.regexps[p]; ok {
		return v
	}
	v := names.Regexp(len(e.reOrder))
	e.regexps[p] = v
	e.reOrder = append(e.reOrder, p)
	return v
}

// matcherFunc returns the name of the generated matcher of pattern p, or
// ok = false when p is outside the compiled subset (see pattern.go).
func (e *emitter) matcherFunc(p string) (string, bool) {
	if v, ok := e.matchers[p]; ok {
		return v, true
	}
	plan, ok := planPattern(p)
	if !ok {
		return "", false
	}
	v := names.Matcher(len(e.matchOrder))
	e.matchers[p] = v
	e.plans[p] = plan
	e.matchOrder = append(e.matchOrder, p)
	return v, true
}

// structType emits the methods and functions of a named struct.
func (e *emitter) structType(t *model.Type, input, output bool) {
	e.decodeStructFunc(t)
	e.encodeStructFunc(t)
	name := t.Name
	e.f.Comment("UnmarshalJSON decodes " + name + " exactly (it rejects what encoding/json would drop or change); JSON-string repair is off.")
	e.f.Func().Params(jen.Id("x").Op("*").Id(name)).Id(names.UnmarshalJSON).Params(jen.Id("data").Index().Byte()).Error().Block(
		jen.Id("d").Op(":=").Add(rt("NewDecoder")).Call(jen.Id("data"), jen.False()),
		jen.Var().Id("v").Id(name),
		jen.If(jen.Id("d").Dot("Root").Call()).Block(jen.Id(decodeFuncName(t)).Call(jen.Id("d"), jen.Op("&").Id("v"))),
		jen.If(jen.Err().Op(":=").Id("d").Dot("Finish").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())),
		jen.Op("*").Id("x").Op("=").Id("v"),
		jen.Return(jen.Nil()),
	)
	e.marshalMethod(t, output)
	if !input {
		return
	}
	report := jen.Qual(names.API, "DecodeReport")
	e.f.Comment("DecodeToolCall decodes the arguments of a tool call into " + name + " with JSON-string repair on")
	e.f.Comment("(an object or array sent as a JSON string) and returns the JSON Pointers of the dropped keys and of the repaired strings.")
	e.f.Func().Params(jen.Id("x").Op("*").Id(name)).Id(names.DecodeToolCall).Params(jen.Id("data").Index().Byte()).
		Params(jen.List(jen.Id("dropped"), jen.Id("repaired")).Index().String(), jen.Err().Error()).Block(
		jen.List(jen.Id("r"), jen.Err()).Op(":=").Id(names.ToolCallFunc(t)).Call(jen.Id("x"), jen.Id("data"), jen.False()),
		jen.Return(jen.Id("r").Dot("Dropped"), jen.Id("r").Dot("Repaired"), jen.Err()),
	)
	e.f.Line()
	e.f.Comment("DecodeToolCallReport is DecodeToolCall with every report: also the JSON Pointers of the")
	e.f.Comment("strings trim, lower or upper changed, of the values coerce read from a string and of the")
	e.f.Comment("values catch replaced.")
	e.f.Func().Params(jen.Id("x").Op("*").Id(name)).Id(names.DecodeToolCallReport).Params(jen.Id("data").Index().Byte()).
		Params(report.Clone(), jen.Error()).Block(
		jen.Return(jen.Id(names.ToolCallFunc(t)).Call(jen.Id("x"), jen.Id("data"), jen.False())),
	)
	e.f.Line()
	e.f.Commentf("%s is DecodeToolCallReport; nullAsAbsent reads a null for an optional property as absent", names.ToolCallFunc(t))
	e.f.Comment("(stitch.DecodeOptions.NullAsAbsent).")
	e.f.Func().Id(names.ToolCallFunc(t)).Params(jen.Id("x").Op("*").Id(name), jen.Id("data").Index().Byte(), jen.Id("nullAsAbsent").Bool()).
		Params(report.Clone(), jen.Error()).Block(
		jen.Id("d").Op(":=").Add(rt("NewDecoder")).Call(jen.Id("data"), jen.True()),
		jen.If(jen.Id("nullAsAbsent")).Block(jen.Id("d").Dot("ReadNullAsAbsent").Call()),
		jen.Var().Id("v").Id(name),
		jen.Id("r").Op(",").Id("rep").Op(":=").Id("d").Dot("BeginRepair").Call(),
		jen.If(jen.Id("d").Dot("Root").Call()).Block(jen.Id(decodeFuncName(t)).Call(jen.Id("d"), jen.Op("&").Id("v"))),
		jen.If(jen.Id("rep")).Block(jen.Id("d").Dot("EndRepair").Call(jen.Id("r"))),
		jen.List(jen.Id("report"), jen.Err()).Op(":=").Id("d").Dot("FinishToolCallReport").Call(),
		jen.If(jen.Err().Op("==").Nil()).Block(jen.Op("*").Id("x").Op("=").Id("v")),
		jen.Return(jen.Id("report"), jen.Err()),
	)
}

// marshalMethod emits MarshalJSON. A tool output type checks what it wrote
// with its own exact decoder, so an invalid value fails to encode (docs/generated-api.md).
func (e *emitter) marshalMethod(t *model.Type, output bool) {
	name := t.Name
	body := []jen.Code{
		jen.Id("p").Op(":=").Add(rt("GetBuffer")).Call(),
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Id(encodeFuncName(t)).Call(jen.Op("*").Id("p"), jen.Op("&").Id("x")),
		jen.Id("b").Op("=").Add(rt("PutBuffer")).Call(jen.Id("p"), jen.Id("b")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
	}
	if !output {
		e.f.Comment("MarshalJSON encodes " + name + ".")
		e.f.Func().Params(jen.Id("x").Id(name)).Id(names.MarshalJSON).Params().Params(jen.Index().Byte(), jen.Error()).Block(
			append(body, jen.Return(jen.Id("b"), jen.Nil()))...)
		return
	}
	e.f.Comment("MarshalJSON encodes " + name + " and checks the result against its schema: a tool output")
	e.f.Comment("either encodes to JSON its output schema accepts or fails.")
	e.f.Func().Params(jen.Id("x").Id(name)).Id(names.MarshalJSON).Params().Params(jen.Index().Byte(), jen.Error()).Block(append(body,
		jen.If(jen.Err().Op(":=").Add(rt("CheckOutput")).Call(jen.Id("b"), jen.Func().Params(jen.Id("d").Op("*").Add(rt("Decoder"))).Block(
			jen.Var().Id("v").Id(name),
			jen.Id(decodeFuncName(t)).Call(jen.Id("d"), jen.Op("&").Id("v")),
		)), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("b"), jen.Nil()),
	)...)
}

func decodeFuncName(t *model.Type) string { return names.DecodeFunc(t) }
func encodeFuncName(t *model.Type) string { return names.EncodeFunc(t) }

// siblingKeys returns, for every variant of a discriminated union that the
// advertised schema flattens, the keys that other variants of the union
// declare and it does not: the flat object lists them all, so under a
// profile that makes every property required (openai-strict) a model sends
// them as null, which the variant reads as absent. A union with a
// recursive variant is a $ref there and is not flattened (docs/flattening.md).
func siblingKeys(pkg *model.Package) map[*model.Type][]string {
	out := map[*model.Type][]string{}
	for _, t := range pkg.Types {
		u := t.Union
		if t.Kind != model.KindUnion || u.Discriminator == "" || slices.ContainsFunc(u.Variants, func(v *model.Variant) bool { return v.Type.Recursive }) {
			continue
		}
		for _, v := range u.Variants {
			own := map[string]bool{u.Discriminator: true}
			for _, f := range v.Type.Struct.Fields {
				own[f.JSONName] = true
			}
			var sib []string
			for _, o := range u.Variants {
				for _, f := range o.Type.Struct.Fields {
					if !own[f.JSONName] && !slices.Contains(sib, f.JSONName) {
						sib = append(sib, f.JSONName)
					}
				}
			}
			out[v.Type] = sib
		}
	}
	return out
}
