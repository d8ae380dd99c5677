"""Shared writer for oracle fixtures: compact gzipped JSON with the QuantLib version and seed recorded."""
import gzip
import json
import os

import QuantLib as ql

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "fixtures")


def write_fixture(name, cases, seed=None, **extra):
    os.makedirs(FIXTURES, exist_ok=True)
    doc = {"quantlib_version": ql.__version__, "seed": seed, "generator": f"test/oracle/gen_{name}.py", **extra, "cases": cases}
    path = os.path.join(FIXTURES, f"{name}.json.gz")
    # mtime=0 keeps the gzip bytes deterministic, so regenerating an unchanged oracle leaves git clean
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, compresslevel=9) as f:
        f.write(json.dumps(doc, separators=(",", ":"), allow_nan=False).encode())
    print(f"  wrote {path} ({len(cases)} cases, {os.path.getsize(path)} bytes)", flush=True)
