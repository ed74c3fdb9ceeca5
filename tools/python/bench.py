"""Benchmark of the generated Python package (issue 16, "Performance"), against baselines
built from the same codes in the same run:

- import time, bytecode cached: the package vs a module holding the codes as a dict, and vs
  a 10,000-member `class ErrorCode(str, Enum)`;
- `parse()`: nanoseconds per call over every code, shuffled, and over unknown keys;
- `mypy --strict` on a small consumer of the package vs the same consumer of a plain module
  of constants (cold: no cache, so both include the standard library).

Usage (see BENCHMARKS.md, "Generated Python"):
    cargo xtask scale 10000 /tmp/py10k/errors.yaml
    errdex generate --catalogue /tmp/py10k/errors.yaml
    tools/python/.venv/bin/python tools/python/bench.py /tmp/py10k/generated/python [--runs 15]
"""

from __future__ import annotations

import importlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def median_run(cmd: list[str], cwd: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


# Bytecode must be written and used (some environments set PYTHONDONTWRITEBYTECODE).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def import_time(module: str, cwd: Path, runs: int) -> tuple[float, float]:
    """Median and minimum seconds of `import module` in a fresh interpreter (bytecode cached).

    The modules are measured interleaved, so a busy spell of the machine hits them alike."""
    code = (
        "import time,sys;t=time.perf_counter();import " + module + ";"
        "sys.stdout.write(repr(time.perf_counter()-t))"
    )
    subprocess.run([sys.executable, "-c", "import " + module], cwd=cwd, check=True, env=ENV)  # writes the .pyc
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], cwd=cwd, check=True, capture_output=True, text=True, env=ENV)
        times.append(float(out.stdout))
    return statistics.median(times), min(times)


def main() -> int:
    root = Path(sys.argv[1]).resolve()
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 15
    pkg = next(p.name for p in root.iterdir() if (p / "__init__.py").exists())
    sys.path.insert(0, str(root))
    m = importlib.import_module(pkg)
    codes = list(m.ALL_CODES)
    keys = [k for k in vars(m.ErrorCode) if not k.startswith("_")]
    n = len(codes)
    work = Path(tempfile.mkdtemp(prefix="errdex-pybench-"))
    shutil.copytree(root / pkg, work / pkg)
    pairs = [(k, getattr(m.ErrorCode, k)) for k in keys]
    (work / "codes_dict.py").write_text(
        "CODES = {\n" + "".join(f"    {json.dumps(k)}: {json.dumps(c)},\n" for k, c in pairs) + "}\n"
    )
    (work / "codes_enum.py").write_text(
        "from enum import Enum\n\n\nclass ErrorCode(str, Enum):\n"
        + "".join(f"    {k} = {json.dumps(c)}\n" for k, c in pairs)
    )
    (work / "codes_const.py").write_text(
        "from typing import Final\n\n" + "".join(f"{k}: Final = {json.dumps(c)}\n" for k, c in pairs)
    )
    first, last = keys[0], keys[-1]
    (work / "consumer_pkg.py").write_text(
        f"from {pkg} import ErrorCode, parse, create_error\n\n\n"
        f"def check(x: str) -> bool:\n"
        f"    return x == ErrorCode.{first} or x == ErrorCode.{last}\n\n\n"
        f"e = create_error(ErrorCode.{first})\n"
        f"c = parse({json.dumps(codes[0])})\n"
    )
    (work / "consumer_const.py").write_text(
        "import codes_const\n\n\n"
        f"def check(x: str) -> bool:\n"
        f"    return x == codes_const.{first} or x == codes_const.{last}\n"
    )

    result: dict[str, object] = {"codes": n, "runs": runs}
    samples: dict[str, list[tuple[float, float]]] = {m_: [] for m_ in ("codes_dict", "codes_enum", pkg)}
    for _ in range(3):
        for mod in samples:
            samples[mod].append(import_time(mod, work, max(1, runs // 3)))
    for mod, got in samples.items():
        result[f"import {mod} ms (median, min)"] = [
            round(statistics.median(g[0] for g in got) * 1000, 2),
            round(min(g[1] for g in got) * 1000, 2),
        ]
    med = {mod: statistics.median(g[0] for g in got) for mod, got in samples.items()}
    low = {mod: min(g[1] for g in got) for mod, got in samples.items()}
    result["import ratio package/dict (median, min)"] = [
        round(med[pkg] / med["codes_dict"], 2),
        round(low[pkg] / low["codes_dict"], 2),
    ]
    # The per-code tables load on first use: what the first parse() after import pays, once.
    first = []
    for _ in range(runs):
        code = f"import time,sys,{pkg} as m;t=time.perf_counter();m.parse({codes[0]!r});sys.stdout.write(repr(time.perf_counter()-t))"
        out = subprocess.run([sys.executable, "-c", code], cwd=work, check=True, capture_output=True, text=True, env=ENV)
        first.append(float(out.stdout))
    result["first parse() after import ms (loads the tables)"] = round(statistics.median(first) * 1000, 2)

    rng = random.Random(7)
    shuffled = codes[:]
    rng.shuffle(shuffled)
    names = [m.info(c).name for c in shuffled]
    for label, keys_ in (("codes", shuffled), ("names", names), ("misses", [f"NOPE-{i}" for i in range(n)])):
        best = float("inf")
        for _ in range(5):
            t = time.perf_counter()
            for k in keys_:
                try:
                    m.parse(k)
                except m.ParseCodeError:
                    pass
            best = min(best, time.perf_counter() - t)
        result[f"parse ns/call ({label})"] = round(best / len(keys_) * 1e9, 1)

    mypy = str(Path(sys.executable).with_name("mypy"))
    for consumer in ("consumer_const.py", "consumer_pkg.py"):
        result[f"mypy --strict {consumer} s"] = round(
            median_run([mypy, "--strict", "--no-incremental", "--python-version=3.10", consumer], work, max(3, runs // 5)),
            2,
        )
    result["mypy ratio package/constants"] = round(
        result["mypy --strict consumer_pkg.py s"] / result["mypy --strict consumer_const.py s"], 2
    )
    print(json.dumps(result, indent=2))
    shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
