// The plumbing runtime's side of the seed document "Error format", in Go: the tool
// dispatcher answers a failed call with the tool response envelope
// {id, content: <the wire object as JSON text>, is_error: true} the agent feeds to the
// model, and a retry policy reads any payload it receives (current, a newer runtime's code,
// or the earlier flat {"error": "human message"}) and retries only unavailable errors.
package main

import (
	"fmt"
	"strings"

	"plumbingerrors"
)

// Bindings are the tools an agent can call and those a human operator declines.
type Bindings struct {
	Tools              []string // plumbing bindings and MCP servers' tools
	DeclinedByOperator []string // tools a human operator declines (OITL)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// DispatchTool routes one tool call; a failure is the tool response envelope.
func DispatchTool(callID, name string, b Bindings) plumbingerrors.Object {
	if !contains(b.Tools, name) {
		// The document's own payload: the tool name rides along as the source extra.
		return plumbingerrors.NewUnknownTool().
			WithMessage(fmt.Sprintf("unknown tool: %s (not found in any MCP server)", name)).
			WithContext("source", name).
			ToolResponse(callID)
	}
	if contains(b.DeclinedByOperator, name) {
		return plumbingerrors.NewToolDenied().
			WithMessage("operator declined tool call: "+name).
			WithContext("source", name).
			ToolResponse(callID)
	}
	return plumbingerrors.Object{
		{Key: "id", Value: callID},
		{Key: "content", Value: name + ": ok"},
		{Key: "is_error", Value: false},
	}
}

// LoadSpec loads a pipeline spec at startup: an empty one is config_error (exit status 2).
func LoadSpec(path, text string) (int, error) {
	bindings := 0
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) != "" {
			bindings++
		}
	}
	if bindings == 0 {
		return 0, plumbingerrors.NewConfigError().
			WithMessage(path+": the spec binds no agent").
			WithContext("path", path)
	}
	return bindings, nil
}

// Decision is what a retry policy does with a payload.
type Decision struct {
	Retry  bool
	Code   string // "" for a legacy or invalid payload
	Detail string // the message, when it gives up
}

// RetryDecision retries only unavailable errors (or a newer runtime's code whose wire
// category is unavailable); legacy payloads are never retried.
func RetryDecision(payload []byte) Decision {
	e := plumbingerrors.FromWire(payload)
	code := ""
	if k := e.Kind(); k != plumbingerrors.WireLegacy && k != plumbingerrors.WireInvalid {
		code = e.WireCode()
	}
	if e.Retryable() {
		return Decision{Retry: true, Code: code}
	}
	return Decision{Code: code, Detail: e.Message()}
}
