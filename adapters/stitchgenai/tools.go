package stitchgenai

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/stitchgen/stitchgen/stitch"
	"google.golang.org/genai"
)

// A Toolset serves the tools of a stitch.Dispatcher to Gemini through
// genai, in the form of one profile: it declares them (Tools), runs the
// function calls of a response (Dispatch) and, as the request hook
// ExactBody, puts the exact bytes of its declarations, of the model's calls
// and of its function responses back into the requests genai sends.
//
// It remembers the exact bytes of the function calls it dispatched and of
// the function responses it built, for ExactBody to find them when the
// conversation is sent again: use one
// Toolset per conversation (creating one is cheap), or accept that its
// memory grows with every call it dispatches. It is safe for concurrent
// use.
type Toolset struct {
	d       *stitch.Dispatcher
	profile stitch.Profile
	decls   []decl
	notes   []string

	mu    sync.Mutex
	exact map[exactKey][]byte // nil value: two documents collide
}

// decl is one tool's declaration, kept as the bytes that say it.
type decl struct {
	name, description string
	// schema is the JSON sent: as parametersJsonSchema (typed false) or
	// as the typed Schema of parameters (typed true); "" for none.
	schema string
	typed  bool
	// canonical is schema as genai re-encodes it (ExactBody's key); ""
	// when ExactBody is to leave the schema as genai encodes it (none, or
	// not clean).
	canonical string
}

// New returns the Toolset of d's tools under profile p:
//
//   - stitch.ProfileMCP (or ""): every tool declares its advertised input
//     schema (Tool.InputSchema) as FunctionDeclaration.ParametersJsonSchema,
//     JSON Schema 2020-12 as the decoder reads it.
//   - stitch.ProfileGemini: every tool declares its gemini profile
//     (its gemini entry of Tool.Profiles): the typed genai.Schema as FunctionDeclaration.Parameters
//     when the profile is OpenAPI, no parameters at all for a tool without
//     arguments (its Schema is ""), and ParametersJsonSchema for a tool the
//     profile serves in its fallback form (the generator warned why). A
//     typed schema that genai.Schema cannot hold without loss (decoding the
//     generated JSON into genai.Schema and encoding it back does not give
//     the same JSON value) is declared as ParametersJsonSchema with the
//     advertised schema instead, and Notes says so.
//
// It fails on another profile, and under ProfileGemini on a tool without
// a gemini schema (a hand-built tool with no gemini entry in
// Tool.Profiles).
func New(d *stitch.Dispatcher, p stitch.Profile) (*Toolset, error) {
	if p == "" {
		p = stitch.ProfileMCP
	}
	if p != stitch.ProfileMCP && p != stitch.ProfileGemini {
		return nil, fmt.Errorf("stitchgenai: profile %q is not Gemini's: use %q or %q", p, stitch.ProfileMCP, stitch.ProfileGemini)
	}
	ts := &Toolset{d: d, profile: p, exact: map[exactKey][]byte{}}
	for _, t := range d.Tools() {
		dc, note, err := declare(t, p)
		if err != nil {
			return nil, err
		}
		if note != "" {
			ts.notes = append(ts.notes, note)
		}
		ts.decls = append(ts.decls, dc)
	}
	return ts, nil
}

// declare builds t's declaration under p, with a note when the typed
// form was given up.
func declare(t stitch.Tool, p stitch.Profile) (decl, string, error) {
	dc := decl{name: t.Name, description: t.Description}
	var note string
	ps, _ := t.Schema(stitch.ProfileGemini) // fails only on a name that is no profile
	switch {
	case p == stitch.ProfileMCP:
		dc.schema = t.InputSchema
	case ps.OpenAPI && ps.Schema == "":
		// A tool without arguments: no parameters.
	case ps.OpenAPI:
		if why := typedLoss(ps.Schema); why != "" {
			note = fmt.Sprintf("tool %s: genai.Schema cannot hold its gemini schema (%s); declared as parametersJsonSchema with the advertised schema", t.Name, why)
			dc.schema = t.InputSchema
		} else {
			dc.schema, dc.typed = ps.Schema, true
		}
	case ps.Schema != "":
		dc.schema = ps.Schema // the profile's fallback form: the advertised schema
	default:
		return decl{}, "", fmt.Errorf("stitchgenai: tool %q has no gemini schema (a hand-built tool adds a gemini entry to Tool.Profiles); serve it under %q", t.Name, stitch.ProfileMCP)
	}
	if dc.schema != "" {
		c, err := canonical([]byte(dc.schema))
		if err != nil {
			return decl{}, "", fmt.Errorf("stitchgenai: tool %q: its schema is not JSON: %v", t.Name, err)
		}
		if clean([]byte(dc.schema)) {
			dc.canonical = c
		}
	}
	return dc, note, nil
}

// typedLoss says what decoding schema into genai.Schema and encoding it
// back loses ("" for nothing): a keyword the struct has no field for, a
// value its field cannot hold, a number a float64 rounds.
func typedLoss(schema string) string {
	var s genai.Schema
	if err := json.Unmarshal([]byte(schema), &s); err != nil {
		return "decoding: " + err.Error()
	}
	back, err := json.Marshal(&s)
	if err != nil {
		return "encoding: " + err.Error()
	}
	if path, ok := sameJSON([]byte(schema), back); !ok {
		return "it changes the value at " + quotePointer(path)
	}
	return ""
}

// Profile is the profile the tools are declared and their calls decoded in.
func (ts *Toolset) Profile() stitch.Profile { return ts.profile }

// Notes lists the tools New declared in another form than their profile
// asks for, and why; nil when every tool has its profile's form.
func (ts *Toolset) Notes() []string { return append([]string(nil), ts.notes...) }

// Tools returns one genai.Tool declaring every tool, in the dispatcher's
// order, for GenerateContentConfig.Tools. Each call builds new values, so
// the caller may change them; ExactBody then leaves a changed declaration
// as genai encodes it.
func (ts *Toolset) Tools() []*genai.Tool {
	fds := make([]*genai.FunctionDeclaration, 0, len(ts.decls))
	for _, dc := range ts.decls {
		fds = append(fds, dc.declaration())
	}
	return []*genai.Tool{{FunctionDeclarations: fds}}
}

// declaration builds the genai value of dc.
func (dc decl) declaration() *genai.FunctionDeclaration {
	fd := &genai.FunctionDeclaration{Name: dc.name, Description: dc.description}
	switch {
	case dc.schema == "":
	case dc.typed:
		fd.Parameters = new(genai.Schema)
		// typedLoss decoded the same bytes without an error.
		_ = json.Unmarshal([]byte(dc.schema), fd.Parameters)
	default:
		fd.ParametersJsonSchema = json.RawMessage(dc.schema)
	}
	return fd
}
