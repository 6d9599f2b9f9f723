package stitchmcpgo

import (
	"context"
	"errors"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/stitchgen/stitchgen/stitch"
)

// peer is the stitch.Peer of one call: the server and the request it came
// with (the session is in the call's context).
type peer struct {
	s   *server.MCPServer
	req *mcp.CallToolRequest
}

// Progress sends notifications/progress with the call's progress token;
// without one (the client asked for no progress) it sends nothing. A total
// of 0 (unknown) and an empty message are not written.
func (p peer) Progress(ctx context.Context, progress, total float64, message string) error {
	m := p.req.Params.Meta
	if m == nil || m.ProgressToken == nil {
		return nil
	}
	params := map[string]any{"progressToken": m.ProgressToken, "progress": progress}
	if total != 0 {
		params["total"] = total
	}
	if message != "" {
		params["message"] = message
	}
	return p.s.SendNotificationToClient(ctx, string(mcp.MethodNotificationProgress), params)
}

// Log sends notifications/message through mcp-go, which drops it below
// the client's level: the level the client set with logging/setLevel, or
// "error" before it set one (mcp-go's default); on protocol version
// 2026-07-28 the level the request declares, nothing without one. A
// session that cannot receive log messages (mcp-go's
// ErrSessionDoesNotSupportLogging) is not an error: nothing is sent.
func (p peer) Log(ctx context.Context, level stitch.Level, logger string, data any) error {
	err := p.s.SendLogMessageToClient(ctx, mcp.LoggingMessageNotification{
		Notification: mcp.Notification{Method: string(mcp.MethodNotificationMessage)},
		Params:       mcp.LoggingMessageNotificationParams{Level: mcp.LoggingLevel(level), Logger: logger, Data: data},
	})
	if errors.Is(err, server.ErrSessionDoesNotSupportLogging) {
		return nil
	}
	return err
}
