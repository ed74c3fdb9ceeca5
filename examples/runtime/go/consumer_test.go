// The document's facts and its own sample payloads (../shared/seeds/001_…, "Error format"),
// held against the generated Go package. The expected values are copied from the document,
// not derived from errdex: go test (in examples/runtime/go).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"plumbingerrors"
)

// The document's tables: code, subsystem, category (its OCaml constructor).
var table = [23][3]string{
	{"process_error", "tool_execution", "Unavailable"},
	{"validation_error", "tool_execution", "Invalid"},
	{"parse_error", "tool_execution", "Invalid"},
	{"tool_not_lowerable", "tool_dispatch", "Invalid"},
	{"tool_nesting_error", "tool_dispatch", "Invalid"},
	{"internal_error", "tool_dispatch", "Internal"},
	{"unknown_tool", "tool_dispatch", "Not_found"},
	{"tool_denied", "tool_dispatch", "Denied"},
	{"docstore_not_found", "builtins", "Not_found"},
	{"docstore_denied", "builtins", "Denied"},
	{"docstore_invalid", "builtins", "Invalid"},
	{"docstore_io_error", "builtins", "Unavailable"},
	{"pipeline_error", "pipeline_calls", "Unavailable"},
	{"load_error", "pipeline_calls", "Config"},
	{"mcp_disconnected", "mcp_client", "Unavailable"},
	{"mcp_call_error", "mcp_client", "Unavailable"},
	{"mcp_transport_error", "mcp_client", "Unavailable"},
	{"config_error", "configuration", "Config"},
	{"output_extraction_failed", "agent_loop", "Internal"},
	{"output_validation_failed", "agent_loop", "Invalid"},
	{"max_tokens", "agent_loop", "Unavailable"},
	{"api_error", "api_clients", "Unavailable"},
	{"claude_code_error", "api_clients", "Unavailable"},
}

// The categories table: OCaml constructor, wire value, exit code, retryable.
var categories = []struct {
	ocaml, wire string
	exit        int
	retryable   bool
}{
	{"Config", "config", 2, false},
	{"Invalid", "invalid", 1, false},
	{"Not_found", "not_found", 1, false},
	{"Denied", "denied", 1, false},
	{"Internal", "internal", 1, false},
	{"Unavailable", "unavailable", 1, true},
}

// The document's samples, as it prints them.
const (
	// Wire sample 1: the shape, with a placeholder code.
	shapeSample = `{"error": "machine_code", "category": "unavailable", "detail": "human-readable message"}`
	// Wire sample 2: the "optional extras" example.
	unknownToolSample = `{"error": "unknown_tool", "category": "not_found", "detail": "unknown tool: foo (not found in any MCP server)", "source": "foo"}`
	// The tool response envelope.
	envelopeSample = `{"id": "toolu_abc123", "content": "{\"error\":\"unknown_tool\",\"category\":\"not_found\",\"detail\":\"unknown tool: foo\"}", "is_error": true}`
	// The earlier flat format.
	legacySample = `{"error": "human message"}`
)

// compact is the document's JSON without the blanks it puts after ':' and ',' (outside
// strings, which json.Compact leaves byte for byte): what a compact serializer writes for
// the same members in the same order.
func compact(t *testing.T, doc string) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(doc)); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return b.String()
}

func encode(o plumbingerrors.Object) string { return string(plumbingerrors.EncodeJSON(o)) }

func TestEveryCodeSubsystemAndCategoryAsTheDocumentStates(t *testing.T) {
	codes := plumbingerrors.Codes()
	if len(codes) != len(table) {
		t.Fatalf("%d codes, the document has %d", len(codes), len(table))
	}
	if n := len(plumbingerrors.Namespaces()); n != 8 {
		t.Errorf("%d namespaces, the document has 8 subsystems", n)
	}
	for i, row := range table {
		c, err := plumbingerrors.ParseCode(row[0])
		if err != nil {
			t.Fatalf("%s: %v", row[0], err)
		}
		if codes[i] != c || c.String() != row[0] {
			t.Errorf("%s: not at %d in document order (%v)", row[0], i, codes[i])
		}
		if ns := c.Namespace().String(); ns != row[1] {
			t.Errorf("%s: subsystem %s, want %s", row[0], ns, row[1])
		}
		for _, k := range categories {
			if k.ocaml != row[2] {
				continue
			}
			if c.Category().String() != k.wire || c.ExitCode() != k.exit || c.Retryable() != k.retryable {
				t.Errorf("%s: %s exit %d retryable %v, want %s %d %v", row[0], c.Category(), c.ExitCode(), c.Retryable(), k.wire, k.exit, k.retryable)
			}
		}
	}
	cats := plumbingerrors.Categories()
	if len(cats) != len(categories) {
		t.Fatalf("%d categories, the document has %d", len(cats), len(categories))
	}
	for i, k := range categories {
		if cats[i].String() != k.wire {
			t.Errorf("category %d is %s, the document's is %s", i, cats[i], k.wire)
		}
	}
}

