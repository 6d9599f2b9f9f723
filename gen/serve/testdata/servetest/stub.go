// Package servetest is the compile-and-run fixture of gen/serve's tests: the
// emitted handler plumbing (written next to this file by the test) on top of
// hand-written stand-ins for what packages decode and gen emit.
package servetest

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Stand-ins for the schema constants package gen emits.
const (
	PlaceOrderInputSchema  = `{"type":"object","properties":{"customerId":{"type":"integer","minimum":1},"note":{"type":"string"}},"required":["customerId"],"additionalProperties":false}`
	PlaceOrderOutputSchema = `{"type":"object","properties":{"orderId":{"type":"string"},"customerId":{"type":"integer"}},"required":["orderId","customerId"],"additionalProperties":false}`
	PingInputSchema        = `{"type":"object","properties":{"echo":{"type":"string"}}}`
	TotalsInputSchema      = `{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}`
	TotalsOutputSchema     = `{"type":"array","items":{"type":"integer"}}`
)

// StitchIssue and StitchError stand in for the decoder runtime's types.
type StitchIssue struct{ Path, Code, Expected, Message string }

// StitchError is a decode error.
type StitchError struct{ Issues []StitchIssue }

func (e *StitchError) Error() string {
	var parts []string
	for _, is := range e.Issues {
		parts = append(parts, is.Code+" at "+strings.TrimPrefix(is.Path, "")+": "+is.Message)
	}
	return strings.Join(parts, "; ")
}

// PlaceOrder is a tool input with a struct output.
type PlaceOrder struct {
	CustomerID int64   `json:"customerId"`
	Note       *string `json:"note,omitempty"`
}

// OrderReceipt is PlaceOrder's output.
type OrderReceipt struct {
	OrderID    string `json:"orderId"`
	CustomerID int64  `json:"customerId"`
}

// Ping is a tool input without output type.
type Ping struct {
	Echo string `json:"echo"`
}

// Totals is a tool input whose output is a named slice.
type Totals struct {
	N int `json:"n"`
}

// TotalList is a named non-struct output.
type TotalList []int64

// decodeStrict stands in for the exact decoder: unknown keys are rejected.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &StitchError{Issues: []StitchIssue{{Path: "", Code: "type", Expected: "object", Message: err.Error()}}}
	}
	return nil
}

// DecodeToolCall stands in for the generated tool-call decoder. It reports
// "/note" as repaired when the note is "repair me", to see reports flow.
func (x *PlaceOrder) DecodeToolCall(data []byte) (dropped, repaired []string, err error) {
	type plain PlaceOrder
	var p plain
	if err := decodeStrict(data, &p); err != nil {
		return nil, nil, err
	}
	if p.CustomerID < 1 {
		return nil, nil, &StitchError{Issues: []StitchIssue{{Path: "/customerId", Code: "range", Expected: "integer >= 1", Message: "must be at least 1"}}}
	}
	*x = PlaceOrder(p)
	if p.Note != nil && *p.Note == "repair me" {
		repaired = []string{"/note"}
	}
	return nil, repaired, nil
}

// DecodeToolCall stands in for a strip-policy decoder: unknown keys are
// dropped and reported.
func (x *Ping) DecodeToolCall(data []byte) (dropped, repaired []string, err error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, nil, &StitchError{Issues: []StitchIssue{{Path: "", Code: "syntax", Message: err.Error()}}}
	}
	for k := range m {
		if k != "echo" {
			dropped = append(dropped, "/"+k)
		}
	}
	if raw, ok := m["echo"]; ok {
		if err := json.Unmarshal(raw, &x.Echo); err != nil {
			return nil, nil, &StitchError{Issues: []StitchIssue{{Path: "/echo", Code: "type", Expected: "string", Message: "not a string"}}}
		}
	}
	return dropped, nil, nil
}

// DecodeToolCall stands in for the generated decoder.
func (x *Totals) DecodeToolCall(data []byte) (dropped, repaired []string, err error) {
	type plain Totals
	var p plain
	if err := decodeStrict(data, &p); err != nil {
		return nil, nil, err
	}
	*x = Totals(p)
	return nil, nil, nil
}

// MarshalJSON stands in for the generated encoder; an empty order id fails,
// as a nil required pointer would.
func (x OrderReceipt) MarshalJSON() ([]byte, error) {
	if x.OrderID == "" {
		return nil, &StitchError{Issues: []StitchIssue{{Path: "/orderId", Code: "missing", Message: "required"}}}
	}
	type plain OrderReceipt
	return json.Marshal(plain(x))
}
