// Shared test vectors: the Rust reference renderings (codegen/src/payload.rs) against a
// generated Go package.
//
// Run by `cargo test -p errdex-codegen --test go_package`, which generates the package of
// every test catalogue, writes testdata/vectors.json beside it (the vectors the TypeScript
// and Python runners read, plus each rendering as serde_json's compact bytes) and
// errdex_constructors_test.go (every typed constructor called with its params' example
// values), copies this file in with the package's name, and runs `go test`.
//
// Every rendering is compared as bytes: the wire object, the MCP tool result, the JSON-RPC
// error, problem details, the tool response envelope, the terminal form and the HTTP
// response; every received payload (the renderings, foreign, negative, HTTP responses) is
// classified as the reference classifies it.

package errdexvectors

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"reflect"
	"strconv"
	"testing"
)

// vecData is the decoded testdata/vectors.json.
var vecData = func() Object {
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		panic(err)
	}
	v, err := DecodeJSON(raw)
	if err != nil {
		panic(err)
	}
	return v.(Object)
}()

// vecGet walks an Object by member names.
func vecGet(v any, path ...string) any {
	for _, p := range path {
		o, ok := v.(Object)
		if !ok {
			return nil
		}
		v, _ = o.Get(p)
	}
	return v
}

func vecStr(v any) (string, bool) {
	s, ok := v.(string)
	return s, ok
}

func vecList(v any) []any {
	l, _ := v.([]any)
	return l
}

func vecInt(t *testing.T, v any) int {
	n, ok := v.(json.Number)
	if !ok {
		t.Fatalf("not a number: %#v", v)
	}
	i, err := strconv.Atoi(string(n))
	if err != nil {
		t.Fatal(err)
	}
	return i
}

// vecSame checks what a reader made of a payload against the vector's expectation.
func vecSame(t *testing.T, label string, e *Error, want any) {
	t.Helper()
	kind, _ := vecStr(vecGet(want, "kind"))
	if string(e.Kind()) != kind {
		t.Errorf("%s: kind %q, want %q", label, e.Kind(), kind)
	}
	code, _ := vecStr(vecGet(want, "code"))
	if e.WireCode() != code {
		t.Errorf("%s: code %q, want %q", label, e.WireCode(), code)
	}
	category, _ := vecStr(vecGet(want, "category"))
	if e.CategoryKey() != category {
		t.Errorf("%s: category %q, want %q", label, e.CategoryKey(), category)
	}
	if retryable, _ := vecGet(want, "retryable").(bool); e.Retryable() != retryable {
		t.Errorf("%s: retryable %v, want %v", label, e.Retryable(), retryable)
	}
	if o, _ := want.(Object); o.has("message") {
		message, _ := vecStr(vecGet(want, "message"))
		if e.Message() != message {
			t.Errorf("%s: message %q, want %q", label, e.Message(), message)
		}
	}
}

func vecBytes(t *testing.T, label, what string, got []byte, want any) {
	t.Helper()
	w, ok := vecStr(want)
	if !ok {
		t.Fatalf("%s: no reference bytes for %s", label, what)
	}
	if string(got) != w {
		t.Errorf("%s: %s\n got: %s\nwant: %s", label, what, got, w)
	}
}

// vecError makes the error a case describes with New and the raise site's options.
func vecError(t *testing.T, c any) *Error {
	t.Helper()
	wireCode, _ := vecStr(vecGet(c, "expect", "code"))
	code, err := ParseCode(wireCode)
	if err != nil || code.String() != wireCode {
		t.Fatalf("ParseCode(%q): %v, %v", wireCode, code, err)
	}
	var values []any
	params, _ := vecGet(c, "params").(Object)
	for _, p := range code.Params() {
		v, ok := params.Get(p.Name)
		if !ok {
			t.Fatalf("no value for param %s", p.Name)
		}
		values = append(values, v)
	}
	e := New(code, values...)
	if s, ok := vecStr(vecGet(c, "argument")); ok {
		e.WithArgument(s)
	}
	if v := vecGet(c, "constraint"); v != nil {
		e.WithConstraint(v)
	}
	if s, ok := vecStr(vecGet(c, "message")); ok {
		e.WithMessage(s)
	}
	if s, ok := vecStr(vecGet(c, "suggestion")); ok {
		e.WithSuggestion(s)
	}
	if b, ok := vecGet(c, "expected").(bool); ok {
		e.WithExpected(b)
	}
	if s, ok := vecStr(vecGet(c, "errorType")); ok {
		e.WithErrorType(s)
	}
	ctx, _ := vecGet(c, "context").(Object)
	for _, m := range ctx {
		e.WithContext(m.Key, m.Value)
	}
	return e
}

