// Package u is benchmark contract U: a tool whose input holds a 3-variant
// discriminated union with nested objects and escaped, non-ASCII strings.
// stitch_gen.go is generated from it by stitchgen.
package u

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// SendNotification sends one notification over a channel.
//
//stitch:tool send_notification
type SendNotification struct {
	// Idempotency key of the request.
	RequestID string `json:"requestId" jsonschema:"minLength=1,maxLength=64"`
	// Where the notification goes.
	Channel Channel `json:"channel"`
	// Urgency of the notification.
	Priority string `json:"priority,omitempty" jsonschema:"enum=low,enum=normal,enum=high"`
}

// Channel is how a notification is delivered.
//
//stitch:union kind
type Channel interface{ isChannel() }

// Email sends a mail.
//
//stitch:variant email
type Email struct {
	// Recipients of the mail.
	To []Recipient `json:"to" jsonschema:"minItems=1,maxItems=20"`
	// Subject line.
	Subject string `json:"subject" jsonschema:"maxLength=200"`
	// Plain-text body.
	Body string `json:"body" jsonschema:"maxLength=5000"`
}

// Recipient is one mail address.
type Recipient struct {
	// Display name.
	Name string `json:"name" jsonschema:"maxLength=100"`
	// Mail address.
	Address string `json:"address" jsonschema:"minLength=3,maxLength=254"`
}

// SMS sends a text message.
//
//stitch:variant sms
type SMS struct {
	// Phone number in E.164 form.
	Phone string `json:"phone" jsonschema:"minLength=8,maxLength=16,pattern=^\\+[1-9][0-9]+$"`
	// Message text.
	Text string `json:"text" jsonschema:"minLength=1,maxLength=480"`
	// Sender shown on the phone.
	Sender *Sender `json:"sender,omitempty"`
}

// Sender is the shown origin of a text message.
type Sender struct {
	// Name shown as the sender.
	Label string `json:"label" jsonschema:"maxLength=11"`
	// Whether replies are accepted.
	Replies bool `json:"replies"`
}

// Webhook posts the notification to a URL.
//
//stitch:variant webhook
type Webhook struct {
	// Target URL.
	URL string `json:"url" jsonschema:"minLength=8,maxLength=2048"`
	// HTTP method.
	Method string `json:"method" jsonschema:"enum=POST,enum=PUT"`
	// What is posted.
	Payload Payload `json:"payload"`
	// Attempts before giving up.
	Retries int `json:"retries,omitempty" jsonschema:"minimum=0,maximum=10"`
}

// Payload is the body of a webhook call.
type Payload struct {
	// Event name.
	Event string `json:"event" jsonschema:"minLength=1,maxLength=64"`
	// Event text.
	Text string `json:"text" jsonschema:"maxLength=2000"`
	// Labels attached to the event.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=16"`
}

func (Email) isChannel()   {}
func (SMS) isChannel()     {}
func (Webhook) isChannel() {}
