package bench

import (
	"fmt"

	"github.com/stitchgen/stitchgen/internal/bench/contracts/l"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/u"
)

// The twin types below have the fields and tags of the contract types but
// no generated methods, so that encoding/json, goccy/go-json, sonic,
// go-json-experiment/json and the go-sdk path decode with their own
// machinery (on a contract type, each of them would call the generated
// UnmarshalJSON). A union is decoded the way most Go code does it without
// a generator: one wide struct with the discriminator and the fields of
// every variant. No hand-written UnmarshalJSON is used, since every library
// would then run that method (and encoding/json inside it) instead of its
// own decoder.

// STwin is the twin of s.SearchProducts.
type STwin struct {
	Query         string   `json:"query"`
	Category      string   `json:"category"`
	MaxPriceCents *int64   `json:"maxPriceCents,omitempty"`
	Limit         int      `json:"limit"`
	Offset        int      `json:"offset,omitempty"`
	Tags          []string `json:"tags"`
	InStock       bool     `json:"inStock,omitempty"`
}

// UTwin is the twin of u.SendNotification.
type UTwin struct {
	RequestID string      `json:"requestId"`
	Channel   ChannelTwin `json:"channel"`
	Priority  string      `json:"priority,omitempty"`
}

// LTwin is the twin of l.SendBatch.
type LTwin struct {
	BatchID string        `json:"batchId"`
	Items   []ChannelTwin `json:"items"`
}

// ChannelTwin is the wide-struct twin of the Channel union: the
// discriminator and the members of the email, sms and webhook variants.
type ChannelTwin struct {
	Kind string `json:"kind"`
	// email
	To      []RecipientTwin `json:"to,omitempty"`
	Subject string          `json:"subject,omitempty"`
	Body    string          `json:"body,omitempty"`
	// sms
	Phone  string      `json:"phone,omitempty"`
	Text   string      `json:"text,omitempty"`
	Sender *SenderTwin `json:"sender,omitempty"`
	// webhook
	URL     string       `json:"url,omitempty"`
	Method  string       `json:"method,omitempty"`
	Payload *PayloadTwin `json:"payload,omitempty"`
	Retries int          `json:"retries,omitempty"`
}

// RecipientTwin is the twin of u.Recipient.
type RecipientTwin struct {
	Name    string `json:"name"`
	Address string `json:"address"`
}

// SenderTwin is the twin of u.Sender.
type SenderTwin struct {
	Label   string `json:"label"`
	Replies bool   `json:"replies"`
}

// PayloadTwin is the twin of u.Payload.
type PayloadTwin struct {
	Event  string   `json:"event"`
	Text   string   `json:"text"`
	Labels []string `json:"labels,omitempty"`
}

// SFromTwin converts a decoded twin to the contract type.
func SFromTwin(t STwin) s.SearchProducts { return s.SearchProducts(t) }

// UFromTwin converts a decoded twin to the contract type.
func UFromTwin(t UTwin) (u.SendNotification, error) {
	ch, err := uChannelFromTwin(t.Channel)
	return u.SendNotification{RequestID: t.RequestID, Channel: ch, Priority: t.Priority}, err
}

func uChannelFromTwin(c ChannelTwin) (u.Channel, error) {
	switch c.Kind {
	case "email":
		e := u.Email{Subject: c.Subject, Body: c.Body}
		for _, r := range c.To {
			e.To = append(e.To, u.Recipient(r))
		}
		return e, nil
	case "sms":
		return u.SMS{Phone: c.Phone, Text: c.Text, Sender: (*u.Sender)(c.Sender)}, nil
	case "webhook":
		w := u.Webhook{URL: c.URL, Method: c.Method, Retries: c.Retries}
		if c.Payload != nil {
			w.Payload = u.Payload(*c.Payload)
		}
		return w, nil
	}
	return nil, fmt.Errorf("unknown kind %q", c.Kind)
}

// LFromTwin converts a decoded twin to the contract type.
func LFromTwin(t LTwin) (l.SendBatch, error) {
	out := l.SendBatch{BatchID: t.BatchID}
	for i, c := range t.Items {
		ch, err := lChannelFromTwin(c)
		if err != nil {
			return out, fmt.Errorf("item %d: %w", i, err)
		}
		out.Items = append(out.Items, ch)
	}
	return out, nil
}

func lChannelFromTwin(c ChannelTwin) (l.Channel, error) {
	switch c.Kind {
	case "email":
		e := l.Email{Subject: c.Subject, Body: c.Body}
		for _, r := range c.To {
			e.To = append(e.To, l.Recipient(r))
		}
		return e, nil
	case "sms":
		return l.SMS{Phone: c.Phone, Text: c.Text, Sender: (*l.Sender)(c.Sender)}, nil
	case "webhook":
		w := l.Webhook{URL: c.URL, Method: c.Method, Retries: c.Retries}
		if c.Payload != nil {
			w.Payload = l.Payload(*c.Payload)
		}
		return w, nil
	}
	return nil, fmt.Errorf("unknown kind %q", c.Kind)
}
