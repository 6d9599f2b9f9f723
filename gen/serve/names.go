package serve

import (
	"fmt"

	"github.com/stitchgen/stitchgen/model"
)

// Import paths of the packages the emitted code uses.
const (
	pathBytes   = "bytes"
	pathContext = "context"
	pathErrors  = "errors"
	pathFmt     = "fmt"
	pathJSON    = "encoding/json"
	pathDebug   = "runtime/debug"
	pathStrconv = "strconv"
	pathStrings = "strings"
	pathTime    = "time"
	pathMCP     = "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Identifiers the emitted code declares in the user's package. Exported ones
// carry the Stitch prefix, unexported ones stitchServe, so they collide
// neither with the user's names nor with the decoder runtime's stitch* helpers.
const (
	nameHandler    = "StitchHandler"
	nameTool       = "StitchTool"
	nameTools      = "StitchTools"
	nameOptions    = "StitchOptions"
	nameCall       = "StitchCall"
	nameResult     = "StitchResult"
	nameDispatcher = "StitchDispatcher"
	nameNewDisp    = "NewStitchDispatcher"
	nameAddTools   = "StitchAddTools"
	nameIssue      = "StitchIssue" // emitted by package decode
	nameError      = "StitchError" // emitted by package decode
	defaultMaxArgs = 1 << 20       // default StitchOptions.MaxArgBytes
	mcpGoSDK       = "gosdk"       // Options.MCP: the official Go SDK adapter
	mcpNone        = "none"        // Options.MCP: no adapter
)

// Envelope codes of failed calls (the "error" member of the isError result).
const (
	codeValidation  = "VALIDATION_ERROR"
	codeTool        = "TOOL_ERROR"
	codeInternal    = "INTERNAL_ERROR"
	codeTimeout     = "TIMEOUT"
	codeCanceled    = "CANCELED"
	codeUnknownTool = "UNKNOWN_TOOL"
)

// methodName is the StitchHandler method of a tool: its Go input type name.
func methodName(t *model.Tool) string { return t.Input.Name }

// inputConst and outputConst name the schema constants package gen emits for
// a tool whose Go input type is t.Input.
func inputConst(t *model.Tool) string  { return t.Input.Name + "InputSchema" }
func outputConst(t *model.Tool) string { return t.Input.Name + "OutputSchema" }

// helperName names the unexported per-tool helper with the given role.
func helperName(role string, t *model.Tool) string { return "stitchServe" + role + t.Input.Name }

// mcpMode normalizes Options.MCP.
func mcpMode(opt Options) (string, error) {
	switch opt.MCP {
	case "", mcpGoSDK:
		return mcpGoSDK, nil
	case mcpNone:
		return mcpNone, nil
	}
	return "", fmt.Errorf("serve: unknown MCP adapter %q (want %q or %q)", opt.MCP, mcpGoSDK, mcpNone)
}

// checkTools reports a tool the emitter cannot serve: every tool needs a
// named struct input type and, when it has one, a named output type.
func checkTools(pkg *model.Package) error {
	for _, t := range pkg.Tools {
		if t.Input == nil || t.Input.Kind != model.KindStruct || t.Input.Name == "" {
			return fmt.Errorf("serve: tool %q: input is not a named struct type", t.Name)
		}
		if t.Output != nil && t.Output.Name == "" {
			return fmt.Errorf("serve: tool %q: output type has no name", t.Name)
		}
	}
	return nil
}
