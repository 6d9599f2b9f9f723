// Package stitchgenai serves the tools of a stitch.Dispatcher to Gemini
// through the Google Gen AI Go SDK (google.golang.org/genai): function
// declarations from the tool table, and the function calls of a response
// run on the dispatcher and answered with function responses.
//
//	d, err := stitch.NewDispatcher(stitch.Options{}, shop.StitchTools(svc))
//	...
//	ts, err := stitchgenai.New(d, stitch.ProfileMCP) // or stitch.ProfileGemini
//	...
//	client, err := genai.NewClient(ctx, &genai.ClientConfig{
//		APIKey:     key,
//		HTTPClient: stitchgenai.HTTPClient(nil), // the calls' raw argument bytes
//	})
//	...
//	config := &genai.GenerateContentConfig{
//		Tools:       ts.Tools(),
//		HTTPOptions: &genai.HTTPOptions{ExtrasRequestProvider: ts.ExactBody}, // exact bytes out
//	}
//	history := []*genai.Content{genai.NewContentFromText(prompt, genai.RoleUser)}
//	for {
//		resp, err := client.Models.GenerateContent(ctx, model, history, config)
//		if err != nil {
//			return err
//		}
//		reply, _ := ts.Reply(ctx, resp)
//		if reply == nil { // no function call: the model's answer
//			fmt.Println(resp.Text())
//			return nil
//		}
//		history = append(history, resp.Candidates[0].Content, reply)
//	}
//
// # The two forms of a declaration
//
// Under stitch.ProfileMCP (the default) each tool declares its advertised
// input schema as FunctionDeclaration.ParametersJsonSchema, raw JSON: the
// typed genai.Schema cannot say a type array and has no field for most
// JSON Schema keywords (additionalProperties, const, $ref, ...), so
// decoding a JSON Schema into it would change its meaning. Under
// stitch.ProfileGemini each tool declares its gemini profile: the typed
// Schema as FunctionDeclaration.Parameters, no parameters for a tool
// without arguments, ParametersJsonSchema for a tool the profile serves in
// its fallback form (New says when else).
//
// # Exact bytes, both ways
//
// genai hands the model's arguments over only parsed (FunctionCall.Args is
// a map[string]any it made with encoding/json: float64 numbers, the last
// of duplicate keys), and sends every request as a map it parsed the same
// way. Transport (HTTPClient) keeps each generateContent response body
// beside its parsed response, and Reply decodes a call's own argument
// bytes from it, so the exact decoder sees 9007199254740993, 1e2 and a
// duplicate key as the model wrote them (Call.Exact). ExactBody puts the
// declarations' schemas, the model's calls and the function responses back
// into the request in their exact bytes. Without them the adapter still
// works, with genai's rounding and key order; docs/providers.md of the
// stitchgen repository lists what changes.
//
// It is a module of its own, so that a service using another adapter does
// not download genai.
package stitchgenai
