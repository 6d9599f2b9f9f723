package check

import (
	"strings"
	"testing"

	"github.com/stitchgen/stitchgen/flatten"
	"github.com/stitchgen/stitchgen/model"
	"github.com/stitchgen/stitchgen/schema"
)

// checkPipeline runs the stages as the generator does: lossless schema,
// flatten, checks.
func checkPipeline(t *testing.T, tl *model.Tool) string {
	t.Helper()
	lossless := schema.Input(tl)
	adv := flatten.Flatten(lossless.Schema, flatten.Options{Declared: lossless.Discriminators}).(*model.Object)
	var lines []string
	for _, d := range model.SortDiagnostics(Tool(tl, adv, lossless, nil, Options{})) {
		lines = append(lines, d.String())
	}
	return strings.Join(lines, "\n")
}

// TestConformanceUntyped mirrors the conformance cases checks_untyped.txtar
// (an `any` field without stitch:"untyped" is an error naming
// publish_event.payload) and decode_document.txtar (with the tag it passes).
func TestConformanceUntyped(t *testing.T) {
	payload := field("payload", anyType, 9)
	payload.Description = "Free-form event body."
	tl := tool("publish_event", "PublishEvent publishes an event.", field("topic", stringType, 7), payload)
	expect(t, checkPipeline(t, tl),
		`contract.go:9:2: publish_event.payload: free-form property (no type, enum, const, anyOf, oneOf, allOf, $ref or not): give the field a concrete type, or tag it stitch:"untyped" to allow any JSON value`)

	echo := field("payload", anyType, 9)
	echo.Untyped, echo.Required, echo.OmitEmpty = true, false, true
	expect(t, checkPipeline(t, tool("echo", "Echo echoes a text.", field("text", stringType, 7), echo)), ``)
}

// TestConformanceChannels mirrors union_discriminator.txtar: portable
// formats and a common-subset pattern inside a flattened union pass.
func TestConformanceChannels(t *testing.T) {
	variant := func(name, value string, fs ...*model.Field) *model.Variant {
		return &model.Variant{Values: []string{value}, Type: &model.Type{Kind: model.KindStruct, Name: name,
			Struct: &model.Struct{Fields: fs, Discriminator: "type", Values: []string{value}}}}
	}
	to, phone, url := field("to", stringType, 20), field("phone", stringType, 26), field("url", stringType, 31)
	to.Check.Format, phone.Check.Pattern, url.Check.Format = "email", "^[+][0-9]+$", "uri"
	u := &model.Type{Kind: model.KindUnion, Name: "Channel", Union: &model.Union{Discriminator: "type", Variants: []*model.Variant{
		variant("EmailChannel", "email", to, field("subject", stringType, 21)), variant("SMSChannel", "sms", phone), variant("WebhookChannel", "webhook", url)}}}
	tl := tool("notify", "Notify sends one notification.", field("channel", u, 8))
	expect(t, checkPipeline(t, tl), ``)

	url.Check.Format, phone.Check.Pattern = "iri", `^\+\d+\z`
	expect(t, checkPipeline(t, tl), strings.Join([]string{
		`contract.go:26:2: notify.channel.phone: pattern "^\\+\\d+\\z" does not mean the same in RE2 (the decoder) and ECMA-262 (the clients): \z is not ECMA-262; write $`,
		`contract.go:31:2: notify.channel.url: format "iri" is not portable (portable: date, time, date-time, duration, uri, uri-reference, uri-template, email, hostname, ipv4, ipv6, regex, uuid, json-pointer, relative-json-pointer); use one of those, or allow it with -allow-format=iri`,
	}, "\n"))
}
