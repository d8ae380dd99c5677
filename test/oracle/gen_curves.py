"""Oracle for curves built from stored nodes (every interpolation, compounding and several day counters),
flat forwards and zero-spreaded curves: discount factors, zero and forward rates from QuantLib 1.29."""
import math
import random

import QuantLib as ql

from curve_builders import build_curve
from fixture_io import write_fixture

SEED = 20261125
rng = random.Random(SEED)
METHODS = ["linear_zero", "cubic_zero", "natural_cubic_zero", "monotone_cubic_zero", "log_linear_discount", "log_cubic_discount"]
COMPS = [("Continuous", "NoFrequency"), ("Compounded", "Annual"), ("Compounded", "Semiannual"), ("Compounded", "Quarterly"), ("Simple", "NoFrequency"), ("SimpleThenCompounded", "Semiannual")]
DCS = ["Actual365Fixed", "Actual360", "ActualActual_ISDA", "Thirty360_BondBasis", "ActualActual_AFB"]


def random_nodes():
    n = rng.randint(2, 25)
    days = sorted(rng.sample(range(1, 18262), n))
    if rng.random() < 0.3:
        days[0] = 0
    shape = rng.choice(["flat", "up", "inverted", "humped", "noisy"])
    level = rng.uniform(-0.01, 0.12)
    zeros = []
    for d in days:
        t = d / 365.0
        if shape == "flat":
            z = level
        elif shape == "up":
            z = level + 0.02 * (1 - math.exp(-t / 5))
        elif shape == "inverted":
            z = level + 0.02 * math.exp(-t / 3)
        elif shape == "humped":
            z = level + 0.015 * t / 3 * math.exp(1 - t / 3)
        else:
            z = level + rng.uniform(-0.005, 0.005)
        zeros.append(round(z, 8))
    return {"days_to_maturity": days, "zero": zeros}


def queries(ref, nodes):
    last = nodes["days_to_maturity"][-1]
    days = {0, 1, last, last + rng.randint(1, 4000)}
    days |= {rng.randint(0, last) for _ in range(5)}
    days |= set(rng.sample(nodes["days_to_maturity"], min(3, len(nodes["days_to_maturity"]))))
    if nodes["days_to_maturity"][0] > 1:
        days.add(rng.randint(1, nodes["days_to_maturity"][0]))
    return sorted(days)


cases = []
for i in range(1500):
    ref = ql.Date(rng.randint(ql.Date(1, 1, 1995).serialNumber(), ql.Date(31, 12, 2060).serialNumber()))
    nodes = random_nodes()
    comp, freq = rng.choice(COMPS)
    building = {"interpolation_method": METHODS[i % len(METHODS)], "compounding": comp, "frequency": freq,
                "day_counter": rng.choice(DCS), "extrapolation": True}
    if rng.random() < 0.1:
        building["rate_unit"] = "percent"
        nodes["zero"] = [round(z * 100, 6) for z in nodes["zero"]]
    case = {"kind": "nodes", "reference": ref.serialNumber(), "nodes": nodes, "building": building}
    try:
        curve = build_curve(ref, nodes, building)
        dc = curve.dayCounter()
        points = []
        for d in queries(ref, nodes):
            date = ref + d
            points.append([d, curve.discount(date), curve.zeroRate(date, dc, ql.Continuous).rate(),
                           curve.zeroRate(date, ql.Actual365Fixed(), ql.Compounded, ql.Annual).rate(),
                           curve.forwardRate(date, date + 91, ql.Actual360(), ql.Simple).rate()])
        case["points"] = points
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:160]
    cases.append(case)

# flat forwards and zero-spreaded curves over a stored curve
for i in range(300):
    ref = ql.Date(rng.randint(ql.Date(1, 1, 1995).serialNumber(), ql.Date(31, 12, 2060).serialNumber()))
    comp, freq = rng.choice(COMPS)
    rate = rng.uniform(-0.01, 0.12)
    dcn = rng.choice(DCS)
    from curve_builders import DAY_COUNTERS, COMPOUNDINGS, FREQUENCIES
    flat = ql.FlatForward(ref, rate, DAY_COUNTERS[dcn](), COMPOUNDINGS[comp], FREQUENCIES[freq] if freq != "NoFrequency" else ql.Annual)
    days = sorted({rng.randint(0, 15000) for _ in range(6)})
    cases.append({"kind": "flat", "reference": ref.serialNumber(), "rate": rate, "day_counter": dcn, "compounding": comp,
                  "frequency": freq if freq != "NoFrequency" else "Annual", "points": [[d, flat.discount(ref + d)] for d in days]})

    nodes = random_nodes()
    building = {"interpolation_method": rng.choice(METHODS), "compounding": "Continuous", "frequency": "NoFrequency", "day_counter": "Actual365Fixed", "extrapolation": True}
    base = build_curve(ref, nodes, building)
    spread = rng.uniform(-0.02, 0.05)
    scomp, sfreq = rng.choice([("Continuous", "NoFrequency"), ("Compounded", "Annual"), ("Compounded", "Semiannual")])
    spreaded = ql.ZeroSpreadedTermStructure(ql.YieldTermStructureHandle(base), ql.QuoteHandle(ql.SimpleQuote(spread)), COMPOUNDINGS[scomp], FREQUENCIES[sfreq] if sfreq != "NoFrequency" else ql.Annual)
    spreaded.enableExtrapolation()
    cases.append({"kind": "spreaded", "reference": ref.serialNumber(), "nodes": nodes, "building": building, "spread": spread, "compounding": scomp,
                  "frequency": sfreq if sfreq != "NoFrequency" else "Annual", "points": [[d, spreaded.discount(ref + d)] for d in days]})

write_fixture("curves", cases, seed=SEED)
