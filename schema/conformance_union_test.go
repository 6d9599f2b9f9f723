package schema

import "github.com/stitchgen/stitchgen/model"

// Union conformance cases: the lossless document, flattened by package
// flatten with the declared discriminators, is the advertised schema.

func mkVariant(key string, values []string, t *model.Type) *model.Variant {
	t.Struct.Discriminator, t.Struct.Values = key, values
	return &model.Variant{Values: values, Type: t}
}

func placeOrder() *model.Type {
	item := named("Item",
		fld("sku", tString, constraints(model.Constraints{Pattern: "^[A-Z0-9-]+$"})),
		fld("qty", tInt, constraints(model.Constraints{Minimum: "1", Maximum: "99"})))
	delivery := union("Delivery", "method", "Delivery says how the order reaches the customer.",
		mkVariant("method", []string{"courier"}, named("Courier", fld("address", tString))),
		mkVariant("method", []string{"pickup", "store"}, named("Pickup",
			fld("method", tString, declares),
			fld("storeId", tInt, constraints(model.Constraints{Minimum: "0"})))))
	r := named("PlaceOrder",
		fld("customerId", tInt64, desc("Customer that pays."), constraints(model.Constraints{Minimum: "1"})),
		fld("items", slice(item), constraints(model.Constraints{MinItems: model.IntPtr(1), MaxItems: model.IntPtr(50)})),
		fld("note", ptr(tString), optional, constraints(model.Constraints{MaxLength: model.IntPtr(500)})),
		fld("delivery", delivery))
	r.Doc = "PlaceOrder places an order for a customer."
	return r
}

func notify() *model.Type {
	channel := union("Channel", "type", "",
		mkVariant("type", []string{"email"}, named("EmailChannel",
			fld("to", tString, constraints(model.Constraints{Format: "email"})), fld("subject", tString))),
		mkVariant("type", []string{"sms"}, named("SMSChannel",
			fld("phone", tString, constraints(model.Constraints{Pattern: "^[+][0-9]+$"})))),
		mkVariant("type", []string{"webhook"}, named("WebhookChannel",
			fld("url", tString, constraints(model.Constraints{Format: "uri"})))))
	r := named("Notify", fld("channel", channel))
	r.Doc = "Notify sends one notification."
	return r
}

func mergeNode(name string, pa, pb model.Policy) *model.Type {
	return named(name, fld("node", union(name+"Node", "kind", "",
		mkVariant("kind", []string{"a"}, withPolicy(named(name+"A", fld("a", tString)), pa)),
		mkVariant("kind", []string{"b"}, withPolicy(named(name+"B", fld("b", tString)), pb)))))
}

func broadcastPatch() *model.Type {
	partIndex := func() *model.Field {
		return fld("partIndex", tInt, desc("Index of the part to change."), constraints(model.Constraints{Minimum: "0"}))
	}
	op := union("Operation", "op", "",
		mkVariant("op", []string{"setText"}, named("SetText", partIndex(), fld("text", tString))),
		mkVariant("op", []string{"setButton"}, named("SetButton", partIndex(),
			fld("buttonIndex", tInt, constraints(model.Constraints{Minimum: "0"})))))
	return named("BroadcastPatch", fld("operations", slice(op), constraints(model.Constraints{MinItems: model.IntPtr(1)})))
}

func sendBroadcast() *model.Type {
	mediaRef := named("MediaRef", fld("id", tString))
	part := union("Part", "kind", "",
		mkVariant("kind", []string{"message"}, named("Message", fld("text", tString), fld("media", ptr(mediaRef), optional))),
		mkVariant("kind", []string{"mediaGroup"}, named("MediaGroup", fld("media", slice(mediaRef)))))
	return named("SendBroadcast", fld("content", named("Content", fld("parts", slice(part)))))
}

