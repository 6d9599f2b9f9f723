// Package schema builds the lossless JSON Schema 2020-12 documents of tool
// inputs and outputs from the model (docs/contracts.md "Types" and "Schema shapes").
// It is pure: model in, document out. It imports only the standard library,
// package model and the leaf package facts; it must not import go/packages,
// jennifer, flatten or any other stage.
//
// # Shapes
//
// The input root is an inline object without "description" (the tool
// description says it); the output root carries its type's doc comment.
// Named types are inlined, except types with Type.Recursive: those live in
// the root "$defs" under their Go type name (qualified by the last element
// of the package path, or the whole path, on a clash) and are referenced as
// {"$ref":"#/$defs/Name"}. The root is always inline; a recursive root also
// gets a $defs entry for the references inside it. Discriminated unions are
// {"oneOf":[...]} of inline variant objects whose first property is the
// discriminator (required, first in "required"); untagged unions are
// {"anyOf":[...]}. A variant struct that is used outside its union (as a
// plain field type) is a plain object without the discriminator.
//
// # Key order
//
// Every node is written with its keys in one fixed order (see keyOrder in
// node.go): $ref, type, const, enum, format, contentEncoding, pattern,
// minLength, maxLength, minimum, exclusiveMinimum, maximum,
// exclusiveMaximum, multipleOf, items, minItems, maxItems, uniqueItems,
// properties, required, additionalProperties, minProperties, maxProperties,
// oneOf, anyOf, title, description, default, examples, deprecated, $defs.
// An opaque type's literal schema keeps its own key order; annotations are
// set on it in place or appended.
//
// # Integer bounds
//
// An integer type narrower than 64 bits carries its range; uint, uint64 and
// uintptr carry minimum 0; int and int64 none. Tag bounds combine with the
// type range so that the document advertises exactly what the decoder
// accepts, side by side:
//
//   - with a tag minimum, minimum is the tighter of it and the type bound
//     (the tag literal is written as given when it is at least as tight);
//   - an exclusiveMinimum tag is always written as given; without a tag
//     minimum, the type minimum is written next to it only when the
//     exclusive bound is looser (exclusiveMinimum < type minimum: int8 with
//     exclusiveMinimum=-1000 gets minimum -128 too; with exclusiveMinimum=0
//     it gets no minimum).
//
// maximum/exclusiveMaximum mirror this. The decoder enforces the type range
// and every tag bound, which is the same set of values.
//
// # Nullable
//
// A nullable node with a single "type" gets "null" appended to it, and null
// appended to its "enum"; a "const" becomes an "enum" of the value and null.
// A reference, a union or an opaque schema is wrapped as
// {"anyOf":[X,{"type":"null"}]}: constraints stay in X, the field's
// annotations go on the wrapper. A free-form node ({}) already accepts null.
package schema
