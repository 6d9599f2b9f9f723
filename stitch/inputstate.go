package stitch

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"time"
)

// DefaultInputTTL is how long a requestState stays valid when
// Options.InputTTL is 0.
const DefaultInputTTL = 15 * time.Minute

// An InputSealer seals the state of an input-required result into the
// requestState a client sends back, and opens it: HMAC-SHA256 with a
// server key over the tool (or prompt) name, an expiry and the state. The
// state is authenticated, not encrypted: a client can read it, so it holds
// nothing the client must not see. Replicas that share the key open each
// other's states.
type InputSealer struct {
	key []byte
	ttl time.Duration
	now func() time.Time
}

// NewInputSealer returns a sealer with key (nil: 32 random bytes, good for
// one process only) whose states expire after ttl (0: DefaultInputTTL).
// A key shorter than 32 bytes is an error.
func NewInputSealer(key []byte, ttl time.Duration) (*InputSealer, error) {
	if key == nil {
		key = make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
	} else if len(key) < 32 {
		return nil, errShortKey
	}
	if ttl <= 0 {
		ttl = DefaultInputTTL
	}
	return &InputSealer{key: append([]byte(nil), key...), ttl: ttl, now: time.Now}, nil
}

var errShortKey = inputKeyError("stitch: an input key must have at least 32 bytes")

type inputKeyError string

func (e inputKeyError) Error() string { return string(e) }

// sealVersion is the first byte of a sealed state's payload.
const sealVersion = 1

// Seal returns the requestState of state for the call of name.
func (s *InputSealer) Seal(name string, state []byte) string {
	p := make([]byte, 0, 1+8+binary.MaxVarintLen64+len(name)+len(state))
	p = append(p, sealVersion)
	p = binary.BigEndian.AppendUint64(p, uint64(s.now().Add(s.ttl).Unix()))
	p = binary.AppendUvarint(p, uint64(len(name)))
	p = append(p, name...)
	p = append(p, state...)
	enc := base64.RawURLEncoding
	return enc.EncodeToString(p) + "." + enc.EncodeToString(s.mac(p))
}

// Open returns the state sealed in requestState for the call of name. It
// fails (ErrInputState) on a requestState it did not seal with its key,
// one sealed for another name, and one that has expired.
func (s *InputSealer) Open(name, requestState string) ([]byte, error) {
	body, tag, ok := strings.Cut(requestState, ".")
	enc := base64.RawURLEncoding
	p, err1 := enc.DecodeString(body)
	mac, err2 := enc.DecodeString(tag)
	if !ok || err1 != nil || err2 != nil {
		return nil, inputError("it is malformed")
	}
	if !hmac.Equal(mac, s.mac(p)) {
		return nil, inputError("its signature does not match")
	}
	// The payload is ours: its layout holds.
	if len(p) < 9 || p[0] != sealVersion {
		return nil, inputError("it is malformed")
	}
	exp := int64(binary.BigEndian.Uint64(p[1:9]))
	n, k := binary.Uvarint(p[9:])
	if k <= 0 || uint64(len(p)-9-k) < n {
		return nil, inputError("it is malformed")
	}
	rest := p[9+k:]
	if string(rest[:n]) != name {
		return nil, inputError("it was issued for " + quoteName(string(rest[:n])))
	}
	if s.now().Unix() > exp {
		return nil, inputError("it has expired")
	}
	state := rest[n:]
	if len(state) == 0 {
		return nil, nil
	}
	return state, nil
}

func (s *InputSealer) mac(p []byte) []byte {
	h := hmac.New(sha256.New, s.key)
	h.Write([]byte("stitch input state\x00"))
	h.Write(p)
	return h.Sum(nil)
}

func quoteName(n string) string { return "\"" + n + "\"" }
