package agreement

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// duplicatePaths lists the JSON Pointers of the keys that occur twice in
// one object of text (nil when text does not tokenize).
func duplicatePaths(text []byte) []string {
	d := json.NewDecoder(bytes.NewReader(text))
	d.UseNumber()
	var out []string
	var walk func(path string) bool
	walk = func(path string) bool {
		tok, err := d.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return false
				}
				key := k.(string)
				p := path + "/" + escapePointer(key)
				if seen[key] {
					out = append(out, p)
				}
				seen[key] = true
				if !walk(p) {
					return false
				}
			}
			_, err = d.Token()
			return err == nil
		case json.Delim('['):
			for i := 0; d.More(); i++ {
				if !walk(path + "/" + strconv.Itoa(i)) {
					return false
				}
			}
			_, err = d.Token()
			return err == nil
		}
		return true
	}
	walk("")
	return out
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