func unionConformance() []confCase {
	var cases []confCase
	add := func(file, tool string, root *model.Type, want string) {
		cases = append(cases, confCase{file, tool, root, want, true})
	}
	add("flatten_place_order", "place_order", placeOrder(), `{
    "type": "object",
    "properties": {
      "customerId": {"type": "integer", "minimum": 1, "description": "Customer that pays."},
      "items": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "sku": {"type": "string", "pattern": "^[A-Z0-9-]+$"},
            "qty": {"type": "integer", "minimum": 1, "maximum": 99}
          },
          "required": ["sku", "qty"],
          "additionalProperties": false
        },
        "minItems": 1,
        "maxItems": 50
      },
      "note": {"type": "string", "maxLength": 500},
      "delivery": {
        "description": "Delivery says how the order reaches the customer.",
        "type": "object",
        "properties": {
          "method": {"type": "string", "enum": ["courier", "pickup", "store"]},
          "address": {"type": "string", "description": "Available if method = courier. Required if method = courier."},
          "storeId": {"type": "integer", "minimum": 0, "description": "Available if method = pickup | store. Required if method = pickup | store."}
        },
        "required": ["method"],
        "additionalProperties": false
      }
    },
    "required": ["customerId", "items", "delivery"],
    "additionalProperties": false
  }`)
	add("union_discriminator", "notify", notify(), `{
    "type": "object",
    "properties": {
      "channel": {
        "type": "object",
        "properties": {
          "type": {"type": "string", "enum": ["email", "sms", "webhook"]},
          "to": {"type": "string", "format": "email", "description": "Available if type = email. Required if type = email."},
          "subject": {"type": "string", "description": "Available if type = email. Required if type = email."},
          "phone": {"type": "string", "pattern": "^[+][0-9]+$", "description": "Available if type = sms. Required if type = sms."},
          "url": {"type": "string", "format": "uri", "description": "Available if type = webhook. Required if type = webhook."}
        },
        "required": ["type"],
        "additionalProperties": false
      }
    },
    "required": ["channel"],
    "additionalProperties": false
  }`)
	merge := func(policy string) string {
		return `{"type":"object","properties":{"node":{"type":"object","properties":{` +
			`"kind":{"type":"string","enum":["a","b"]},` +
			`"a":{"type":"string","description":"Available if kind = a. Required if kind = a."},` +
			`"b":{"type":"string","description":"Available if kind = b. Required if kind = b."}},` +
			`"required":["kind"]` + policy + `}},"required":["node"],"additionalProperties":false}`
	}
	add("policy_union_merge", "all_strict", mergeNode("Strict", model.Strict, model.Strict), merge(`,"additionalProperties":false`))
	add("policy_union_merge", "all_strip", mergeNode("Strip", model.Strip, model.Strip), merge(``))
	add("policy_union_merge", "mixed", mergeNode("Mixed", model.Strict, model.Strip), merge(`,"additionalProperties":{}`))
	add("flatten_array_items", "broadcast_patch", broadcastPatch(), `{
    "type": "object",
    "properties": {
      "operations": {
        "type": "array",
        "items": {
          "type": "object",
          "properties": {
            "op": {"type": "string", "enum": ["setText", "setButton"]},
            "partIndex": {"type": "integer", "minimum": 0, "description": "Index of the part to change."},
            "text": {"type": "string", "description": "Available if op = setText. Required if op = setText."},
            "buttonIndex": {"type": "integer", "minimum": 0, "description": "Available if op = setButton. Required if op = setButton."}
          },
          "required": ["op", "partIndex"],
          "additionalProperties": false
        },
        "minItems": 1
      }
    },
    "required": ["operations"],
    "additionalProperties": false
  }`)
	add("collide_media_kinds", "send_broadcast", sendBroadcast(), `{
    "type": "object",
    "properties": {
      "content": {
        "type": "object",
        "properties": {
          "parts": {
            "type": "array",
            "items": {
              "type": "object",
              "properties": {
                "kind": {"type": "string", "enum": ["message", "mediaGroup"]},
                "text": {"type": "string", "description": "Available if kind = message. Required if kind = message."},
                "media": {"type": ["object", "array"], "description": "Available if kind = message | mediaGroup. Required if kind = mediaGroup."}
              },
              "required": ["kind"],
              "additionalProperties": false
            }
          }
        },
        "required": ["parts"],
        "additionalProperties": false
      }
    },
    "required": ["content"],
    "additionalProperties": false
  }`)
	return cases
}
