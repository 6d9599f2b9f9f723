package bench

import (
	"fmt"
	"strings"
)

// A Shape is one benchmark input: a document and the contract it decodes
// into.
type Shape struct {
	Name string // S, U, U-disc-last, L
	Doc  []byte
}

// DocS is the input of contract S: a flat tool call.
var DocS = []byte(`{"query":"wireless noise cancelling over-ear headphones with microphone","category":"electronics",` +
	`"maxPriceCents":24999,"limit":25,"offset":50,"tags":["bluetooth","over-ear","black","sale","warranty"],` +
	`"inStock":true}`)

// uChannel is the union member of DocU with its discriminator first.
const uChannel = `{"kind":"email","to":[{"name":"Zo\u00eb \u00c5ngstr\u00f6m","address":"zoe@example.org"},` +
	`{"name":"\u674e\u96f7 (Li Lei)","address":"li.lei@example.cn"},{"name":"Jürgen Groß","address":"j.gross@example.de"}],` +
	`"subject":"R\u00e9sum\u00e9 review \u2014 \"final\" draft \ud83d\udcc4",` +
	`"body":"Hi all,\n\tplease review the attached r\u00e9sum\u00e9 by Friday.\nThanks \u2014 J\u00fcrgen \ud83d\udc4b\n` +
	`P.S. the path is C:\\docs\\cv.pdf; a tab:\there. Grüße, 你好, ¡gracias!"}`

// DocU is the input of contract U, discriminator first.
var DocU = []byte(`{"requestId":"req-7f3a9c2e-51b4-4d0e-9a63-2b8f0c1d4e57","channel":` + uChannel + `,"priority":"high"}`)

// DocULast is DocU with the discriminator as the union object's last key.
var DocULast = []byte(`{"requestId":"req-7f3a9c2e-51b4-4d0e-9a63-2b8f0c1d4e57","channel":` +
	discLast(uChannel) + `,"priority":"high"}`)

// discLast moves the leading "kind" member of an object literal to its end.
func discLast(obj string) string {
	const head = `{"kind":"email",`
	if !strings.HasPrefix(obj, head) {
		panic("discLast: unexpected object")
	}
	return "{" + obj[len(head):len(obj)-1] + `,"kind":"email"}`
}

// DocL is the input of contract L: 200 union items, the three variants in
// turn, every item different.
var DocL = buildL(200)

func buildL(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"batchId":"batch-2026-11-29-0001","items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, `{"kind":"email","to":[{"name":"Zo\u00eb %d","address":"zoe%d@example.org"},`+
				`{"name":"\u674e\u96f7 %d","address":"li%d@example.cn"},{"name":"Ana P\u00e9rez","address":"ana.perez@example.es"}],"subject":"Order #%d \u2014 \"shipped\" \ud83d\udce6",`+
				`"body":"Hi,\n\tyour order %d left the warehouse in M\u00fcnchen.\nTrack it at https://shop.example.com/track/%d any time.\nGr\u00fc\u00dfe \u2014 the shop"}`, i, i, i, i, i, i, i)
		case 1:
			fmt.Fprintf(&b, `{"kind":"sms","phone":"+4917%07d","text":"Code %06d: valid for 10 minutes \u2014 do not share it with anyone, not even with our support team \ud83d\udd12",`+
				`"sender":{"label":"ShopAlerts","replies":false}}`, i*7919, i*104729%1000000)
		default:
			fmt.Fprintf(&b, `{"kind":"webhook","url":"https://hooks.example.com/v1/orders/%d/events","method":"POST",`+
				`"payload":{"event":"order.shipped","text":"Order %d shipped to \"K\u00f6ln\" \u2014 ETA 2 days, signature required on delivery","labels":["orders","eu","priority-%d","carrier-dhl","tracked"]},`+
				`"retries":3}`, i, i, i%5)
		}
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// Shapes are the benchmark inputs in report order.
var Shapes = []Shape{
	{"S", DocS},
	{"U", DocU},
	{"U-disc-last", DocULast},
	{"L", DocL},
}
