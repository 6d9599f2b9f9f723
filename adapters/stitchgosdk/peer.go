package stitchgosdk

//lint:file-ignore SA1019 MCP logging and sampling, deprecated by protocol 2026-07-28 (SEP-2577), are served to clients on earlier protocol versions for the deprecation window

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stitchgen/stitchgen/stitch"
)

// peer is the stitch.Peer of one call: the SDK session it came on.
type peer struct{ req *mcp.CallToolRequest }

// Progress sends notifications/progress with the call's progress token;
// without one (the client asked for no progress) it sends nothing.
func (p peer) Progress(ctx context.Context, progress, total float64, message string) error {
	if p.req.Params == nil || p.req.Session == nil {
		return nil
	}
	token := p.req.Params.GetProgressToken()
	if token == nil {
		return nil
	}
	return p.req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
		ProgressToken: token, Progress: progress, Total: total, Message: message,
	})
}

// Log sends notifications/message; the SDK drops it below the level the
// client set with logging/setLevel (and sends nothing before it set one).
func (p peer) Log(ctx context.Context, level stitch.Level, logger string, data any) error {
	if p.req.Session == nil {
		return nil
	}
	return p.req.Session.Log(ctx, &mcp.LoggingMessageParams{Level: mcp.LoggingLevel(level), Logger: logger, Data: data})
}
