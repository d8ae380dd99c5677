"""Oracle for `linear_forward` curves (InterpolatedForwardCurve<Linear>): QuantLib-Python 1.29 does not bind
it, so this compiles forward_curve_oracle.cpp against libquantlib0-dev (apt-get install libquantlib0-dev) and
feeds it the cases. Nodes follow curve_builders.node_dates_and_rates (the first rate holds back to the
reference date)."""
import os
import random
import subprocess
import tempfile

import QuantLib as ql

from curve_builders import node_dates_and_rates
from fixture_io import write_fixture

SEED = 20261123
rng = random.Random(SEED)
DCS = ["Actual365Fixed", "Actual360", "ActualActual_ISDA", "Thirty360_BondBasis", "ActualActual_AFB"]
HERE = os.path.dirname(os.path.abspath(__file__))

cases, lines = [], []
for i in range(400):
    ref = ql.Date(rng.randint(ql.Date(1, 1, 1995).serialNumber(), ql.Date(31, 12, 2060).serialNumber()))
    n = rng.randint(2, 20)
    days = sorted(rng.sample(range(1, 18262), n))
    if rng.random() < 0.3:
        days[0] = 0
    level = rng.uniform(-0.01, 0.12)
    forwards = [round(level + rng.uniform(-0.01, 0.02) * (1 - 0.5 ** (d / 1000)), 8) for d in days]
    building = {"interpolation_method": "linear_forward", "quote_convention": "forward", "compounding": "Continuous",
                "frequency": "NoFrequency", "day_counter": DCS[i % len(DCS)], "extrapolation": True}
    if rng.random() < 0.1:
        building["rate_unit"] = "percent"
        forwards = [round(f * 100, 6) for f in forwards]
    nodes = {"days_to_maturity": days, "zero": forwards}
    dates, rates = node_dates_and_rates(ref, nodes, building)
    last = days[-1]
    queries = sorted({1, last, last + rng.randint(1, 4000)} | {rng.randint(1, last) for _ in range(6)} | set(d for d in days if d > 0))
    cases.append({"reference": ref.serialNumber(), "nodes": nodes, "building": building, "queries": queries})
    flat = " ".join(f"{d.serialNumber()} {r!r}" for d, r in zip(dates, rates))
    lines.append(f"{ref.serialNumber()} {building['day_counter']} {len(dates)} {flat} {len(queries)} " + " ".join(str(ref.serialNumber() + q) for q in queries))

with tempfile.TemporaryDirectory() as tmp:
    binary = os.path.join(tmp, "forward_curve_oracle")
    subprocess.run(["g++", "-O1", "-std=c++17", os.path.join(HERE, "forward_curve_oracle.cpp"), "-o", binary, "-lQuantLib"], check=True)
    out = subprocess.run([binary], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True).stdout.splitlines()

assert len(out) == len(cases)
for case, line in zip(cases, out):
    if line.startswith("error "):
        case["error"] = line[6:166]
        continue
    values = [float(v) for v in line.split()]
    case["points"] = [[q, values[2 * k], values[2 * k + 1]] for k, q in enumerate(case.pop("queries"))]

write_fixture("forward_curves", cases, seed=SEED, quantlib_cpp="libquantlib0-dev 1.29 via forward_curve_oracle.cpp")
