"""The orders service of examples/http-api (SERVERS.md) on FastAPI.

Every failure raises an error of the generated package (`../generated/python`, `orders_errors`);
one exception handler turns it into the HTTP profile's response (`to_http_response()`: status,
`Content-Type`, `Retry-After`, the body's exact bytes) and logs it at its level (WARNING for an
expected error, ERROR otherwise). No error body is written here.

Run it with uvicorn, the generated package on the path:

    PYTHONPATH=../generated/python uvicorn orders_server:app --host 127.0.0.1 --port 8080
"""

from __future__ import annotations

import json
import logging
from typing import Any

from fastapi import Depends, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from orders_errors import (
    OrdersError,
    body_malformed,
    order_already_paid,
    order_not_found,
    rate_limited,
    scope_missing,
    token_missing,
    upstream_unavailable,
    validation_failed,
)

logger = logging.getLogger("orders")
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")

#: The known orders, always the same (nothing is stored).
ORDERS: dict[str, dict[str, Any]] = {
    "o-1": {"id": "o-1", "item": "book", "quantity": 1, "paid": False},
    "o-2": {"id": "o-2", "item": "pen", "quantity": 3, "paid": True},
    "o-3": {"id": "o-3", "item": "lamp", "quantity": 2, "paid": False},
}


async def orders_error(request: Request, exc: Exception) -> Response:
    """The one exception handler: the package's error becomes the HTTP profile's response."""
    assert isinstance(exc, OrdersError)
    r = exc.to_http_response()
    # Quoted as JSON: a path or a message never breaks the log's lines.
    path, message = json.dumps(request.url.path, ensure_ascii=False), json.dumps(exc.message, ensure_ascii=False)
    logger.log(r.log_level, "%s %s -> %d %s %s", request.method, path, r.status, exc.code, message)
    return Response(content=r.body, status_code=r.status, headers=dict(r.headers), media_type=r.media_type)


def _strict_json(raw: bytes) -> object:
    """The body as JSON the way serde_json and `JSON.parse` read it: UTF-8, no `NaN`."""

    def reject(word: str) -> object:
        raise ValueError(word)

    return json.loads(raw.decode("utf-8"), parse_constant=reject)


def create_app() -> FastAPI:
    """The service; each app remembers the `burst-` tokens it has rate-limited."""
    limited: set[str] = set()

    async def authenticate(request: Request) -> str:
        """Checks 1 and 2 of SERVERS.md, on every route: a bearer token, then the rate limit."""
        header = request.headers.get("authorization", "")
        token = header[len("Bearer ") :] if header.startswith("Bearer ") else ""
        if not token:
            raise token_missing()
        if token.startswith("burst-") and token not in limited:
            limited.add(token)
            raise rate_limited(limit=100, window_s=60)
        return token

    app = FastAPI(
        title="Orders API",
        dependencies=[Depends(authenticate)],
        openapi_url=None,
        docs_url=None,
        redoc_url=None,
        exception_handlers={OrdersError: orders_error},
    )

    @app.get("/orders/{order_id}")
    async def get_order(order_id: str) -> JSONResponse:
        order = ORDERS.get(order_id)
        if order is None:
            raise order_not_found(order_id=order_id)
        return JSONResponse(order)

    @app.post("/orders", status_code=201)
    async def create_order(request: Request, token: str = Depends(authenticate)) -> JSONResponse:
        if token == "read-only":
            raise scope_missing(scope="orders:write")
        try:
            body = _strict_json(await request.body())
        except (ValueError, RecursionError):
            body = None
        if not isinstance(body, dict):
            raise body_malformed(problem="expected a JSON object")
        item = body.get("item")
        if not isinstance(item, str) or not item:
            raise validation_failed(field="item", rule="must be a non-empty string")
        quantity = body.get("quantity")
        if not isinstance(quantity, int) or isinstance(quantity, bool) or not 1 <= quantity <= 1000:
            raise validation_failed(field="quantity", rule="must be an integer from 1 to 1000")
        return JSONResponse({"id": "o-4", "item": item, "quantity": quantity, "paid": False}, status_code=201)

    @app.post("/orders/{order_id}/payment")
    async def pay_order(order_id: str) -> JSONResponse:
        if order_id == "o-1":
            return JSONResponse({**ORDERS["o-1"], "paid": True})
        if order_id == "o-2":
            raise order_already_paid(order_id=order_id)
        if order_id == "o-3":
            raise upstream_unavailable(service="payments")
        raise order_not_found(order_id=order_id)

    return app


app = create_app()
