package stitchgenai

import "encoding/json"

// exactKey identifies a function call's arguments or a function
// response as genai sends them: which of the two (the part's key,
// "functionCall" or "functionResponse"), the call's name and ID, and the
// canonical form of the value.
type exactKey struct{ part, name, id, canonical string }

// remember keeps the exact bytes of a value genai holds as v: the
// arguments of a function call Reply read from the body, or a function
// response it built. A document that is not clean (a duplicate key, a
// lone surrogate, invalid UTF-8: the API might refuse what genai never
// sends) is not kept, and two different documents under one key (the same
// call answered twice with documents genai cannot tell apart) are
// forgotten: ExactBody then leaves that value as genai encodes it.
func (ts *Toolset) remember(part, name, id string, v any, exact []byte) {
	if !clean(exact) {
		return
	}
	c, err := canonicalValue(v)
	if err != nil {
		return
	}
	k := exactKey{part, name, id, c}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if old, ok := ts.exact[k]; ok && string(old) != string(exact) {
		ts.exact[k] = nil
		return
	}
	ts.exact[k] = exact
}

// ExactBody is a genai.ExtrasRequestProvider: set it as the
// ExtrasRequestProvider of the request's HTTPOptions
// (GenerateContentConfig.HTTPOptions; genai ignores one set on the client)
// and the request carries the Toolset's declarations and function
// responses in their exact bytes.
//
// genai sends a request as a map[string]any it made by encoding the
// request and parsing it again: every number becomes a float64 (an
// integer beyond 2^53 is rounded: a schema's maximum 18446744073709551615
// is sent as 18446744073709552000, a function response's
// 9007199254740993 as 9007199254740992) and every object's keys are
// sorted (the properties of a parametersJsonSchema lose the order the
// contract gave them, the model's own function calls in the history their
// arguments' literals). ExactBody replaces, in body, each function
// declaration's parametersJsonSchema or parameters, the arguments of each
// function call Reply read exactly, and each function response's
// response by the bytes they came in or the Toolset built, but only where
// body's value is what genai made of those bytes, so a declaration or a
// response the caller changed, or did not get from this Toolset, stays
// as genai encodes it. Only documents genai could have sent itself are
// put back (valid UTF-8, no lone surrogate, no duplicate key): a model's
// call with a duplicate key goes back to it as genai encodes it, so what
// ExactBody restores is number literals and key order, never a document
// genai itself would not send. It modifies body in place and returns it.
func (ts *Toolset) ExactBody(body map[string]any) map[string]any {
	byName := make(map[string]*decl, len(ts.decls))
	for i := range ts.decls {
		byName[ts.decls[i].name] = &ts.decls[i]
	}
	for _, tool := range objects(body["tools"]) {
		for _, fd := range objects(tool["functionDeclarations"]) {
			name, _ := fd["name"].(string)
			dc := byName[name]
			if dc == nil || dc.canonical == "" {
				continue
			}
			field := "parametersJsonSchema"
			if dc.typed {
				field = "parameters"
			}
			if v, ok := fd[field]; ok && sameCanonical(v, dc.canonical) {
				fd[field] = json.RawMessage(dc.schema)
			}
		}
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, content := range objects(body["contents"]) {
		for _, part := range objects(content["parts"]) {
			ts.restore(part, "functionCall", "args")
			ts.restore(part, "functionResponse", "response")
		}
	}
	return body
}

// restore replaces part[key][field] by the exact bytes remembered for it.
func (ts *Toolset) restore(part map[string]any, key, field string) {
	obj, _ := part[key].(map[string]any)
	if obj == nil {
		return
	}
	v, ok := obj[field]
	if !ok {
		return
	}
	c, err := canonicalValue(v)
	if err != nil {
		return
	}
	name, _ := obj["name"].(string)
	id, _ := obj["id"].(string)
	if exact := ts.exact[exactKey{key, name, id, c}]; exact != nil {
		obj[field] = json.RawMessage(exact)
	}
}

// objects returns the objects of a JSON array genai holds: genai's
// converters build some arrays as []any, others as []map[string]any.
func objects(v any) []map[string]any {
	switch arr := v.(type) {
	case []map[string]any:
		return arr
	case []any:
		var out []map[string]any
		for _, e := range arr {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			}
		}
		return out
	}
	return nil
}

// sameCanonical reports whether v, a value genai holds, has canonical form c.
func sameCanonical(v any, c string) bool {
	got, err := canonicalValue(v)
	return err == nil && got == c
}
