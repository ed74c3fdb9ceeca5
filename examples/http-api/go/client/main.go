// A client of the orders service (../../SERVERS.md) on net/http, reading error responses
// with the generated package's ReadHTTPResponse (the reader every errdex client shares).
//
//	go run ./client <base-url> failures   one JSON line per failure of SERVERS.md: the
//	    request, the status, Content-Type, Retry-After, the body's text
//	go run ./client <base-url> retries    the retrying client below on a burst- token (429,
//	    then served) and on o-3's payment (503 every time), as JSON
//
// cli/tests/http_api_go.rs runs both against the running server and compares with errdex's
// reference rendering.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"orderserrors"
)

// Wait is one wait of FetchWithRetry before it tried again.
type Wait struct {
	Status   int   `json:"status"`
	DelayMS  int64 `json:"delayMs"`
	WaitedMS int64 `json:"waitedMs"`
}

// Reading is what the package's reader made of the last failure.
type Reading struct {
	Kind         string  `json:"kind"`
	Code         *string `json:"code"`
	Message      *string `json:"message"`
	Status       int     `json:"status"`
	RetryAfterMS *uint64 `json:"retryAfterMs"`
}

// FetchWithRetry sends the request that newRequest makes and honours the server's retry
// advice: on a retryable failure it waits as long as Retry-After says (else the code's
// initial back-off) and tries again, up to the code's MaxAttempts. It returns the last
// response's status and body (a success), or the reading of the last failure, and each wait.
func FetchWithRetry(newRequest func() *http.Request) (int, []byte, *orderserrors.HTTPReading, []Wait, error) {
	var waits []Wait
	for attempt := 1; ; attempt++ {
		resp, err := http.DefaultClient.Do(newRequest())
		if err != nil {
			return 0, nil, nil, waits, err
		}
		if resp.StatusCode < 400 {
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			return resp.StatusCode, body, nil, waits, err
		}
		reading, err := orderserrors.ReadHTTPResponse(resp)
		if err != nil {
			return resp.StatusCode, nil, &reading, waits, err
		}
		code, known := orderserrors.LookupCode(reading.Code)
		advice, hasAdvice := code.Retry()
		delay, hasDelay := int64(reading.RetryAfterMS), reading.HasRetryAfter
		if !hasDelay && hasAdvice && advice.HasInitialBackoff {
			delay, hasDelay = advice.InitialBackoffMS, true
		}
		maxAttempts := 1
		if hasAdvice && advice.MaxAttempts > 0 {
			maxAttempts = advice.MaxAttempts
		}
		if reading.Kind != orderserrors.WireKnown || !known || !code.Retryable() || !hasDelay || attempt >= maxAttempts {
			return resp.StatusCode, nil, &reading, waits, nil
		}
		started := time.Now()
		time.Sleep(time.Duration(delay) * time.Millisecond)
		waits = append(waits, Wait{resp.StatusCode, delay, time.Since(started).Milliseconds()})
	}
}

// The failures of SERVERS.md: label, method, path, token (nil: no Authorization; "Basic":
// a basic one) and body (nil: none).
var failures = []struct {
	label, method, path string
	token, body         *string
}{
	{"no Authorization", "GET", "/orders/o-1", nil, nil},
	{"empty bearer token", "GET", "/orders/o-1", str(""), nil},
	{"not a bearer token", "GET", "/orders/o-1", str("Basic"), nil},
	{"first request of a burst- token", "GET", "/orders/o-1", str("burst-failures"), nil},
	{"read-only token writes", "POST", "/orders", str("read-only"), str(`{"item":"book","quantity":1}`)},
	{"unknown order", "GET", "/orders/o-42", str("test"), nil},
	{"unknown order with odd characters", "GET", "/orders/%22o%C3%A9%22", str("test"), nil},
	{"body not JSON", "POST", "/orders", str("test"), str("{not json")},
	{"body a JSON array", "POST", "/orders", str("test"), str("[1,2]")},
	{"no body", "POST", "/orders", str("test"), str("")},
	{"item missing", "POST", "/orders", str("test"), str(`{"quantity":1}`)},
	{"item empty", "POST", "/orders", str("test"), str(`{"item":"","quantity":1}`)},
	{"quantity missing", "POST", "/orders", str("test"), str(`{"item":"book"}`)},
	{"quantity a fraction", "POST", "/orders", str("test"), str(`{"item":"book","quantity":1.5}`)},
	{"quantity 1.0", "POST", "/orders", str("test"), str(`{"item":"book","quantity":1.0}`)},
	{"quantity a boolean", "POST", "/orders", str("test"), str(`{"item":"book","quantity":true}`)},
	{"quantity 0", "POST", "/orders", str("test"), str(`{"item":"book","quantity":0}`)},
	{"quantity 1001", "POST", "/orders", str("test"), str(`{"item":"book","quantity":1001}`)},
	{"pay a paid order", "POST", "/orders/o-2/payment", str("test"), nil},
	{"pay with the payment service down", "POST", "/orders/o-3/payment", str("test"), nil},
	{"pay an unknown order", "POST", "/orders/o-9/payment", str("test"), nil},
}

func str(s string) *string { return &s }

func request(method, url string, token, body *string) *http.Request {
	var r io.Reader
	if body != nil {
		r = strings.NewReader(*body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		panic(err)
	}
	if token != nil {
		if *token == "Basic" {
			req.Header.Set("Authorization", "Basic dXNlcjpwdw==")
		} else {
			req.Header.Set("Authorization", "Bearer "+*token)
		}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func header(h http.Header, name string) *string {
	if v, ok := h[http.CanonicalHeaderKey(name)]; ok && len(v) > 0 {
		return &v[0]
	}
	return nil
}

func run(base, mode string) error {
	out := json.NewEncoder(os.Stdout)
	switch mode {
	case "failures":
		for _, f := range failures {
			resp, err := http.DefaultClient.Do(request(f.method, base+f.path, f.token, f.body))
			if err != nil {
				return err
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return err
			}
			if err := out.Encode(map[string]any{
				"label": f.label, "method": f.method, "path": f.path,
				"status":      resp.StatusCode,
				"contentType": header(resp.Header, "Content-Type"),
				"retryAfter":  header(resp.Header, "Retry-After"),
				"body":        string(body),
			}); err != nil {
				return err
			}
		}
	case "retries":
		result := map[string]any{}
		for _, c := range []struct{ label, method, path, token string }{
			{"burst", "GET", "/orders/o-1", fmt.Sprintf("burst-%d", os.Getpid())},
			{"unavailable", "POST", "/orders/o-3/payment", "test"},
		} {
			c := c
			status, body, reading, waits, err := FetchWithRetry(func() *http.Request {
				return request(c.method, base+c.path, &c.token, nil)
			})
			if err != nil {
				return err
			}
			entry := map[string]any{"status": status, "body": nil, "reading": nil, "waits": append([]Wait{}, waits...)}
			if reading == nil {
				entry["body"] = json.RawMessage(body)
			} else {
				r := Reading{Kind: string(reading.Kind), Status: reading.Status}
				if reading.Kind != orderserrors.WireLegacy && reading.Kind != orderserrors.WireInvalid {
					r.Code = &reading.Code
				}
				if reading.HasMessage {
					r.Message = &reading.Message
				}
				if reading.HasRetryAfter {
					r.RetryAfterMS = &reading.RetryAfterMS
				}
				entry["reading"] = r
			}
			result[c.label] = entry
		}
		return out.Encode(result)
	default:
		return fmt.Errorf("usage: client <base-url> failures|retries")
	}
	return nil
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: client <base-url> failures|retries")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
