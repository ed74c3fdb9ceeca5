"""pytest entry of the HTTP reader's property test (`http_reader_props.py`): one test per
generated package, each in its own process (two catalogues may generate packages of the same
name).

`cargo test -p errdex-codegen --test python_package` writes the packages and their
vectors.json under ERRDEX_PY_VECTORS_DIR and runs `pytest tests/python`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
DIR = os.environ.get("ERRDEX_PY_VECTORS_DIR")
CASES = sorted(Path(DIR).glob("*/vectors.json")) if DIR else []


@pytest.mark.skipif(not DIR, reason="ERRDEX_PY_VECTORS_DIR is not set (run through cargo test --test python_package)")
@pytest.mark.parametrize("vectors", CASES, ids=[p.parent.name for p in CASES])
def test_the_http_reader_never_raises(vectors: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(HERE / "http_reader_props.py"), str(vectors)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stdout + out.stderr
