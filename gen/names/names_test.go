package names

import "testing"

func TestIsGenerated(t *testing.T) {
	for ident, want := range map[string]bool{
		"StitchHandler": true, "StitchTools": true, "stitchDecodeT": true, "stitchRe1": true,
		"TInputSchema": true, "TLosslessSchema": true, "TOutputSchema": true,
		"TOpenAIStrictSchema": true, "TAnthropicStrictSchema": true, "TGeminiSchema": true,
		"InputSchema": false, "GeminiSchema": false, "TMCPSchema": false, "TSchema": false,
		"NewStitchDispatcher": false, "Other": false, "": false,
	} {
		if got := IsGenerated(ident); got != want {
			t.Errorf("IsGenerated(%q) = %v, want %v", ident, got, want)
		}
	}
	for m, want := range map[string]bool{
		"UnmarshalJSON": true, "MarshalJSON": true, "DecodeToolCall": true, "DecodeToolCallReport": true,
		"StitchX": true, "stitchX": true, "Decode": false, "String": false,
	} {
		if got := IsGeneratedMethod(m); got != want {
			t.Errorf("IsGeneratedMethod(%q) = %v, want %v", m, got, want)
		}
	}
}
