package everything

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/stitchgen/stitchgen/stitch"
)

// The input-required tools: each handler runs again from the start for
// every round, finds the client's answers with stitch.Answer and what it
// left for itself with stitch.InputState, and asks for what it still lacks
// by returning a stitch.NeedInput.

// Schemas of the elicitations the scenarios describe.
var (
	nameSchema    = json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`)
	confirmSchema = json.RawMessage(`{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"]}`)
	colorSchema   = json.RawMessage(`{"type":"object","properties":{"color":{"type":"string"}},"required":["color"]}`)
)

// ask is the NeedInput of one request named key, with state.
func ask(state string, key string, r stitch.InputRequest) error {
	var s []byte
	if state != "" {
		s = []byte(state)
	}
	return stitch.AskInput(s, map[string]stitch.InputRequest{key: r})
}

// elicited is the content of an accepted elicitation answer; an answer
// that is not one is an error for the client.
func elicited(answer json.RawMessage) (map[string]any, error) {
	var r struct {
		Action  string         `json:"action"`
		Content map[string]any `json:"content"`
	}
	if err := json.Unmarshal(answer, &r); err != nil {
		return nil, fmt.Errorf("the elicitation answer is not an elicitation result: %v", err)
	}
	if r.Action != "accept" {
		return nil, fmt.Errorf("the user did not accept the elicitation (action %q)", r.Action)
	}
	return r.Content, nil
}

// sampled is the text of a sampling answer.
func sampled(answer json.RawMessage) (string, error) {
	var r struct {
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(answer, &r); err != nil {
		return "", fmt.Errorf("the sampling answer is not a sampling result: %v", err)
	}
	var texts []string
	var one struct{ Text string }
	var many []struct{ Text string }
	if json.Unmarshal(r.Content, &one) == nil {
		texts = append(texts, one.Text)
	} else if json.Unmarshal(r.Content, &many) == nil {
		for _, c := range many {
			texts = append(texts, c.Text)
		}
	}
	return strings.Join(texts, ""), nil
}

// rootURIs are the URIs of a roots/list answer.
func rootURIs(answer json.RawMessage) ([]string, error) {
	var r struct {
		Roots []struct {
			URI string `json:"uri"`
		} `json:"roots"`
	}
	if err := json.Unmarshal(answer, &r); err != nil {
		return nil, fmt.Errorf("the roots answer is not a roots/list result: %v", err)
	}
	var uris []string
	for _, x := range r.Roots {
		uris = append(uris, x.URI)
	}
	return uris, nil
}

// TestInputRequiredResultElicitation asks the user's name and greets them.
func (Service) TestInputRequiredResultElicitation(ctx context.Context, in TestInputRequiredResultElicitation) (string, error) {
	a, ok := stitch.Answer(ctx, "user_name")
	if !ok {
		return "", ask("", "user_name", stitch.Elicit("What is your name?", nameSchema))
	}
	c, err := elicited(a)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Hello, %v!", c["name"]), nil
}

// TestInputRequiredResultSampling asks the client's model a question.
func (Service) TestInputRequiredResultSampling(ctx context.Context, in TestInputRequiredResultSampling) (string, error) {
	a, ok := stitch.Answer(ctx, "capital_question")
	if !ok {
		return "", ask("", "capital_question", stitch.SampleText("What is the capital of France?", 100))
	}
	t, err := sampled(a)
	if err != nil {
		return "", err
	}
	return "The model answered: " + t, nil
}

// TestInputRequiredResultListRoots asks the client's roots.
func (Service) TestInputRequiredResultListRoots(ctx context.Context, in TestInputRequiredResultListRoots) (string, error) {
	a, ok := stitch.Answer(ctx, "client_roots")
	if !ok {
		return "", ask("", "client_roots", stitch.ListRoots())
	}
	uris, err := rootURIs(a)
	if err != nil {
		return "", err
	}
	return "The client's roots: " + strings.Join(uris, ", "), nil
}

// confirmState is the state of the tools that ask for a confirmation.
const confirmState = "awaiting-confirmation"

// confirm asks for a confirmation with state confirmState, and answers
// "state-ok" when the client sends it back with the state.
func confirm(ctx context.Context) (string, error) {
	a, ok := stitch.Answer(ctx, "confirm")
	if !ok || string(stitch.InputState(ctx)) != confirmState {
		return "", ask(confirmState, "confirm", stitch.Elicit("Please confirm", confirmSchema))
	}
	c, err := elicited(a)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("state-ok: confirmed %v", c["ok"]), nil
}

// TestInputRequiredResultRequestState checks that its state comes back.
func (Service) TestInputRequiredResultRequestState(ctx context.Context, in TestInputRequiredResultRequestState) (string, error) {
	return confirm(ctx)
}

// TestInputRequiredResultTamperedState is the same as
// test_input_required_result_request_state; the adapter refuses a
// requestState the client changed before this handler runs.
func (Service) TestInputRequiredResultTamperedState(ctx context.Context, in TestInputRequiredResultTamperedState) (string, error) {
	return confirm(ctx)
}

// TestInputRequiredResultMultipleInputs asks three things at once.
func (Service) TestInputRequiredResultMultipleInputs(ctx context.Context, in TestInputRequiredResultMultipleInputs) (string, error) {
	name, ok1 := stitch.Answer(ctx, "user_name")
	greeting, ok2 := stitch.Answer(ctx, "greeting")
	roots, ok3 := stitch.Answer(ctx, "client_roots")
	if !ok1 || !ok2 || !ok3 {
		return "", stitch.AskInput([]byte("multiple"), map[string]stitch.InputRequest{
			"user_name":    stitch.Elicit("What is your name?", nameSchema),
			"greeting":     stitch.SampleText("Generate a greeting", 50),
			"client_roots": stitch.ListRoots(),
		})
	}
	c, err := elicited(name)
	if err != nil {
		return "", err
	}
	g, err := sampled(greeting)
	if err != nil {
		return "", err
	}
	uris, err := rootURIs(roots)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %v (roots: %s)", g, c["name"], strings.Join(uris, ", ")), nil
}

// TestInputRequiredResultMultiRound asks a name, then a colour: the state
// of the second round carries the name.
func (Service) TestInputRequiredResultMultiRound(ctx context.Context, in TestInputRequiredResultMultiRound) (string, error) {
	state := string(stitch.InputState(ctx))
	if name, ok := strings.CutPrefix(state, "round-2:"); ok {
		a, ok := stitch.Answer(ctx, "step2")
		if !ok {
			return "", ask(state, "step2", stitch.Elicit("Step 2: What is your favorite color?", colorSchema))
		}
		c, err := elicited(a)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("%s likes %v", name, c["color"]), nil
	}
	a, ok := stitch.Answer(ctx, "step1")
	if !ok || state != "round-1" {
		return "", ask("round-1", "step1", stitch.Elicit("Step 1: What is your name?", nameSchema))
	}
	c, err := elicited(a)
	if err != nil {
		return "", err
	}
	return "", ask(fmt.Sprintf("round-2:%v", c["name"]), "step2", stitch.Elicit("Step 2: What is your favorite color?", colorSchema))
}

// TestInputRequiredResultCapabilities asks only for what the client
// declared it can answer.
func (Service) TestInputRequiredResultCapabilities(ctx context.Context, in TestInputRequiredResultCapabilities) (string, error) {
	if _, ok := stitch.Answer(ctx, "question"); ok {
		return "answered", nil
	}
	if _, ok := stitch.Answer(ctx, "user_name"); ok {
		return "answered", nil
	}
	switch {
	case stitch.ClientCan(ctx, stitch.MethodSample):
		return "", ask("", "question", stitch.SampleText("What is the capital of France?", 100))
	case stitch.ClientCan(ctx, stitch.MethodElicit):
		return "", ask("", "user_name", stitch.Elicit("What is your name?", nameSchema))
	}
	return "the client declared neither sampling nor elicitation", nil
}

// TestMissingCapability needs the client's model whatever the client
// declared: the adapter refuses the call with the missing-capability
// error when the client did not declare sampling.
func (Service) TestMissingCapability(ctx context.Context, in TestMissingCapability) (string, error) {
	a, ok := stitch.Answer(ctx, "question")
	if !ok {
		return "", ask("", "question", stitch.SampleText("What is the capital of France?", 100))
	}
	t, err := sampled(a)
	if err != nil {
		return "", err
	}
	return "The model answered: " + t, nil
}

// TestCustomHeaders echoes the arguments whose headers the SDK checked
// against the body (SEP-2243) before the call reached the dispatcher.
func (Service) TestCustomHeaders(ctx context.Context, in TestCustomHeaders) (string, error) {
	return fmt.Sprintf("region=%q priority=%d verbose=%t", in.Region, in.Priority, in.Verbose), nil
}

// TestStreamingElicitation reports progress, then asks the user's name
// through an input-required result (under older revisions the SDK sends
// the elicitation on the session).
func (Service) TestStreamingElicitation(ctx context.Context, in TestStreamingElicitation) (string, error) {
	a, ok := stitch.Answer(ctx, "user_name")
	if !ok {
		if err := stitch.Progress(ctx, 1, 2, "asking for the name"); err != nil {
			return "", err
		}
		return "", ask("", "user_name", stitch.Elicit("What is your name?", nameSchema))
	}
	c, err := elicited(a)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("Hello, %v!", c["name"]), nil
}

// TestLoggingTool logs three messages; the SDK sends them only to a
// client that set a log level.
func (Service) TestLoggingTool(ctx context.Context, in TestLoggingTool) (string, error) {
	for i := 1; i <= 3; i++ {
		if err := stitch.Log(ctx, stitch.LevelInfo, "test_logging_tool", fmt.Sprintf("log message %d", i)); err != nil {
			return "", err
		}
	}
	return "Logged three messages", nil
}
