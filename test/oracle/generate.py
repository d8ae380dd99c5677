#!/usr/bin/python3
"""Regenerates every oracle fixture: runs each test/oracle/gen_*.py with QuantLib 1.29 (Debian's python3-quantlib).

Each generator writes test/fixtures/<name>.json.gz holding {"quantlib_version", "seed", "generator", "cases": [...]}.
Run with /usr/bin/python3 (`npm run oracle`), optionally naming generators: `npm run oracle -- calendars`.
"""
import glob
import os
import runpy
import sys

import QuantLib as ql

HERE = os.path.dirname(os.path.abspath(__file__))
if ql.__version__ != "1.29":
    sys.exit(f"the oracle must be QuantLib 1.29, found {ql.__version__}")

wanted = set(sys.argv[1:])
for path in sorted(glob.glob(os.path.join(HERE, "gen_*.py"))):
    name = os.path.basename(path)[4:-3]
    if wanted and name not in wanted:
        continue
    print(f"oracle: {name}", flush=True)
    runpy.run_path(path, run_name="__main__")
