package conformance

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// A Vector is one line of a case's vectors.jsonl.
type Vector struct {
	Line int    // 1-based line number in vectors.jsonl
	Tool string // tool name
	// Input is the exact input: the raw bytes of "args", the decoded text
	// of "raw" or the decoded bytes of "raw_b64".
	Input    []byte
	Accept   bool
	Want     []byte   // raw JSON of "want"; nil when absent
	Codes    []string // "code" and "codes" together
	Path     *string  // nil when absent
	Contains []string
	Via      string    // "", "tool" or "unmarshal"
	Dropped  *[]string // nil when absent
	Repaired *[]string // nil when absent
	Note     string
}

// ParseVectors reads vectors.jsonl. Blank lines are skipped.
func ParseVectors(data []byte) ([]Vector, error) {
	var vs []Vector
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		v, err := parseVector(line)
		if err != nil {
			return nil, fmt.Errorf("vectors.jsonl:%d: %v", i+1, err)
		}
		v.Line = i + 1
		vs = append(vs, v)
	}
	return vs, nil
}

func parseVector(line []byte) (Vector, error) {
	var v Vector
	ms, err := rawMembers(line)
	if err != nil {
		return v, err
	}
	inputs, hasAccept := 0, false
	for _, m := range ms {
		var err error
		switch m.Key {
		case "args":
			inputs++
			v.Input = m.Value
			if !json.Valid(m.Value) {
				err = fmt.Errorf("args is not valid JSON")
			}
		case "raw":
			inputs++
			var s string
			err = json.Unmarshal(m.Value, &s)
			v.Input = []byte(s)
		case "raw_b64":
			inputs++
			var s string
			if err = json.Unmarshal(m.Value, &s); err == nil {
				v.Input, err = base64.StdEncoding.DecodeString(s)
			}
		case "accept":
			hasAccept = true
			err = json.Unmarshal(m.Value, &v.Accept)
		default:
			err = v.setField(m)
		}
		if err != nil {
			return v, fmt.Errorf("member %q: %v", m.Key, err)
		}
	}
	switch {
	case v.Tool == "":
		return v, fmt.Errorf("no tool")
	case inputs != 1:
		return v, fmt.Errorf("want exactly one of args, raw, raw_b64; found %d", inputs)
	case !hasAccept:
		return v, fmt.Errorf("no accept")
	case v.Via != "" && v.Via != "tool" && v.Via != "unmarshal":
		return v, fmt.Errorf("via %q: want tool or unmarshal", v.Via)
	}
	return v, nil
}

// setField decodes the members that are plain JSON values.
func (v *Vector) setField(m rawMember) error {
	switch m.Key {
	case "tool":
		return json.Unmarshal(m.Value, &v.Tool)
	case "want":
		v.Want = m.Value
		return nil
	case "code":
		var c string
		err := json.Unmarshal(m.Value, &c)
		v.Codes = append(v.Codes, c)
		return err
	case "codes":
		var cs []string
		err := json.Unmarshal(m.Value, &cs)
		v.Codes = append(v.Codes, cs...)
		return err
	case "path":
		v.Path = new(string)
		return json.Unmarshal(m.Value, v.Path)
	case "contains":
		return json.Unmarshal(m.Value, &v.Contains)
	case "via":
		return json.Unmarshal(m.Value, &v.Via)
	case "dropped":
		v.Dropped = &[]string{}
		return json.Unmarshal(m.Value, v.Dropped)
	case "repaired":
		v.Repaired = &[]string{}
		return json.Unmarshal(m.Value, v.Repaired)
	case "note":
		return json.Unmarshal(m.Value, &v.Note)
	}
	return fmt.Errorf("unknown vector field")
}

// Tolerated reports whether the note marks the input as accepted only
// through runtime tolerance (exempt from the superset invariant).
func (v *Vector) Tolerated() bool { return bytes.Contains([]byte(v.Note), []byte("tolerated")) }
