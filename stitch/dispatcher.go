package stitch

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Dispatcher runs tool calls: tool name + raw JSON arguments → Result. It
// needs no SDK and holds no mutable state, so one value serves concurrent
// calls. The adapters serve a Dispatcher on an MCP SDK or to an LLM
// provider.
type Dispatcher struct {
	opt    Options
	sealer *InputSealer
	tools  []Tool
	byName map[string]int
	names  string // the tool names, for UNKNOWN_TOOL
}

// NewDispatcher returns a dispatcher serving the given tool tables (the
// StitchTools of one or several contract packages, or hand-built tools)
// with opt. Tools keep their order: the tables' order, then each table's.
// It fails on a tool without a name, Decode or Run, and on two tools with
// the same name.
func NewDispatcher(opt Options, tables ...[]Tool) (*Dispatcher, error) {
	sealer, err := NewInputSealer(opt.InputKey, opt.InputTTL)
	if err != nil {
		return nil, err
	}
	d := &Dispatcher{opt: opt, sealer: sealer, byName: map[string]int{}}
	var names []string
	for _, table := range tables {
		for _, t := range table {
			switch {
			case t.Name == "":
				return nil, errors.New("stitch: a tool has no name")
			case t.Decode == nil || t.Run == nil:
				return nil, fmt.Errorf("stitch: tool %q has no Decode or Run", t.Name)
			}
			if _, dup := d.byName[t.Name]; dup {
				return nil, fmt.Errorf("stitch: two tools are named %q", t.Name)
			}
			d.byName[t.Name] = len(d.tools)
			d.tools = append(d.tools, t)
			names = append(names, t.Name)
		}
	}
	d.names = strings.Join(names, ", ")
	return d, nil
}

// Tools returns the dispatcher's tools in order.
func (d *Dispatcher) Tools() []Tool {
	return append([]Tool(nil), d.tools...)
}

// Tool returns the tool named name.
func (d *Dispatcher) Tool(name string) (Tool, bool) {
	i, ok := d.byName[name]
	if !ok {
		return Tool{}, false
	}
	return d.tools[i], true
}

// Call decodes args (an empty document counts as {}) with the tool's exact
// decoder, runs the handler and encodes its output. It never fails: every
// problem (invalid arguments, handler error or panic, abandoned handler,
// unknown tool) is an isError result carrying a JSON envelope. Observers
// see every call. A panic outside the handler (in Before or an encoder) is
// an INTERNAL_ERROR too; a panic in After is recovered and ignored.
func (d *Dispatcher) Call(ctx context.Context, tool string, args []byte) *Result {
	return d.CallAs(ctx, ProfileMCP, tool, args)
}

// CallAs is Call for a client that was given the tools' schemas under
// profile p (a provider adapter): the arguments are decoded with the
// options that profile asks for (ProfileSchema.NullAsAbsent). An unknown
// profile is an INTERNAL_ERROR.
func (d *Dispatcher) CallAs(ctx context.Context, p Profile, tool string, args []byte) *Result {
	start := time.Now()
	call := &Call{Tool: tool, Profile: p, Args: args, Trace: TraceOf(ctx)}
	ctx, res := guard(ctx, call, func() (context.Context, *Result) {
		i, ok := d.byName[tool]
		if !ok {
			ctx = d.before(ctx, call)
			msg := "unknown tool " + strconv.Quote(tool) + "; the tools are: " + d.names
			return ctx, envelope(codeUnknownTool, nil, msg)
		}
		return d.run(ctx, &d.tools[i], call, start)
	})
	call.Duration = time.Since(start)
	call.Result = res
	d.after(ctx, call)
	return res
}

// guard runs body and turns a panic in it into an INTERNAL_ERROR.
func guard(ctx context.Context, call *Call, body func() (context.Context, *Result)) (rctx context.Context, res *Result) {
	defer func() {
		if p := recover(); p != nil {
			call.Err = &panicError{value: p, stack: debug.Stack()}
			rctx, res = ctx, envelope(codeInternal, nil, "the tool failed unexpectedly")
		}
	}()
	return body()
}

