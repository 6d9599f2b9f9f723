package wire

import "encoding/json"

// MetaProtocolVersion is the _meta key of a request's protocol revision
// from revision 2026-07-28 on, which carries it in every request instead
// of negotiating it once per session.
const MetaProtocolVersion = "io.modelcontextprotocol/protocolVersion"

// Stateless reports whether msg, one JSON-RPC message, is a request of the
// stateless revisions (2026-07-28 and later) by its body alone: a
// server/discover, or a request whose params._meta names its protocol
// revision. An adapter whose SDK serves those revisions on another handler
// than the session-based ones uses it for a request without the
// Mcp-Protocol-Version header. A message that is not a JSON object is not.
func Stateless(msg []byte) bool {
	var m struct {
		Method string `json:"method"`
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return false
	}
	if m.Method == "server/discover" {
		return true
	}
	_, ok := m.Params.Meta[MetaProtocolVersion]
	return ok
}
