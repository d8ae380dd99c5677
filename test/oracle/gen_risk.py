"""Oracle for curve-bump risk and the OAS of callables, on instruments of the bonds and callable fixtures (run
those generators first). QuantLib 1.29 bump-and-reprice: P(h) is bond.NPV() with every curve the instrument uses
(discount, and projection for floaters) under ZeroSpreadedTermStructure(curve, h, Continuous), fixings unchanged,
callables on the Hull-White tree (a=0.03, sigma=0.01, 40 steps) fitted to the bumped curve. Key-rate durations
bump one tenor of PiecewiseZeroSpreadedTermStructure (dates = each curve's reference date + tenor). The OAS is
our own Brent solve (from 0, step 0.001) of the tree's settlement value on the spreaded benchmark against the
target: QuantLib's CallableBond::OAS ignores its curve argument and scales by the face value."""
import gzip
import json
import os
import random

import QuantLib as ql

from bond_terms import bond_day_counter, build_bond, from_iso, ibor_index, ql_callability, set_zero_vol_pricer
from curve_builders import build_curve
from fixture_io import FIXTURES, write_fixture

SEED = 20261124
rng = random.Random(SEED)
TENORS = ["3M", "6M", "1Y", "2Y", "3Y", "5Y", "7Y", "10Y", "15Y", "20Y", "30Y"]
PER_CLASS = 120


def load(name):
    with gzip.open(os.path.join(FIXTURES, f"{name}.json.gz")) as f:
        return json.load(f)


def spreaded(curve, h):
    s = ql.ZeroSpreadedTermStructure(ql.YieldTermStructureHandle(curve), ql.QuoteHandle(ql.SimpleQuote(h)), ql.Continuous, ql.NoFrequency)
    s.enableExtrapolation()
    return s


def key_rate_bumped(curve, tenors, i, h):
    dates = [curve.referenceDate() + ql.Period(t) for t in tenors]
    quotes = [ql.QuoteHandle(ql.SimpleQuote(h if j == i else 0.0)) for j in range(len(tenors))]
    s = ql.PiecewiseZeroSpreadedTermStructure(ql.YieldTermStructureHandle(curve), quotes, dates)
    s.enableExtrapolation()
    return s


class Instrument:
    """One fixture case as QuantLib objects, priced under any transformation of its curves."""

    def __init__(self, case, curves):
        self.case, self.curves = case, curves
        self.valuation = from_iso(case["valuation_date"])
        p = case["parameters"]
        if p.get("with_yield") is not None:
            comp = {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[p["flat_compounding"]]
            self.discount = ql.FlatForward(self.valuation, p["with_yield"], bond_day_counter(case["terms"]), comp, ql.Annual)
        else:
            self.discount = self.pool_curve("discount", 0)
        self.projection = self.pool_curve("projection", 1) if case["index"] else None

    def pool_curve(self, role, shift):
        c = self.curves[self.case["pools"][role]]
        return build_curve(self.valuation - self.case["ref_shift"][shift], c["nodes"], c["building"])

    def bond(self, discount, projection=None):
        case, t = self.case, self.case["terms"]
        ql.Settings.instance().evaluationDate = self.valuation
        if case["kind"] == "CallableFixedRateBond":
            bond = build_bond("CallableFixedRateBond", t, callability=ql_callability(t))
            bond.setPricingEngine(ql.TreeCallableFixedRateBondEngine(ql.HullWhite(ql.YieldTermStructureHandle(discount), 0.03, 0.01), 40))
            return bond
        index = None
        if case["index"]:
            ql.IndexManager.instance().clearHistories()
            index = ibor_index(case["index"], ql.YieldTermStructureHandle(projection))
            if case["fixings"]["dates"]:
                index.addFixings([from_iso(d) for d in case["fixings"]["dates"]], case["fixings"]["rates"])
        bond = build_bond(case["kind"], t, index)
        if index:
            set_zero_vol_pricer(bond, self.valuation)
        bond.setPricingEngine(ql.DiscountingBondEngine(ql.YieldTermStructureHandle(discount)))
        return bond

    def npv(self, bump=lambda c: c):
        return self.bond(bump(self.discount), bump(self.projection) if self.projection else None).NPV()


def risk(inst, bump_bp, tenors):
    h = bump_bp * 1e-4
    p0 = inst.npv()
    down, up = inst.npv(lambda c: spreaded(c, -h)), inst.npv(lambda c: spreaded(c, h))
    out = {"npv": p0, "effective_duration": (down - up) / (2 * h * p0), "effective_convexity": (down + up - 2 * p0) / (h * h * p0),
           "dv01": (down - up) / 2 * (1e-4 / h), "key_rate_durations": []}
    for i, tenor in enumerate(tenors):
        kd, ku = inst.npv(lambda c: key_rate_bumped(c, tenors, i, -h)), inst.npv(lambda c: key_rate_bumped(c, tenors, i, h))
        out["key_rate_durations"].append({"tenor": tenor, "duration": (kd - ku) / (2 * h * p0)})
    return out


def option_adjusted_spread(inst, target, tol, max_iter):
    bench = inst.pool_curve("benchmark", 2)
    solver = ql.Brent()
    solver.setMaxEvaluations(max_iter)
    return solver.solve(lambda s: inst.bond(spreaded(bench, s)).settlementValue() - target, tol, 0.0, 0.001)


def tenors_for_case():
    if rng.random() < 0.75:
        return None
    picked = sorted(rng.sample(range(len(TENORS)), rng.randint(2, 6)))
    return [TENORS[i] for i in picked]


cases = []
for source in ("bonds", "callable"):
    fixture = load(source)
    by_kind = {}
    for i, c in enumerate(fixture["cases"]):
        e = c.get("expected")
        if "error" in c or not e or e.get("yield") is None or e["npv"] == 0:
            continue
        by_kind.setdefault(c["kind"], []).append(i)
    for kind, indexes in sorted(by_kind.items()):
        for i in rng.sample(indexes, min(PER_CLASS if source == "bonds" else 2 * PER_CLASS, len(indexes))):
            c = fixture["cases"][i]
            bump_bp = rng.choice([1, 1, 1, 0.5, 5, 10])
            tenors = tenors_for_case()
            inst = Instrument(c, fixture["curves"])
            out = {"source": source, "index": i, "bump_bp": bump_bp, "key_rate_tenors": tenors}
            try:
                out["expected"] = risk(inst, bump_bp, tenors or TENORS)
                if kind == "CallableFixedRateBond":
                    out["expected"]["oas"] = option_adjusted_spread(inst, c["expected"]["target_dirty_ccy"], c["parameters"]["tol"], c["parameters"]["max_iter"])
            except RuntimeError as err:
                out["error"] = str(err).split("\n")[0][:160]
            cases.append(out)

write_fixture("risk", cases, seed=SEED)
print(f"  {sum(1 for c in cases if 'error' in c)} where QuantLib throws")
