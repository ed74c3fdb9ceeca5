"""Puts the consumer module and the generated package on the import path of the tests."""

import sys
from pathlib import Path

_here = Path(__file__).resolve().parent
sys.path[:0] = [str(_here), str(_here.parent / "generated" / "python")]
