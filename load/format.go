package load

import "github.com/stitchgen/stitchgen/stitchrt"

// formatValid reports whether the decoder accepts s for the format name:
// it runs the decoder's own check (stitchrt.FormatFunc), so a default is
// judged exactly as the same value sent by a caller. A format the decoder
// does not enforce (one allowed with -allow-format) accepts every string.
func formatValid(name, s string) bool {
	f, ok := stitchrt.FormatFunc(name)
	return !ok || f(s)
}
