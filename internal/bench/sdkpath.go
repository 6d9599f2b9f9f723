package bench

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	segjson "github.com/segmentio/encoding/json"
)

// An SDKPath replicates, step by step, what the official MCP go-sdk
// (v1.8.0, mcp/server.go toolForErr and mcp/tool.go applySchema) does with
// the arguments of every call to a tool added with mcp.AddTool[In, Out]
// whose Tool.InputSchema is given:
//
//  1. unmarshal the raw arguments into a map[string]any (the SDK's
//     internal/json: a nesting-depth scan, then segmentio/encoding/json
//     with case-insensitive field matching off);
//  2. apply the schema's defaults to the map (jsonschema-go Resolved.ApplyDefaults);
//  3. validate the map (jsonschema-go Resolved.Validate);
//  4. re-marshal the map with encoding/json;
//  5. unmarshal the result into In with the SDK's internal/json again.
//
// TestSDKReplicaMatchesSDK runs the real SDK on the same inputs and checks
// that the replica accepts, rejects and decodes identically.
type SDKPath[In any] struct {
	resolved *jsonschema.Resolved
}

// NewSDKPath resolves schema the way the SDK's setSchema does for a schema
// supplied as raw JSON (remarshal, then Resolve with ValidateDefaults).
func NewSDKPath[In any](schema []byte) (*SDKPath[In], error) {
	var s *jsonschema.Schema
	if err := sdkUnmarshal(schema, &s); err != nil {
		return nil, err
	}
	r, err := s.Resolve(&jsonschema.ResolveOptions{ValidateDefaults: true})
	if err != nil {
		return nil, err
	}
	return &SDKPath[In]{resolved: r}, nil
}

// Decode runs the per-call path on the arguments of one call. The error
// text is the text of the SDK's error result for the same call.
func (p *SDKPath[In]) Decode(args []byte) (In, error) {
	var in In
	input, err := p.applySchema(args)
	if err != nil {
		return in, fmt.Errorf("validating \"arguments\": %v", err)
	}
	if input != nil {
		if err := sdkUnmarshal(input, &in); err != nil {
			return in, err
		}
	}
	return in, nil
}

// applySchema is mcp/tool.go applySchema for input (forOutput false).
func (p *SDKPath[In]) applySchema(data []byte) ([]byte, error) {
	v := make(map[string]any)
	if len(data) > 0 {
		if err := sdkUnmarshal(data, &v); err != nil {
			return nil, fmt.Errorf("unmarshaling arguments: %w", err)
		}
	}
	var unmarshaled any = v
	if err := p.resolved.ApplyDefaults(&unmarshaled); err != nil {
		return nil, fmt.Errorf("applying schema defaults:\n%w", err)
	}
	if err := p.resolved.Validate(&unmarshaled); err != nil {
		return nil, err
	}
	out, err := json.Marshal(unmarshaled)
	if err != nil {
		return nil, fmt.Errorf("marshalling with defaults: %v", err)
	}
	return out, nil
}

// sdkMaxDepth is the nesting limit of the SDK's internal/json.
const sdkMaxDepth = 1000

var errSDKDepth = fmt.Errorf("json: exceeded maximum nesting depth of %d", sdkMaxDepth)

// sdkUnmarshal is the SDK's internal/json Unmarshal.
func sdkUnmarshal(data []byte, v any) error {
	if err := sdkCheckDepth(data); err != nil {
		return err
	}
	dec := segjson.NewDecoder(bytes.NewReader(data))
	dec.DontMatchCaseInsensitiveStructFields()
	return dec.Decode(v)
}

// sdkCheckDepth is the SDK's internal/json checkMaxDepth.
func sdkCheckDepth(data []byte) error {
	depth, inString, escaped := 0, false, false
	for _, b := range data {
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
			continue
		}
		switch b {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > sdkMaxDepth {
				return errSDKDepth
			}
		case '}', ']':
			if depth > 0 {
				depth--
			}
		}
	}
	return nil
}