func TestErrdexRenderings(t *testing.T) {
	checked := 0
	for _, c := range vecList(vecGet(vecData, "cases")) {
		label, _ := vecStr(vecGet(c, "label"))
		e := vecError(t, c)
		b := vecGet(c, "bytes")
		vecBytes(t, label, "Wire", EncodeJSON(e.Wire()), vecGet(b, "wire"))
		vecBytes(t, label, "MCPToolResult", EncodeJSON(e.MCPToolResult()), vecGet(b, "mcp"))
		vecBytes(t, label, "JSONRPCError", EncodeJSON(e.JSONRPCError()), vecGet(b, "jsonrpc"))
		vecBytes(t, label, "Problem", EncodeJSON(e.Problem()), vecGet(b, "problem"))
		toolID, _ := vecStr(vecGet(c, "toolId"))
		vecBytes(t, label, "ToolResponse", EncodeJSON(e.ToolResponse(toolID)), vecGet(b, "toolResponse"))
		vecBytes(t, label, "MarshalJSON", mustMarshal(t, e), vecGet(b, "wire"))
		if terminal, _ := vecStr(vecGet(c, "terminal")); e.Compact() != terminal {
			t.Errorf("%s: Compact\n got: %q\nwant: %q", label, e.Compact(), terminal)
		}
		if plus := fmt.Sprintf("%+v", e); plus != e.Compact() {
			t.Errorf("%s: %%+v is not Compact: %q", label, plus)
		}
		message, _ := vecStr(vecGet(c, "expect", "message"))
		if e.Message() != message {
			t.Errorf("%s: Message %q, want %q", label, e.Message(), message)
		}
		if name, _ := vecStr(vecGet(c, "name")); e.ErrorType() != name {
			t.Errorf("%s: ErrorType %q, want %q", label, e.ErrorType(), name)
		}
		if want, _ := vecGet(c, "expectedNow").(bool); e.Expected() != want {
			t.Errorf("%s: Expected %v", label, e.Expected())
		}
		if want, _ := vecStr(vecGet(c, "logLevel")); e.LogLevel().String() != want {
			t.Errorf("%s: LogLevel %v, want %s", label, e.LogLevel(), want)
		}

		// The HTTP response: status, headers in order, body bytes.
		r := e.HTTPResponse()
		if want := vecInt(t, vecGet(c, "http", "status")); r.Status != want {
			t.Errorf("%s: HTTP status %d, want %d", label, r.Status, want)
		}
		var headers [][2]string
		for _, h := range vecList(vecGet(c, "http", "headers")) {
			pair := vecList(h)
			name, _ := vecStr(pair[0])
			value, _ := vecStr(pair[1])
			headers = append(headers, [2]string{name, value})
		}
		if !reflect.DeepEqual(r.Header, headers) {
			t.Errorf("%s: HTTP headers %q, want %q", label, r.Header, headers)
		}
		vecBytes(t, label, "HTTP body", r.Body, vecGet(c, "http", "body"))
		// The same response through net/http: *Error is an http.Handler.
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, nil)
		if rec.Code != r.Status || rec.Body.String() != string(r.Body) || len(rec.Header()) != len(r.Header) {
			t.Errorf("%s: ServeHTTP %d %q %q", label, rec.Code, rec.Header(), rec.Body.String())
		}
		for _, h := range r.Header {
			if got := rec.Header().Values(h[0]); len(got) != 1 || got[0] != h[1] {
				t.Errorf("%s: ServeHTTP header %s: %q, want %q", label, h[0], got, h[1])
			}
		}

		// errors.Is / errors.As through a wrapping error.
		wrapped := fmt.Errorf("while testing: %w", e.WithCause(errors.New("the cause")))
		if !errors.Is(wrapped, e.Code()) || !errors.Is(wrapped, New(e.Code())) {
			t.Errorf("%s: errors.Is does not find the code", label)
		}
		var as *Error
		if !errors.As(wrapped, &as) || as != e || errors.Unwrap(as) == nil {
			t.Errorf("%s: errors.As", label)
		}

		// Reading the reference's wire object back.
		w := FromWire([]byte(mustText(t, vecGet(b, "wire"))))
		vecSame(t, label+" (wire)", w, vecGet(c, "expect"))
		if len(w.Problems()) != 0 {
			t.Errorf("%s: problems %q", label, w.Problems())
		}
		for _, p := range w.Params() {
			want, _ := params(c).Get(p.Key)
			if string(EncodeJSON(p.Value)) != string(EncodeJSON(want)) {
				t.Errorf("%s: param %s %s, want %s", label, p.Key, EncodeJSON(p.Value), EncodeJSON(want))
			}
		}
		if len(w.Params()) != len(params(c)) {
			t.Errorf("%s: params %s, want %s", label, EncodeJSON(w.Params()), EncodeJSON(params(c)))
		}
		if arg, ok := vecStr(vecGet(c, "argument")); ok {
			if got, _ := w.Argument(); got != arg {
				t.Errorf("%s: argument %q", label, got)
			}
		}
		if got, want := string(EncodeJSON(w.Context())), string(EncodeJSON(vecGet(c, "wireContext"))); got != want {
			t.Errorf("%s: context %s, want %s", label, got, want)
		}
		if w.Retryable() != e.Retryable() || FromWireValue(e.Wire()).Retryable() != e.Retryable() {
			t.Errorf("%s: retryable after a round trip", label)
		}
		checked++
	}
	t.Logf("%d cases agree with the Rust reference", checked)
}

