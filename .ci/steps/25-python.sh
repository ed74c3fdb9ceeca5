#!/usr/bin/env bash
# Python tools the tests run: mypy, ruff and pytest, pinned in tools/python/requirements.txt,
# in a virtual environment at tools/python/.venv (the tests find it there, or through
# ERRDEX_PYTHON_VENV). Idempotent and fast when already installed.
set -euo pipefail
cd "$(dirname "$0")/../../tools/python"
stamp=.venv/.errdex-requirements
if [ -f "$stamp" ] && cmp -s requirements.txt "$stamp"; then
  echo "tools/python: up to date ($(.venv/bin/mypy --version), $(.venv/bin/ruff --version))"
  exit 0
fi
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
cp requirements.txt "$stamp"
.venv/bin/mypy --version
