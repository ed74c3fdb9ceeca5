"""Property test of a generated package's HTTP reader: `read_http_response` never raises on
what a client may receive (any status, any headers, any bytes), and what it reports holds
together: the verdict is one of five, a code exactly for `known` / `retired` / `unknown`,
no message for `invalid`, a delay that is a whole number of milliseconds, the status as
received; a wire body gets `from_wire`'s verdict; and every code's own response reads back
as that code with its `Retry-After`.

Run per package by `test_http_reader.py` (the packages come from
`cargo test -p errdex-codegen --test python_package`): `python http_reader_props.py
<dir>/vectors.json [EXAMPLES [SEED]]`. The same examples every run, so a failure
reproduces: with a SEED, that seed's; without, Hypothesis runs derandomized (400 examples
by default). The byte-for-byte verdicts of the reference are the vectors' (`vectors.py`,
`httpReadings`).
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

KINDS = ("known", "unknown", "retired", "legacy", "invalid")
U64_MAX = 2**64 - 1


def main(path: str, examples: int = 400, run_seed: int | None = None) -> int:
    with open(path, encoding="utf-8") as f:
        v = json.load(f)
    sys.path.insert(0, v["module"])
    m = importlib.import_module(v["pyPackage"])
    codes: list[str] = list(m.ALL_CODES)
    reasons: list[str] = list(m._d.BY_REASON) + list(m._d.RETIRED_BY_REASON)
    retired: list[str] = list(v["retired"])
    wire_code, wire_message = m.WIRE["code"], m.WIRE["message"]
    bodies = [r["body"] for r in v["httpReadings"]]

    words = st.sampled_from(codes + reasons + retired + ["", "X", "ORD-NEW-999"]) if codes else st.text()
    scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text() | words
    json_values = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8) | words, inner, max_size=4),
        max_leaves=12,
    )
    keys = st.sampled_from(
        ["error", "message", "details", "@type", "reason", "retryDelay", "type", "status", "detail", "title", "code"]
        + [wire_code, wire_message]
    )
    detail_types = st.sampled_from(
        [
            "type.googleapis.com/google.rpc.ErrorInfo",
            "type.googleapis.com/google.rpc.RetryInfo",
            "type.googleapis.com/google.rpc.Help",
        ]
    )
    shaped = st.fixed_dictionaries(
        {},
        optional={
            "error": json_values
            | st.fixed_dictionaries(
                {},
                optional={
                    "message": json_values,
                    "details": st.lists(
                        st.fixed_dictionaries(
                            {"@type": detail_types | json_values},
                            optional={
                                "reason": words | json_values,
                                "retryDelay": st.from_regex(r"\A[0-9]{0,25}(\.[0-9]{0,12})?s?\Z") | json_values,
                            },
                        )
                        | json_values,
                        max_size=4,
                    ),
                },
            ),
            "type": json_values,
            "status": st.integers() | json_values,
            "detail": json_values,
            "title": json_values,
            "code": words | json_values,
            wire_code: words | json_values,
            wire_message: json_values,
        },
    ) | st.dictionaries(keys, json_values, max_size=5)

    def dumped(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    nested = st.integers(min_value=1, max_value=1200).map(lambda n: "[" * n + "]" * n)
    mutated = st.tuples(st.sampled_from(bodies), st.integers(0, 10_000), st.binary(max_size=4)).map(
        lambda t: t[0].encode("utf-8")[: t[1]] + t[2]
    )
    body = (
        st.binary(max_size=64)
        | st.text(max_size=64)
        | json_values.map(dumped)
        | shaped.map(dumped)
        | nested
        | mutated
        | st.sampled_from(["NaN", "Infinity", "1e400", "-1e400", '"\\ud800"', "1" * 400, "\ufeff{}"])
    )
    header_names = st.sampled_from(["Retry-After", "retry-after", "RETRY-AFTER", "Date", "Content-Type"]) | st.text(
        max_size=12
    )
    dates = st.from_regex(r"\A(Mon|Sun|Xyz), [0-9]{2} (Jan|Nov|Foo) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT\Z")
    header_values = (
        st.text(max_size=40)
        | st.integers(min_value=-(2**70), max_value=2**70).map(str)
        | dates
        | st.from_regex(r"\A\s*[0-9]{1,30}\s*\Z")
    )
    headers = st.lists(st.tuples(header_names, header_values), max_size=5)
    header_forms = headers | headers.map(dict)
    statuses = st.integers(min_value=-(2**70), max_value=2**70) | st.integers(100, 599)

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(status=statuses, headers=header_forms, body=body)
    def reads_anything(status: int, headers: Any, body: bytes | str) -> None:
        r = m.read_http_response(status, headers, body)
        assert r.kind in KINDS, r
        assert r.status == status, r
        assert (r.code is not None) == (r.kind in ("known", "retired", "unknown")), r
        assert r.kind != "invalid" or r.message is None, r
        assert r.retry_after_ms is None or (isinstance(r.retry_after_ms, int) and 0 <= r.retry_after_ms <= U64_MAX), r
        try:
            value = json.loads(body)
        except (ValueError, RecursionError):
            return
        plain = isinstance(value, dict) and not isinstance(value.get("error"), dict)
        problem = plain and isinstance(value.get("type"), str) and type(value.get("status")) in (int, float)
        if plain and not problem and r.kind != "invalid":
            assert m.from_wire(value).kind == r.kind, (r, m.from_wire(value))

    (reads_anything if run_seed is None else seed(run_seed)(reads_anything))()

    # Every code's own response reads back as that code, with its delay.
    for code in codes:
        params = {name: _example(ty) for name, ty in m.info(code).params}
        http = m.create_error(code, params).to_http_response()
        r = m.read_http_response(http.status, http.headers, http.body.encode("utf-8"))
        assert (r.kind, r.code) == ("known", code), (code, r)
        delay = dict(http.headers).get("Retry-After")
        if delay is not None:
            assert r.retry_after_ms == int(delay) * 1000, (code, r)
    print(f"{v['pyPackage']}: read_http_response held on every example and on {len(codes)} codes' responses")
    return 0


def _example(ty: str) -> Any:
    return {"string": "x", "integer": 1, "number": 1.5, "boolean": True, "list": [], "object": {}}[ty]


if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(args[0], *(int(a) for a in args[1:3])))
