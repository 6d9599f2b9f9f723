package bench

import (
	"fmt"

	"github.com/stitchgen/stitchgen/internal/bench/contracts/l"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/s"
	"github.com/stitchgen/stitchgen/internal/bench/contracts/u"

	beforel "github.com/stitchgen/stitchgen/internal/bench/baseline/l"
	befores "github.com/stitchgen/stitchgen/internal/bench/baseline/s"
	beforeu "github.com/stitchgen/stitchgen/internal/bench/baseline/u"
)

// The conversions below turn a value decoded by a frozen decoder of
// baseline/ (the generator's output before issue 11) into the value of
// today's contract type, field by field, keeping nil slices and pointers
// nil, so TestDecodersAgree can require both decoders to yield the same
// value. They are not timed.

// SFromBefore converts a value of the baseline contract S.
func SFromBefore(b befores.SearchProducts) (s.SearchProducts, error) {
	return s.SearchProducts(b), nil
}

// UFromBefore converts a value of the baseline contract U.
func UFromBefore(b beforeu.SendNotification) (u.SendNotification, error) {
	ch, err := uChannelFromBefore(b.Channel)
	return u.SendNotification{RequestID: b.RequestID, Channel: ch, Priority: b.Priority}, err
}

func uChannelFromBefore(c beforeu.Channel) (u.Channel, error) {
	switch c := c.(type) {
	case beforeu.Email:
		e := u.Email{Subject: c.Subject, Body: c.Body}
		if c.To != nil {
			e.To = make([]u.Recipient, len(c.To))
			for i, r := range c.To {
				e.To[i] = u.Recipient(r)
			}
		}
		return e, nil
	case beforeu.SMS:
		return u.SMS{Phone: c.Phone, Text: c.Text, Sender: (*u.Sender)(c.Sender)}, nil
	case beforeu.Webhook:
		return u.Webhook{URL: c.URL, Method: c.Method, Payload: u.Payload(c.Payload), Retries: c.Retries}, nil
	}
	return nil, fmt.Errorf("unexpected channel %T", c)
}

// LFromBefore converts a value of the baseline contract L.
func LFromBefore(b beforel.SendBatch) (l.SendBatch, error) {
	out := l.SendBatch{BatchID: b.BatchID}
	if b.Items != nil {
		out.Items = make([]l.Channel, len(b.Items))
	}
	for i, c := range b.Items {
		ch, err := lChannelFromBefore(c)
		if err != nil {
			return out, fmt.Errorf("item %d: %w", i, err)
		}
		out.Items[i] = ch
	}
	return out, nil
}

func lChannelFromBefore(c beforel.Channel) (l.Channel, error) {
	switch c := c.(type) {
	case beforel.Email:
		e := l.Email{Subject: c.Subject, Body: c.Body}
		if c.To != nil {
			e.To = make([]l.Recipient, len(c.To))
			for i, r := range c.To {
				e.To[i] = l.Recipient(r)
			}
		}
		return e, nil
	case beforel.SMS:
		return l.SMS{Phone: c.Phone, Text: c.Text, Sender: (*l.Sender)(c.Sender)}, nil
	case beforel.Webhook:
		return l.Webhook{URL: c.URL, Method: c.Method, Payload: l.Payload(c.Payload), Retries: c.Retries}, nil
	}
	return nil, fmt.Errorf("unexpected channel %T", c)
}
