// The orders service of ../../SERVERS.md on net/http (the Go server of this example, standard
// library only), its errors raised through the package errdex generates from ../../errors.yaml
// (../../generated/go, module orderserrors).
//
// Every failure is the catalogue's error (orderserrors.NewXxx(params)) and is answered by
// the package's WriteHTTP: the status, Content-Type, Retry-After and body bytes errdex
// renders (the same as the Rust, TypeScript and Python servers), logged at the code's level
// (warn when expected, error otherwise). No error body is written by hand.
//
//	go run ./server [-port N]   (0: any free port; prints the URL)
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"orderserrors"
)

// Order is an order, its keys in the order SERVERS.md lists them.
type Order struct {
	ID       string `json:"id"`
	Item     string `json:"item"`
	Quantity int64  `json:"quantity"`
	Paid     bool   `json:"paid"`
}

// The known orders, always the same (nothing is stored).
var orders = map[string]Order{
	"o-1": {"o-1", "book", 1, false},
	"o-2": {"o-2", "pen", 3, true},
	"o-3": {"o-3", "lamp", 2, false},
}

// Service is the orders service: an http.Handler. Log receives each error response's
// level and error.
type Service struct {
	Log     func(level orderserrors.LogLevel, err *orderserrors.Error)
	mu      sync.Mutex
	limited map[string]bool // the burst- tokens already limited once
}

// NewService returns the service, logging error responses with log (nil: not at all).
func NewService(log func(orderserrors.LogLevel, *orderserrors.Error)) *Service {
	return &Service{Log: log, limited: map[string]bool{}}
}

// guard checks authentication, then the rate limit, then (for writes) the scope: the first
// that fails answers.
func (s *Service) guard(r *http.Request, write bool) *orderserrors.Error {
	token := ""
	if auth := r.Header.Get("Authorization"); strings.HasPrefix(auth, "Bearer ") {
		token = strings.TrimPrefix(auth, "Bearer ")
	}
	if token == "" {
		return orderserrors.NewTokenMissing()
	}
	if strings.HasPrefix(token, "burst-") {
		s.mu.Lock()
		first := !s.limited[token]
		s.limited[token] = true
		s.mu.Unlock()
		if first {
			return orderserrors.NewRateLimited(100, 60)
		}
	}
	if write && token == "read-only" {
		return orderserrors.NewScopeMissing("orders:write")
	}
	return nil
}

// integerText is a JSON number without a fraction or exponent.
var integerText = regexp.MustCompile(`^-?[0-9]+$`)

// newOrder is the new order of a POST /orders body (any content type), or its error.
func newOrder(body []byte) (Order, *orderserrors.Error) {
	var members map[string]json.RawMessage
	trimmed := bytes.TrimLeft(body, " \t\r\n")
	if !utf8.Valid(body) || len(trimmed) == 0 || trimmed[0] != '{' || json.Unmarshal(body, &members) != nil {
		return Order{}, orderserrors.NewBodyMalformed("expected a JSON object")
	}
	var item string
	if raw, ok := members["item"]; !ok || json.Unmarshal(raw, &item) != nil || item == "" {
		return Order{}, orderserrors.NewValidationFailed("item", "must be a non-empty string")
	}
	raw := bytes.TrimSpace(members["quantity"])
	quantity, err := strconv.ParseInt(string(raw), 10, 64)
	if !integerText.Match(raw) || err != nil || quantity < 1 || quantity > 1000 {
		return Order{}, orderserrors.NewValidationFailed("quantity", "must be an integer from 1 to 1000")
	}
	return Order{ID: "o-4", Item: item, Quantity: quantity}, nil
}

// route answers one request: the order (and its status), an error, or nil for a path the
// service does not have.
func (s *Service) route(w http.ResponseWriter, r *http.Request) (int, any, *orderserrors.Error) {
	segments := strings.Split(strings.TrimPrefix(r.URL.EscapedPath(), "/"), "/")
	id := ""
	if len(segments) > 1 {
		var err error
		// The id as sent: one segment decoded ("%2F" stays inside it).
		if id, err = url.PathUnescape(segments[1]); err != nil || id == "" {
			return http.StatusNotFound, nil, nil
		}
	}
	allow := func(method string) bool {
		if r.Method != method {
			w.Header().Set("Allow", method)
			return false
		}
		return true
	}
	switch {
	case len(segments) == 1 && segments[0] == "orders":
		if !allow(http.MethodPost) {
			return http.StatusMethodNotAllowed, nil, nil
		}
		if e := s.guard(r, true); e != nil {
			return 0, nil, e
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return 0, nil, orderserrors.NewBodyMalformed("expected a JSON object")
		}
		o, e := newOrder(body)
		if e != nil {
			return 0, nil, e
		}
		return http.StatusCreated, o, nil
	case len(segments) == 2 && segments[0] == "orders":
		if !allow(http.MethodGet) {
			return http.StatusMethodNotAllowed, nil, nil
		}
		if e := s.guard(r, false); e != nil {
			return 0, nil, e
		}
		o, ok := orders[id]
		if !ok {
			return 0, nil, orderserrors.NewOrderNotFound(id)
		}
		return http.StatusOK, o, nil
	case len(segments) == 3 && segments[0] == "orders" && segments[2] == "payment":
		if !allow(http.MethodPost) {
			return http.StatusMethodNotAllowed, nil, nil
		}
		if e := s.guard(r, false); e != nil {
			return 0, nil, e
		}
		switch id {
		case "o-1":
			o := orders[id]
			o.Paid = true
			return http.StatusOK, o, nil
		case "o-2":
			return 0, nil, orderserrors.NewOrderAlreadyPaid(id)
		case "o-3":
			return 0, nil, orderserrors.NewUpstreamUnavailable("payments")
		}
		return 0, nil, orderserrors.NewOrderNotFound(id)
	}
	return http.StatusNotFound, nil, nil
}

// ServeHTTP answers with the route's order or error.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	status, order, e := s.route(w, r)
	switch {
	case e != nil:
		if s.Log != nil {
			s.Log(e.LogLevel(), e)
		}
		_ = e.WriteHTTP(w)
	case order != nil:
		body, _ := json.Marshal(order)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	default:
		w.WriteHeader(status)
	}
}

func main() {
	port := flag.Int("port", 8080, "the port on 127.0.0.1 (0: any free port)")
	flag.Parse()
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		log.Fatal(err)
	}
	// One line per error response, at its level: `warn ORD-…: …` on stderr.
	service := NewService(func(level orderserrors.LogLevel, e *orderserrors.Error) {
		fmt.Fprintf(os.Stderr, "%s %s\n", level, e)
	})
	fmt.Printf("listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, service))
}
