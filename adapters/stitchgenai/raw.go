package stitchgenai

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"google.golang.org/genai"
)

// RawBodyHeader is the response header Transport adds to the response of a
// generateContent request: the response body, base64-encoded (standard
// encoding, padded). genai copies a response's headers into
// GenerateContentResponse.SDKHTTPResponse.Headers, so the body arrives
// with the parsed response it belongs to, whatever the caller's
// concurrency. The header exists only in the process: the server never
// sent it. It holds the body a second time (a third larger) for as long
// as the caller keeps the response.
const RawBodyHeader = "Stitchgenai-Raw-Body"

// HTTPClient returns a copy of c (http.DefaultClient when nil) whose
// transport is Transport around c's, for genai.ClientConfig.HTTPClient.
// With it, Reply hands each function call's argument bytes to the
// decoder exactly as the model wrote them.
func HTTPClient(c *http.Client) *http.Client {
	if c == nil {
		c = http.DefaultClient
	}
	cc := *c
	cc.Transport = Transport(c.Transport)
	return &cc
}

// Transport wraps base (http.DefaultTransport when nil): the response to a
// POST ending in ":generateContent" (genai's Models.GenerateContent and
// Chats) with status 200 is read in full and gets RawBodyHeader. Other
// requests, streaming ones (":streamGenerateContent") among them, pass
// through unchanged.
func Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &transport{base: base}
}

type transport struct{ base http.RoundTripper }

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil || req.Method != http.MethodPost || !strings.HasSuffix(req.URL.Path, ":generateContent") || resp.StatusCode != http.StatusOK {
		return resp, err
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(body))
	// The header map belongs to this response alone: a copy keeps a
	// caching base transport's stored headers untouched.
	resp.Header = resp.Header.Clone()
	if resp.Header == nil {
		resp.Header = http.Header{}
	}
	resp.Header.Set(RawBodyHeader, base64.StdEncoding.EncodeToString(body))
	return resp, nil
}

// RawBody returns the body of the HTTP response genai parsed into resp,
// when the client's transport is Transport (ok is false otherwise, and for
// a response of a stream).
func RawBody(resp *genai.GenerateContentResponse) (body []byte, ok bool) {
	if resp == nil || resp.SDKHTTPResponse == nil {
		return nil, false
	}
	v := resp.SDKHTTPResponse.Headers.Get(RawBodyHeader)
	if v == "" {
		return nil, false
	}
	body, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		return nil, false
	}
	return body, true
}

// rawCall is a function call as the response body wrote it.
type rawCall struct {
	id, name string
	// args is the exact bytes of the call's "args" member; nil when the
	// call has none.
	args []byte
}

// rawCalls returns the function calls of the first candidate of a
// generateContent response body, in order. It reads the body as genai's
// own parse does where that cannot matter (exact key names, the last of
// duplicate keys outside the arguments), and keeps the arguments as
// bytes.
func rawCalls(body []byte) ([]rawCall, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return nil, err
	}
	var cands []map[string]json.RawMessage
	if err := unmarshalMember(top, "candidates", &cands); err != nil || len(cands) == 0 {
		return nil, err
	}
	cand := cands[0]
	var content map[string]json.RawMessage
	if err := unmarshalMember(cand, "content", &content); err != nil {
		return nil, err
	}
	var parts []map[string]json.RawMessage
	if err := unmarshalMember(content, "parts", &parts); err != nil {
		return nil, err
	}
	var calls []rawCall
	for _, part := range parts {
		var fc map[string]json.RawMessage
		if err := unmarshalMember(part, "functionCall", &fc); err != nil {
			return nil, err
		}
		if fc == nil {
			continue
		}
		var c rawCall
		if err := unmarshalMember(fc, "id", &c.id); err != nil {
			return nil, err
		}
		if err := unmarshalMember(fc, "name", &c.name); err != nil {
			return nil, err
		}
		if a, ok := fc["args"]; ok && string(a) != "null" {
			c.args = a
		}
		calls = append(calls, c)
	}
	return calls, nil
}

// unmarshalMember decodes obj[key] into v; an absent key or null leaves v
// unchanged.
func unmarshalMember(obj map[string]json.RawMessage, key string, v any) error {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return nil
	}
	return json.Unmarshal(raw, v)
}
