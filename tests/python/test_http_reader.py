"""pytest entry of the HTTP reader's property test (`http_reader_props.py`): one test per
generated package, each in its own process (two catalogues may generate packages of the same
name).

Every package carries the same reader (`_runtime.py` is one text), so the packages share the
exploring: each runs 150 examples from a seed of its own (its case's name). They used to run
400 each, derandomized: one sequence of draws 25 times, only the codes differing. Now 25
sequences are drawn, in less than half the time, and each run is still the same every time.

`cargo test -p errdex-codegen --test python_package` writes the packages and their
vectors.json under ERRDEX_PY_VECTORS_DIR and runs `pytest tests/python`.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DIR = os.environ.get("ERRDEX_PY_VECTORS_DIR")
EXAMPLES = 150
CASES = sorted(Path(DIR).glob("*/vectors.json")) if DIR else []


def case_seed(vectors: Path) -> int:
    """The case's own seed: the CRC-32 of its folder's name."""
    return zlib.crc32(vectors.parent.name.encode("utf-8"))


@pytest.mark.skipif(not DIR, reason="ERRDEX_PY_VECTORS_DIR is not set (run through cargo test --test python_package)")
@pytest.mark.parametrize("vectors", CASES, ids=[p.parent.name for p in CASES])
def test_the_http_reader_never_raises(vectors: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(HERE / "http_reader_props.py"), str(vectors), str(EXAMPLES), str(case_seed(vectors))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stdout + out.stderr