func params(c any) Object {
	o, _ := vecGet(c, "params").(Object)
	return o
}

func mustText(t *testing.T, v any) string {
	t.Helper()
	s, ok := vecStr(v)
	if !ok {
		t.Fatalf("not a string: %#v", v)
	}
	return s
}

func mustMarshal(t *testing.T, v any) []byte {
	t.Helper()
	b, err := v.(json.Marshaler).MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestErrdexConstructors holds every typed constructor, called with its params' example
// values, against the reference wire object of that error (errdex_constructors_test.go).
func TestErrdexConstructors(t *testing.T) {
	if len(errdexConstructors) != len(Codes()) {
		t.Fatalf("%d constructors for %d codes", len(errdexConstructors), len(Codes()))
	}
	for code, construct := range errdexConstructors {
		e := construct()
		if e.Code().String() != code || e.Kind() != WireKnown {
			t.Errorf("%s: the constructor made %q", code, e.WireCode())
		}
		if got := string(EncodeJSON(e.Wire())); got != errdexConstructorWires[code] {
			t.Errorf("%s: constructor\n got: %s\nwant: %s", code, got, errdexConstructorWires[code])
		}
	}
}

func TestErrdexForeignPayloads(t *testing.T) {
	for _, f := range vecList(vecGet(vecData, "foreign")) {
		label, _ := vecStr(vecGet(f, "label"))
		vecSame(t, label, FromWire(EncodeJSON(vecGet(f, "wire"))), vecGet(f, "expect"))
		vecSame(t, label+" (value)", FromWireValue(vecGet(f, "wire")), vecGet(f, "expect"))
	}
	for _, junk := range []string{"null", "0", `""`, `"text"`, "[]", "[1]", "true", "1.5", "{", "\xff"} {
		if k := FromWire([]byte(junk)).Kind(); k != WireInvalid {
			t.Errorf("FromWire(%q): %s", junk, k)
		}
	}
	for _, n := range vecList(vecGet(vecData, "negative")) {
		label, _ := vecStr(vecGet(n, "label"))
		e := FromWire(EncodeJSON(vecGet(n, "wire")))
		if e.Kind() == WireKnown && len(e.Problems()) == 0 {
			t.Errorf("%s: no problem reported", label)
		}
	}
}

func TestErrdexHTTPReadings(t *testing.T) {
	for _, r := range vecList(vecGet(vecData, "httpReadings")) {
		label, _ := vecStr(vecGet(r, "label"))
		h := http.Header{}
		for _, pair := range vecList(vecGet(r, "headers")) {
			name, _ := vecStr(vecList(pair)[0])
			value, _ := vecStr(vecList(pair)[1])
			h.Add(name, value)
		}
		body, _ := vecStr(vecGet(r, "body"))
		got := ReadHTTP(vecInt(t, vecGet(r, "status")), h, []byte(body))
		want := vecGet(r, "expect")
		if kind, _ := vecStr(vecGet(want, "kind")); string(got.Kind) != kind {
			t.Errorf("%s: kind %s, want %s", label, got.Kind, kind)
		}
		if code, _ := vecStr(vecGet(want, "code")); got.Code != code {
			t.Errorf("%s: code %q, want %q", label, got.Code, code)
		}
		message, hasMessage := vecStr(vecGet(want, "message"))
		if got.HasMessage != hasMessage || got.Message != message {
			t.Errorf("%s: message %q (%v), want %q (%v)", label, got.Message, got.HasMessage, message, hasMessage)
		}
		if got.Status != vecInt(t, vecGet(want, "status")) {
			t.Errorf("%s: status %d", label, got.Status)
		}
		ms := vecGet(want, "retryAfterMs")
		if got.HasRetryAfter != (ms != nil) || (ms != nil && strconv.FormatUint(got.RetryAfterMS, 10) != string(ms.(json.Number))) {
			t.Errorf("%s: retry after %d (%v), want %v", label, got.RetryAfterMS, got.HasRetryAfter, ms)
		}
	}
}

func TestErrdexMetadata(t *testing.T) {
	var codes []string
	for _, c := range Codes() {
		codes = append(codes, c.String())
	}
	var want []string
	for _, c := range vecList(vecGet(vecData, "codes")) {
		s, _ := vecStr(c)
		want = append(want, s)
	}
	if fmt.Sprint(codes) != fmt.Sprint(want) {
		t.Errorf("Codes() %q, want %q", codes, want)
	}
	for _, m := range vecList(vecGet(vecData, "meta")) {
		wire, _ := vecStr(vecGet(m, "code"))
		code, err := ParseCode(wire)
		if err != nil {
			t.Fatalf("ParseCode(%q): %v", wire, err)
		}
		str := func(key string) string { s, _ := vecStr(vecGet(m, key)); return s }
		facts := []struct {
			name      string
			got, want any
		}{
			{"name", code.Name(), str("name")},
			{"category", code.Category().String(), str("category")},
			{"summary", code.Summary(), str("summary")},
			{"message", code.MessageTemplate(), str("message")},
			{"docs URL", code.DocsURL(), str("docsUrl")},
			{"class", code.Class(), str("class")},
			{"since", code.Since(), str("since")},
			{"namespace", code.Namespace().String(), str("namespace")},
			{"exit code", code.ExitCode(), vecInt(t, vecGet(m, "exitCode"))},
			{"HTTP status", code.HTTPStatus(), vecInt(t, vecGet(m, "httpStatus"))},
			{"JSON-RPC code", code.JSONRPCCode(), vecInt(t, vecGet(m, "jsonrpcCode"))},
			{"retryable", code.Retryable(), vecGet(m, "retryable")},
			{"expected", code.Expected(), vecGet(m, "expected")},
		}
		for _, f := range facts {
			if f.got != f.want {
				t.Errorf("%s: %s %v, want %v", wire, f.name, f.got, f.want)
			}
		}
		if s, ok := code.SuggestionTemplate(); ok != (vecGet(m, "suggestion") != nil) || s != str("suggestion") {
			t.Errorf("%s: suggestion %q", wire, s)
		}
		if n, err := ParseCode(str("name")); err != nil || n != code {
			t.Errorf("%s: ParseCode(NAME) %v %v", wire, n, err)
		}
		for _, a := range vecList(vecGet(m, "aliases")) {
			s, _ := vecStr(a)
			if c, ok := LookupCode(s); !ok || c != code {
				t.Errorf("%s: alias %s", wire, s)
			}
		}
		for _, l := range vecList(vecGet(m, "legacyCodes")) {
			s, _ := vecStr(l)
			if c, ok := LookupCode(s); !ok || c != code {
				t.Errorf("%s: legacy code %s", wire, s)
			}
		}
		specs := code.Params()
		for i, p := range vecList(vecGet(m, "params")) {
			name, _ := vecStr(vecGet(p, "name"))
			typ, _ := vecStr(vecGet(p, "type"))
			if i >= len(specs) || specs[i].Name != name || specs[i].Type != typ {
				t.Errorf("%s: param %d is %+v, want %s %s", wire, i, specs, name, typ)
			}
		}
		if d := vecGet(m, "deprecated"); d != nil {
			dep, ok := code.Deprecation()
			replaced, _ := vecStr(vecGet(d, "replacedBy"))
			if !ok || dep.ReplacedBy.String() != replaced {
				t.Errorf("%s: deprecation %+v", wire, dep)
			}
		} else if _, ok := code.Deprecation(); ok {
			t.Errorf("%s: deprecated", wire)
		}
	}
	for _, r := range vecList(vecGet(vecData, "retired")) {
		s, _ := vecStr(r)
		_, err := ParseCode(s)
		var pe *ParseError
		if !errors.Is(err, ErrRetiredCode) || !errors.As(err, &pe) || pe.Retired.Code != s {
			t.Errorf("ParseCode(%q) of a retired code: %v", s, err)
		}
	}
	if _, err := ParseCode("\x00 no such code"); !errors.Is(err, ErrUnknownCode) {
		t.Errorf("ParseCode of garbage: %v", err)
	}
	if base, _ := vecStr(vecGet(vecData, "baseClass")); Registry().Class != base {
		t.Errorf("Registry().Class %q, want %q", Registry().Class, base)
	}
}
