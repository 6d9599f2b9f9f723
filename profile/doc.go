// Package profile projects a tool's advertised input schema (docs/flattening.md, the
// mcp document that package flatten produces) onto what one LLM provider
// accepts (docs/profiles.md): mcp (the document itself), openai-strict (OpenAI
// strict function calling), anthropic-strict (Anthropic strict tool use)
// and gemini (Gemini's FunctionDeclaration.parameters). It also lints a
// tool against the providers' naming rules (Lint) and sums Anthropic's
// per-request limits over a set of tools (CheckRequest).
//
// It owns those projections and nothing else. Like flatten it is a pure
// JSON-to-JSON function over the document type of package model: it
// imports only the standard library, facts and model, never gen, flatten, a
// provider SDK or anything that does I/O, so it can be tested on raw JSON.
// It never modifies its input, never panics and never fails on a schema.
//
// # What each profile does
//
// The rules and their sources are written beside each projection
// (openai.go, anthropic.go, gemini.go); decision 0016 says why.
//
//   - mcp: the advertised document, unchanged.
//   - openai-strict: every property of every object listed in required,
//     an optional one made nullable; additionalProperties false on every
//     object; only OpenAI's keywords (pattern, format of its list, the
//     number bounds and multipleOf, minItems, maxItems) stay keywords; a
//     $ref stands alone; the size limits (5000 properties, 10 levels, 1000
//     enum values, 120,000 characters) are checked.
//   - anthropic-strict: additionalProperties false on every object;
//     Anthropic's keywords (pattern, format of its list, minItems 0 or 1);
//     no recursion; optional properties stay optional and are counted with
//     the union-typed ones (Result.Counts), since Anthropic limits their
//     sum over the strict tools of a request (CheckRequest).
//   - gemini: Gemini's typed Schema: upper-case type names, nullable
//     instead of type arrays, anyOf for several types, references inlined,
//     enum on strings only, propertyOrdering in the advertised order.
//
// # Nothing enforced is lost
//
// A constraint the decoder enforces that a profile cannot write as a
// keyword is said in the description of its node, in stitchgen's own
// wording:
//
//	<description> Constraints: minLength 4, maxLength 12. Default: "x". Examples: "a". Deprecated.
//
// each constraint as its keyword and its value in compact JSON, in the
// node's key order. Required keys stay required in every profile.
//
// # When a profile cannot take a tool
//
// A tool a strict profile cannot make strict (a free-form value, a map or
// loose object, tuple items, an unsupported keyword, recursion under
// anthropic-strict, a size limit) is served non-strict: Result.Strict is
// false, Result.Schema is the advertised document (which the provider takes
// with strict off) and Result.Warnings say why, each with the JSON Pointer
// of the offending node. Under gemini the same holds with Dialect
// JSONSchema: the tool is to be sent as parametersJsonSchema instead of
// parameters (a free-form value, a map, recursion). Output is
// deterministic: key order follows the advertised document (Gemini nodes
// use one fixed order), nothing ranges over a map.
//
// # The decoder side of openai-strict (docs/profiles.md)
//
// OpenAI strict mode requires every key, so the model sends null for a
// property it would leave out. Result.NullAsAbsent lists, as JSON Pointers
// into Result.Schema, exactly the properties the profile made required:
// every property the advertised document does not list in its object's
// required, at every level, $defs entries included
// ("/$defs/Node/properties/children"). That includes the keys of a
// flattened union's object that only some variants declare, or that some
// variant leaves optional: the model must send them all, so a sibling
// variant's key arrives as null. Each listed property was made nullable
// (null appended to its type array and enum, a const written as enum
// [c, null], a $ref or a typed union wrapped in anyOf with
// {"type":"null"}) unless it already accepted null.
//
// The generated decoder under openai-strict reads an explicit null for a
// listed property as absent (defaults apply, and a variant that does not
// declare the key does not see it), unless the declaration the decoder
// uses for that key itself accepts null (a nullable field, or the chosen
// variant's nullable declaration): then null stays null, as everywhere.
// Nothing else changes: null for an unlisted property is still a null
// issue (docs/decoding.md), and a key the model sends with a value is decoded as
// always. Under the other profiles no property changes requiredness.
//
// # The superset promise in each profile's terms (docs/flattening.md)
//
// Every input the decoder accepts without tolerance validates, under a
// JSON Schema 2020-12 validator, against Result.Schema once put in the
// profile's canonical form: for openai-strict with the keys a strip policy
// dropped removed and every absent NullAsAbsent property written as null;
// for anthropic-strict with the dropped keys removed; for gemini read
// through the fixed reading of decision 0016 (type names lower-cased,
// nullable: true as anyOf with {"type":"null"}); for mcp and every
// fallback, as it is.
package profile