// run decodes the call's arguments, runs the handler and encodes its
// output. A handler abandoned at its deadline or cancellation is left to
// d.late for when it returns.
func (d *Dispatcher) run(ctx context.Context, t *Tool, call *Call, start time.Time) (context.Context, *Result) {
	ps, err := t.Schema(call.Profile)
	if err != nil {
		call.Err = err
		return d.before(ctx, call), envelope(codeInternal, nil, "the tool failed unexpectedly")
	}
	in, ok := d.decode(t, call, DecodeOptions{NullAsAbsent: ps.NullAsAbsent}, ps.Forms)
	ctx = d.before(ctx, call)
	if !ok {
		return ctx, envelope(codeValidation, call.Issues, "")
	}
	hctx := ctx
	if d.opt.Timeout > 0 {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(ctx, d.opt.Timeout)
		defer cancel()
	}
	state := &callState{}
	hctx = context.WithValue(hctx, callKey{}, state)
	var late func(outcome)
	if d.opt.Late != nil {
		// What the late observer gets is a copy of the call as it stands
		// now: the main path goes on filling call for After.
		base := *call
		lctx := context.WithoutCancel(ctx)
		late = func(r outcome) { d.late(lctx, t, base, start, state, r) }
	}
	out, err := invoke(hctx, t.Run, in, late)
	blocks := state.seal()
	var need *NeedInput
	if errors.As(err, &need) {
		// Not a failure: call.Err stays nil, and Call.Outcome says
		// input_required.
		return ctx, &Result{InputRequired: &InputRequired{Requests: need.Requests, RequestState: d.sealer.Seal(t.Name, need.State)}}
	}
	return ctx, finish(t, call, out, err, blocks)
}

// Sealer returns the dispatcher's InputSealer (Options.InputKey): an
// adapter opens with it the requestState of a call that answers an
// input-required result, and a service may seal the states of its own
// prompts or resources with it.
func (d *Dispatcher) Sealer() *InputSealer { return d.sealer }

// finish builds the result of a call from the handler's outcome.
func finish(t *Tool, call *Call, out Output, err error, blocks []Content) *Result {
	if err != nil {
		return fail(call, err)
	}
	res, err := encode(t, out, blocks)
	if err != nil {
		call.Err = fmt.Errorf("encoding the output of tool %s: %w", call.Tool, err)
		return envelope(codeInternal, nil, "the tool's result could not be encoded")
	}
	return res
}

// late tells the Late observer what an abandoned handler finally returned:
// base is the call as it was when the handler started.
func (d *Dispatcher) late(ctx context.Context, t *Tool, base Call, start time.Time, state *callState, r outcome) {
	defer func() {
		_ = recover() // as in after: an observer cannot take the server down
	}()
	c := &base
	c.Late = true
	c.Result = finish(t, c, r.out, r.err, state.seal())
	c.Duration = time.Since(start)
	d.opt.Late(ctx, c)
}

// decode applies the size cap, reads the profile's reversible forms back
// into the contract's form and applies the tool's exact decoder, and
// records the outcome in call (with the pointers the model wrote); ok is
// false for rejected arguments.
func (d *Dispatcher) decode(t *Tool, call *Call, opt DecodeOptions, forms []Form) (in any, ok bool) {
	args := call.Args
	if len(args) == 0 {
		args = []byte("{}")
	}
	if issue, over := sizeIssue(len(args), d.opt.MaxArgBytes); over {
		call.Issues = []Issue{issue}
		return nil, false
	}
	var rel *relocations
	if len(forms) > 0 {
		var issues []Issue
		if args, rel, issues = fromForms(args, forms); issues != nil {
			call.Issues = issues
			return nil, false
		}
	}
	var rep DecodeReport
	opt.Report = &rep
	in, dropped, repaired, err := t.Decode(args, opt)
	if err != nil {
		call.Issues = rel.issues(issuesOf(err))
		return nil, false
	}
	call.Input, call.Dropped, call.Repaired = in, rel.pointers(dropped), rel.pointers(repaired)
	call.Rewritten, call.Coerced, call.Caught = rel.pointers(rep.Rewritten), rel.pointers(rep.Coerced), rel.pointers(rep.Caught)
	return in, true
}

// sizeIssue reports whether n argument bytes exceed the cap limit (0: the
// default; negative: no cap) and the issue that says so.
func sizeIssue(n, limit int) (Issue, bool) {
	if limit == 0 {
		limit = DefaultMaxArgBytes
	}
	if limit < 0 || n <= limit {
		return Issue{}, false
	}
	return Issue{
		Code:     CodeSize,
		Expected: "at most " + strconv.Itoa(limit) + " bytes",
		Message:  "the arguments are " + strconv.Itoa(n) + " bytes long, more than the limit of " + strconv.Itoa(limit),
	}, true
}

