// Package everything holds the tools of the MCP conformance suite's
// "everything server" (npm @modelcontextprotocol/conformance, its
// examples/servers/typescript/everything-server.ts) as stitchgen contracts:
// every fixture tool that its server scenarios call, with the reference
// server's names, descriptions and arguments. stitch_gen.go is generated
// from them.
//
// The doc comment of each contract is the reference server's description
// word for word (it is what tools/list serves), not a Go sentence that
// starts with the type's name, and on one line: the generator keeps a
// wrapped comment's line breaks for now (issue 15, item 7).
//
// Service implements the tools that need nothing but package stitch
// (content blocks, progress, log messages, a failing call). The tools that
// ask the client something (sampling, elicitation) or act on the transport
// (test_reconnection) need an SDK's session, which a contract package of
// the root module cannot import: a serving command embeds Service in a type
// that adds those methods with its adapter (examples/everything does it on
// the official Go SDK and on mcp-go). The requests those methods send are
// here (Sampling, Elicitation, ElicitationDefaults, ElicitationEnums), so
// that every adapter's server sends the reference server's requests, and
// so is the schema of json_schema_2020_12_tool, which each server
// registers with its plain SDK (JSONSchema202012).
package everything

//go:generate go run github.com/stitchgen/stitchgen/cmd/stitchgen

// Tests simple text content response
//
//stitch:tool test_simple_text
type TestSimpleText struct{}

// Tests image content response
//
//stitch:tool test_image_content
type TestImageContent struct{}

// Tests audio content response
//
//stitch:tool test_audio_content
type TestAudioContent struct{}

// Tests embedded resource content response
//
//stitch:tool test_embedded_resource
type TestEmbeddedResource struct{}

// Tests response with multiple content types (text, image, resource)
//
//stitch:tool test_multiple_content_types
type TestMultipleContentTypes struct{}

// Tests tool that emits log messages during execution
//
//stitch:tool test_tool_with_logging
type TestToolWithLogging struct{}

// Tests tool that reports progress notifications
//
//stitch:tool test_tool_with_progress
type TestToolWithProgress struct{}

// Tests error response handling
//
//stitch:tool test_error_handling
type TestErrorHandling struct{}

// Tests SSE stream disconnection and client reconnection (SEP-1699). Server will close the stream mid-call and send the result after client reconnects.
//
//stitch:tool test_reconnection
type TestReconnection struct{}

// Tests server-initiated sampling (LLM completion request)
//
//stitch:tool test_sampling
type TestSampling struct {
	// The prompt to send to the LLM
	Prompt string `json:"prompt"`
}

// Tests server-initiated elicitation (user input request)
//
//stitch:tool test_elicitation
type TestElicitation struct {
	// The message to show the user
	Message string `json:"message"`
}

// Tests elicitation with default values per SEP-1034
//
//stitch:tool test_elicitation_sep1034_defaults
type TestElicitationSEP1034Defaults struct{}

// Tests elicitation with enum schema improvements per SEP-1330
//
//stitch:tool test_elicitation_sep1330_enums
type TestElicitationSEP1330Enums struct{}

// The fixture tools of the input-required scenarios of revision 2026-07-28
// (SEP-2322). Each asks the client through a stitch.NeedInput, which needs
// no SDK: the same code serves older revisions, where the adapter's SDK
// sends the requests on the session (input.go).

// Tests an input-required result asking for one elicitation
//
//stitch:tool test_input_required_result_elicitation
type TestInputRequiredResultElicitation struct{}

// Tests an input-required result asking for one sampling request
//
//stitch:tool test_input_required_result_sampling
type TestInputRequiredResultSampling struct{}

// Tests an input-required result asking for the client's roots
//
//stitch:tool test_input_required_result_list_roots
type TestInputRequiredResultListRoots struct{}

// Tests that requestState round-trips through an input-required result
//
//stitch:tool test_input_required_result_request_state
type TestInputRequiredResultRequestState struct{}

// Tests an input-required result with elicitation, sampling and roots requests at once
//
//stitch:tool test_input_required_result_multiple_inputs
type TestInputRequiredResultMultipleInputs struct{}

// Tests two rounds of input-required results with an evolving requestState
//
//stitch:tool test_input_required_result_multi_round
type TestInputRequiredResultMultiRound struct{}

// Tests that a tampered requestState is rejected
//
//stitch:tool test_input_required_result_tampered_state
type TestInputRequiredResultTamperedState struct{}

// Tests that input requests are limited to the capabilities the client declared
//
//stitch:tool test_input_required_result_capabilities
type TestInputRequiredResultCapabilities struct{}

// Tests that a tool needing sampling is refused when the client did not declare the sampling capability
//
//stitch:tool test_missing_capability
type TestMissingCapability struct{}

// Tests custom headers mirrored from x-mcp-header parameters (SEP-2243)
//
//stitch:tool test_custom_headers
type TestCustomHeaders struct {
	// Plain ASCII string value
	Region string `json:"region,omitempty" jsonschema_extras:"x-mcp-header=Region"`
	// Integer numeric value
	Priority int64 `json:"priority,omitempty" jsonschema_extras:"x-mcp-header=Priority"`
	// Boolean value
	Verbose bool `json:"verbose,omitempty" jsonschema_extras:"x-mcp-header=Verbose"`
}

// Adds or removes a tool, so that the server sends notifications/tools/list_changed
//
//stitch:tool test_trigger_tool_change
type TestTriggerToolChange struct{}

// Adds or removes a prompt, so that the server sends notifications/prompts/list_changed
//
//stitch:tool test_trigger_prompt_change
type TestTriggerPromptChange struct{}

// Tests that a call asking for input answers with an input-required result on its own stream, never with an independent request
//
//stitch:tool test_streaming_elicitation
type TestStreamingElicitation struct{}

// Tests that no log message is sent for a request that did not set a log level
//
//stitch:tool test_logging_tool
type TestLoggingTool struct{}
