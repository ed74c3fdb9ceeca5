// Prints what the consumer does: go run . (in examples/runtime/go).
package main

import (
	"errors"
	"fmt"
	"os"

	"plumbingerrors"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "--spec" {
		text, err := os.ReadFile(os.Args[2])
		if err != nil {
			text = nil
		}
		if _, err := LoadSpec(os.Args[2], string(text)); err != nil {
			var e *plumbingerrors.Error
			if errors.As(err, &e) {
				fmt.Fprintf(os.Stderr, "%+v\n", e)
				os.Exit(e.ExitCode())
			}
		}
		return
	}
	b := Bindings{Tools: []string{"read_doc", "shell"}, DeclinedByOperator: []string{"shell"}}
	for _, call := range [][2]string{{"toolu_abc123", "foo"}, {"toolu_def456", "shell"}, {"toolu_ghi789", "read_doc"}} {
		fmt.Println(string(plumbingerrors.EncodeJSON(DispatchTool(call[0], call[1], b))))
	}
	for _, payload := range []string{
		`{"error":"mcp_disconnected","category":"unavailable","detail":"MCP server connection is dead"}`,
		`{"error":"unknown_tool","category":"not_found","detail":"unknown tool: foo","source":"foo"}`,
		`{"error":"human message"}`,
	} {
		fmt.Printf("%s -> %+v\n", payload, RetryDecision([]byte(payload)))
	}
}