// encode builds the result of a successful call from the handler's output
// and the blocks it added (see AddContent).
func encode(t *Tool, out Output, blocks []Content) (*Result, error) {
	if t.OutputSchema == "" || out.Value == nil {
		if out.Text != "" || len(blocks) == 0 {
			blocks = append([]Content{&TextContent{Text: out.Text}}, blocks...)
		}
		return &Result{Content: blocks}, nil
	}
	b, err := out.Value.MarshalJSON()
	if err != nil {
		return nil, err
	}
	if len(blocks) == 0 {
		blocks = []Content{&TextContent{Text: string(b)}}
	}
	return &Result{Content: blocks, Structured: b}, nil
}

// before calls the Before observer, if any.
func (d *Dispatcher) before(ctx context.Context, call *Call) context.Context {
	if d.opt.Before == nil {
		return ctx
	}
	if c := d.opt.Before(ctx, call); c != nil {
		return c
	}
	return ctx
}

// after calls the After observer, if any; its panic is ignored so that an
// observer cannot change a call's result or take the server down.
func (d *Dispatcher) after(ctx context.Context, call *Call) {
	if d.opt.After == nil {
		return
	}
	defer func() {
		_ = recover()
	}()
	d.opt.After(ctx, call)
}

// outcome is what a handler goroutine hands back.
type outcome struct {
	out Output
	err error
}

// A panicError is a recovered panic, with its stack.
type panicError struct {
	value any
	stack []byte
}

func (p *panicError) Error() string {
	return fmt.Sprintf("handler panic: %v\n\n%s", p.value, p.stack)
}

// A handoff is where a handler goroutine leaves its outcome: for the
// waiting call, or, once the call gave up on it, for late.
type handoff struct {
	mu        sync.Mutex
	done      chan struct{} // closed when the outcome is in r
	r         outcome
	abandoned bool
	late      func(outcome)
}

// invoke runs run in its own goroutine and waits for it or for ctx: the
// only way to recover a handler's panic and to give up at its deadline. A
// panic becomes a *panicError; an abandoned handler, ctx.Err(), and when
// it returns after all, its outcome goes to late (if not nil) on its own
// goroutine.
func invoke(ctx context.Context, run func(context.Context, any) (Output, error), in any, late func(outcome)) (Output, error) {
	h := &handoff{done: make(chan struct{}), late: late}
	go func() {
		var r outcome
		defer func() {
			if p := recover(); p != nil {
				r.err = &panicError{value: p, stack: debug.Stack()}
			}
			h.mu.Lock()
			gone := h.abandoned
			h.r = r
			close(h.done)
			h.mu.Unlock()
			if gone && h.late != nil {
				h.late(r)
			}
		}()
		r.out, r.err = run(ctx, in)
	}()
	select {
	case <-h.done:
		return h.r.out, h.r.err
	case <-ctx.Done():
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.done: // a handler that finished at the same moment still wins
		return h.r.out, h.r.err
	default:
		h.abandoned = true
		return Output{}, ctx.Err()
	}
}

// fail classifies a handler failure: a panic is INTERNAL_ERROR, an expired
// or canceled context TIMEOUT or CANCELED, a *Error keeps its issues as
// VALIDATION_ERROR, any other error is TOOL_ERROR with its text. TIMEOUT
// and CANCELED say that the tool may still complete: the dispatcher cannot
// tell a handler that stopped at its context's end from one that runs on.
func fail(call *Call, err error) *Result {
	call.Err = err
	var p *panicError
	var se *Error
	switch {
	case errors.As(err, &p):
		return envelope(codeInternal, nil, "the tool failed unexpectedly")
	case errors.Is(err, context.DeadlineExceeded):
		return envelope(codeTimeout, nil, "the tool did not finish before its deadline and may still complete")
	case errors.Is(err, context.Canceled):
		return envelope(codeCanceled, nil, "the call was canceled before the tool finished; the tool may still complete")
	case errors.As(err, &se) && len(se.Issues) > 0:
		call.Issues = se.Issues
		return envelope(codeValidation, se.Issues, "")
	}
	return envelope(codeTool, nil, err.Error())
}

// issuesOf returns the issues of a decode error.
func issuesOf(err error) []Issue {
	var se *Error
	if errors.As(err, &se) && len(se.Issues) > 0 {
		return se.Issues
	}
	return []Issue{{Code: CodeCustom, Message: err.Error()}}
}