func TestVectorUnknownToolWithSource(t *testing.T) {
	want := compact(t, unknownToolSample)
	e := plumbingerrors.NewUnknownTool().
		WithMessage("unknown tool: foo (not found in any MCP server)").
		WithContext("source", "foo")
	if got := encode(e.Wire()); got != want {
		t.Errorf("wire:\n got %s\nwant %s", got, want)
	}
	// It reads back as the same error, source kept as context.
	back := plumbingerrors.FromWire([]byte(unknownToolSample))
	if back.Kind() != plumbingerrors.WireKnown || back.Code() != plumbingerrors.CodeUnknownTool {
		t.Errorf("read back: %s %v", back.Kind(), back.Code())
	}
	if !errors.Is(back, plumbingerrors.CodeUnknownTool) {
		t.Error("errors.Is(back, CodeUnknownTool)")
	}
	if v, ok := back.Context().Get("source"); !ok || v != "foo" {
		t.Errorf("context source: %v %v", v, ok)
	}
	if got := encode(back.Wire()); got != want {
		t.Errorf("re-encoded:\n got %s\nwant %s", got, want)
	}
	// The dispatcher raises exactly this.
	env := DispatchTool("toolu_1", "foo", Bindings{})
	if content, _ := env.Get("content"); content != want {
		t.Errorf("dispatch content:\n got %v\nwant %s", content, want)
	}
}

func TestVectorToolResponseEnvelope(t *testing.T) {
	e := plumbingerrors.NewUnknownTool().WithMessage("unknown tool: foo")
	if got, want := encode(e.ToolResponse("toolu_abc123")), compact(t, envelopeSample); got != want {
		t.Errorf("the document's envelope, byte for byte:\n got %s\nwant %s", got, want)
	}
	var env struct{ Content string }
	if err := json.Unmarshal([]byte(envelopeSample), &env); err != nil {
		t.Fatal(err)
	}
	if c := plumbingerrors.FromWire([]byte(env.Content)); c.Kind() != plumbingerrors.WireKnown || c.Message() != "unknown tool: foo" {
		t.Errorf("its content: %s %q", c.Kind(), c.Message())
	}
}

func TestVectorShapeSampleIsANewerRuntimesCode(t *testing.T) {
	e := plumbingerrors.FromWire([]byte(shapeSample))
	if e.Kind() != plumbingerrors.WireUnknown || e.WireCode() != "machine_code" || e.CategoryKey() != "unavailable" {
		t.Errorf("%s %q %q", e.Kind(), e.WireCode(), e.CategoryKey())
	}
	if !e.Retryable() {
		t.Error("its wire category, unavailable, is retryable")
	}
	if got, want := encode(e.Wire()), compact(t, shapeSample); got != want {
		t.Errorf("kept byte for byte:\n got %s\nwant %s", got, want)
	}
	if d := RetryDecision([]byte(shapeSample)); d != (Decision{Retry: true, Code: "machine_code"}) {
		t.Errorf("%+v", d)
	}
}

func TestVectorLegacyFlatPayload(t *testing.T) {
	e := plumbingerrors.FromWire([]byte(legacySample))
	if e.Kind() != plumbingerrors.WireLegacy || e.Message() != "human message" || e.WireCode() != "" || e.Retryable() {
		t.Errorf("%s %q %q %v", e.Kind(), e.Message(), e.WireCode(), e.Retryable())
	}
	if d := RetryDecision([]byte(legacySample)); d != (Decision{Detail: "human message"}) {
		t.Errorf("%+v", d)
	}
}

func TestOnlyUnavailableRetriesAndConfigExits2(t *testing.T) {
	for payload, want := range map[string]Decision{
		`{"error":"mcp_disconnected","category":"unavailable","detail":"dead"}`: {Retry: true, Code: "mcp_disconnected"},
		`{"error":"gpu_lost","category":"unavailable","detail":"gone"}`:         {Retry: true, Code: "gpu_lost"},
		`{"error":"tool_denied","category":"denied","detail":"declined"}`:       {Code: "tool_denied", Detail: "declined"},
		`not json`: {},
	} {
		got := RetryDecision([]byte(payload))
		if got.Retry != want.Retry || got.Code != want.Code || (want.Detail != "" && got.Detail != want.Detail) {
			t.Errorf("%s: %+v, want %+v", payload, got, want)
		}
	}
	_, err := LoadSpec("agent.plumb", "\n")
	var e *plumbingerrors.Error
	if !errors.As(err, &e) || e.Code() != plumbingerrors.CodeConfigError || e.ExitCode() != 2 {
		t.Errorf("empty spec: %v", err)
	}
	if n, err := LoadSpec("agent.plumb", "bind x"); n != 1 || err != nil {
		t.Errorf("%d %v", n, err)
	}
}

func TestOperatorDenialAndSuccess(t *testing.T) {
	env := DispatchTool("t1", "shell", Bindings{Tools: []string{"shell"}, DeclinedByOperator: []string{"shell"}})
	content, _ := env.Get("content")
	w := plumbingerrors.FromWire([]byte(content.(string)))
	if w.Code() != plumbingerrors.CodeToolDenied || w.CategoryKey() != "denied" {
		t.Errorf("%v %s", w.Code(), w.CategoryKey())
	}
	ok := DispatchTool("t2", "shell", Bindings{Tools: []string{"shell"}})
	if v, _ := ok.Get("is_error"); v != false {
		t.Errorf("is_error %v", v)
	}
}

func TestEveryCodeHasTheDocumentsWireKeys(t *testing.T) {
	for _, c := range plumbingerrors.Codes() {
		w := plumbingerrors.New(c).Wire()
		if len(w) != 3 || w[0].Key != "error" || w[1].Key != "category" || w[2].Key != "detail" {
			t.Errorf("%s: %s", c, encode(w))
		}
		if w[0].Value != c.String() || w[1].Value != c.Category().String() {
			t.Errorf("%s: %s", c, encode(w))
		}
	}
}
