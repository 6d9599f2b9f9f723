package stitch

import (
	"context"
	"log/slog"
)

// SlogObserver returns an observer that writes one structured record per
// call to l (nil: slog.Default()): set it as Options.After, and as
// Options.Late to log what abandoned handlers finally did.
//
// The record's message is "tool call"; its level says the outcome: Info
// for a call that succeeded or asked the client for input, Warn for one the caller got wrong
// (VALIDATION_ERROR, UNKNOWN_TOOL, CANCELED), Error for one the service
// got wrong (TOOL_ERROR, INTERNAL_ERROR, TIMEOUT). Its attributes, in this
// order:
//
//   - tool: the tool's name;
//   - profile: the profile of a provider's call (absent for MCP calls);
//   - outcome: Call.Outcome: "ok", "input_required" (the handler asked
//     the client for input, NeedInput) or the envelope's error code;
//   - duration: Call.Duration;
//   - issues: the number of issues (VALIDATION_ERROR; 0 otherwise);
//   - dropped, repaired: the JSON Pointers a strip policy dropped and
//     JSON-string repair parsed, when there are any;
//   - error: the handler's error or recovered panic (with its stack), or
//     the output's encoding error, when there is one;
//   - late: true, in a record of the Late observer.
//
// The arguments and the output are not logged: they may hold personal
// data. An After of your own can log them, and call this one too.
func SlogObserver(l *slog.Logger) func(ctx context.Context, call *Call) {
	return func(ctx context.Context, call *Call) {
		logger := l
		if logger == nil {
			logger = slog.Default()
		}
		outcome := call.Outcome()
		level := outcomeLevel(outcome)
		if !logger.Enabled(ctx, level) {
			return
		}
		attrs := make([]slog.Attr, 0, 9)
		attrs = append(attrs, slog.String("tool", call.Tool))
		if call.Profile != ProfileMCP && call.Profile != "" {
			attrs = append(attrs, slog.String("profile", string(call.Profile)))
		}
		attrs = append(attrs,
			slog.String("outcome", outcome),
			slog.Duration("duration", call.Duration),
			slog.Int("issues", len(call.Issues)))
		if len(call.Dropped) > 0 {
			attrs = append(attrs, slog.Any("dropped", call.Dropped))
		}
		if len(call.Repaired) > 0 {
			attrs = append(attrs, slog.Any("repaired", call.Repaired))
		}
		if call.Err != nil {
			attrs = append(attrs, slog.String("error", call.Err.Error()))
		}
		if call.Late {
			attrs = append(attrs, slog.Bool("late", true))
		}
		logger.LogAttrs(ctx, level, "tool call", attrs...)
	}
}

// outcomeLevel is the level of a call's record: whose mistake the outcome
// is.
func outcomeLevel(outcome string) slog.Level {
	switch outcome {
	case OutcomeOK, OutcomeInputRequired:
		return slog.LevelInfo
	case codeValidation, codeUnknownTool, codeCanceled:
		return slog.LevelWarn
	}
	return slog.LevelError
}
