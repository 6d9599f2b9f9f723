package c

import (
	"encoding/json"
	"errors"
	"net/netip"
	"time"
)

// Kinds covers the well-known types.
//
//stitch:tool output=Result
type Kinds struct {
	At    time.Time        `json:"at"`
	Blob  []byte           `json:"blob"`
	Raw   json.RawMessage  `json:"raw" stitch:"untyped"`
	Any   any              `json:"any,omitempty" stitch:"untyped"`
	Addr  netip.Addr       `json:"addr"`
	Color Color            `json:"color"`
	Geo   Geo              `json:"geo"`
	Tags  map[string][]int `json:"tags"`
	Fixed [2]uint8         `json:"fixed"`
	Ptr   **int            `json:"ptr"`
	Dur   time.Duration    `json:"dur"`
	Level Level            `json:"level"`
	Bytes Blob             `json:"bytes"`
	Dash  string           `json:"-,"`
	Plain uintptr
	skip  int
	Gone  string `json:"-"`
}

type Color struct{ R uint8 }

func (c *Color) UnmarshalText([]byte) error { return nil }

//stitch:schema {"type":"array","items":{"type":"number"}}
type Geo struct{ Lat, Lng float64 }

func (g *Geo) UnmarshalJSON([]byte) error { return nil }

type Level int8

func (l Level) Validate() error {
	if l < 0 {
		return errors.New("negative level")
	}
	return nil
}

type Blob []byte

type Result struct {
	OK bool `json:"ok"`
}

func (r *Result) Validate() error { return nil }
