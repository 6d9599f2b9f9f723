package schema

import (
	"strconv"

	"github.com/stitchgen/stitchgen/model"
)

// A node is one schema under construction. Every keyword has its own slot,
// so the written key order is decided in one place (object) and never by
// the order in which the builder happened to set things.
type node struct {
	ref             string   // "#/$defs/Name"
	types           []string // one → "type":"x"; several → a type array
	hasConst        bool
	constVal        any
	enum            []any
	format          string
	contentEncoding string
	pattern         string
	minLength       *int
	maxLength       *int

	minimum, exclusiveMinimum, maximum, exclusiveMaximum, multipleOf string

	items              *node
	minItems, maxItems *int
	uniqueItems        bool
	isObject           bool // write "properties" even when empty
	props              []prop
	required           []string
	additional         *node // additionalProperties schema
	noAdditional       bool  // additionalProperties: false
	minProps, maxProps *int
	oneOf, anyOf       []*node
	title, description string
	hasDefault         bool
	defaultVal         any
	examples           []any
	deprecated         bool
	defs               []def
	literal            *model.Object // opaque: the type's own schema, written first
	extras             []model.Extra // a property's x- keywords, written last in tag order
}

type prop struct {
	name string
	n    *node
}

type def struct {
	name string
	n    *node
}

// keyOrder is the order keys are written in every node.
var keyOrder = []string{
	"$ref", "type", "const", "enum", "format", "contentEncoding", "pattern",
	"minLength", "maxLength", "minimum", "exclusiveMinimum", "maximum",
	"exclusiveMaximum", "multipleOf", "items", "minItems", "maxItems",
	"uniqueItems", "properties", "required", "additionalProperties",
	"minProperties", "maxProperties", "oneOf", "anyOf", "title",
	"description", "default", "examples", "deprecated", "$defs",
}

// object renders the node as a document object with keys in keyOrder.
func (n *node) object() *model.Object {
	o := &model.Object{}
	if n.literal != nil {
		o = model.Clone(n.literal).(*model.Object)
	}
	for _, k := range keyOrder {
		if v, ok := n.value(k); ok {
			o.Set(k, v)
		}
	}
	for _, x := range n.extras {
		o.Set(x.Key, literal(x.Value))
	}
	return o
}

// value returns the document value of keyword k and whether it is set.
func (n *node) value(k string) (any, bool) {
	switch k {
	case "$ref":
		return n.ref, n.ref != ""
	case "type":
		return n.typeValue()
	case "const":
		return n.constVal, n.hasConst
	case "enum":
		return n.enum, n.enum != nil
	case "format":
		return n.format, n.format != ""
	case "contentEncoding":
		return n.contentEncoding, n.contentEncoding != ""
	case "pattern":
		return n.pattern, n.pattern != ""
	case "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties":
		return n.count(k)
	case "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf":
		return n.number(k)
	}
	return n.structural(k)
}

func (n *node) typeValue() (any, bool) {
	switch len(n.types) {
	case 0:
		return nil, false
	case 1:
		return n.types[0], true
	}
	return list(n.types), true
}

func (n *node) count(k string) (any, bool) {
	p := map[string]*int{
		"minLength": n.minLength, "maxLength": n.maxLength,
		"minItems": n.minItems, "maxItems": n.maxItems,
		"minProperties": n.minProps, "maxProperties": n.maxProps,
	}[k]
	if p == nil {
		return nil, false
	}
	return model.Number(strconv.Itoa(*p)), true
}

func (n *node) number(k string) (any, bool) {
	s := map[string]string{
		"minimum": n.minimum, "exclusiveMinimum": n.exclusiveMinimum,
		"maximum": n.maximum, "exclusiveMaximum": n.exclusiveMaximum,
		"multipleOf": n.multipleOf,
	}[k]
	return model.Number(s), s != ""
}

// structural returns the values of the nested and annotation keywords.
func (n *node) structural(k string) (any, bool) {
	switch k {
	case "items":
		if n.items == nil {
			return nil, false
		}
		return n.items.object(), true
	case "uniqueItems":
		return true, n.uniqueItems
	case "properties":
		return n.properties(), n.isObject
	case "required":
		return list(n.required), len(n.required) > 0
	case "additionalProperties":
		if n.additional != nil {
			return n.additional.object(), true
		}
		return false, n.noAdditional
	case "oneOf":
		return objects(n.oneOf), n.oneOf != nil
	case "anyOf":
		return objects(n.anyOf), n.anyOf != nil
	}
	return n.annotation(k)
}

func (n *node) annotation(k string) (any, bool) {
	switch k {
	case "title":
		return n.title, n.title != ""
	case "description":
		return n.description, n.description != ""
	case "default":
		return n.defaultVal, n.hasDefault
	case "examples":
		return n.examples, n.examples != nil
	case "deprecated":
		return true, n.deprecated
	case "$defs":
		o := &model.Object{}
		for _, d := range n.defs {
			o.Set(d.name, d.n.object())
		}
		return o, len(n.defs) > 0
	}
	return nil, false
}

func (n *node) properties() *model.Object {
	o := &model.Object{}
	for _, p := range n.props {
		o.Set(p.name, p.n.object())
	}
	return o
}

// list returns strings as a document array (documents hold []any only).
func list(ss []string) []any {
	a := make([]any, len(ss))
	for i, s := range ss {
		a[i] = s
	}
	return a
}

func objects(ns []*node) []any {
	a := make([]any, len(ns))
	for i, x := range ns {
		a[i] = x.object()
	}
	return a
}
