"""An httpx client of the orders service that reads its errors with the generated package.

`call()` sends a request and, when the response is an error the catalogue calls retryable
(429 `RATE_LIMITED`, 503 `UPSTREAM_UNAVAILABLE`), reads it with `read_http_response` and waits
as long as it says (`Retry-After`) before trying again, at most the code's
`retry.max_attempts` times.

The test of the example (cli/tests/http_api_python.rs) drives it:

    python client.py raw <base-url>    # requests (JSON on stdin) -> raw responses (JSON)
    python client.py retry <base-url>  # the retry scenarios -> what each attempt saw (JSON)
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

import httpx
from orders_errors import is_retryable, lookup, read_http_response


def call(client: httpx.Client, method: str, path: str, token: str) -> list[dict[str, Any]]:
    """Sends the request until it succeeds, fails for good, or its attempts run out; returns
    every attempt: status, the reader's verdict and code, the delay asked, the time waited."""
    attempts: list[dict[str, Any]] = []
    waited_ms = 0
    while True:
        response = client.request(method, path, headers={"Authorization": f"Bearer {token}"})
        reading = read_http_response(response.status_code, response.headers, response.content)
        attempts.append(
            {
                "status": response.status_code,
                "kind": reading.kind if response.is_error else None,
                "code": reading.code if response.is_error else None,
                "retryAfterMs": reading.retry_after_ms if response.is_error else None,
                "waitedMs": waited_ms,
            }
        )
        if not response.is_error or reading.kind != "known" or reading.code is None:
            return attempts
        found = lookup(reading.code)  # a live or legacy code's facts
        retry = None if found is None else found.retry
        limit = retry.max_attempts if retry is not None and retry.max_attempts is not None else 1
        if not is_retryable(reading.code) or reading.retry_after_ms is None or len(attempts) >= limit:
            return attempts
        start = time.monotonic()
        time.sleep(reading.retry_after_ms / 1000)
        waited_ms = int((time.monotonic() - start) * 1000)


def raw(client: httpx.Client, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each request as given; each response as received (headers in order, body as hex)."""
    out = []
    for r in requests:
        body = r.get("body")
        response = client.request(
            r["method"], r["path"], headers=r.get("headers", {}), content=None if body is None else body.encode()
        )
        out.append(
            {
                "label": r["label"],
                "status": response.status_code,
                "headers": [[n, v] for n, v in response.headers.multi_items()],
                "body": response.content.hex(),
            }
        )
    return out


def main(mode: str, base_url: str) -> int:
    with httpx.Client(base_url=base_url, timeout=10) as client:
        if mode == "raw":
            result: Any = raw(client, json.load(sys.stdin))
        else:
            result = {
                "rate limited": call(client, "GET", "/orders/o-1", f"burst-{time.time_ns()}"),
                "upstream down": call(client, "POST", "/orders/o-3/payment", "test"),
            }
    json.dump(result, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
