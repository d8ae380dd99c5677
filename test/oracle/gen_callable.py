"""Oracle for CallableFixedRateBond on QuantLib 1.29's TreeCallableFixedRateBondEngine (Hull-White a=0.03,
sigma=0.01, 40 steps): randomized call/put schedules (on and off coupon dates, clean and dirty prices, faces
other than 100), every operation the pricer runs on the class. Same case format as gen_bonds.py."""
import math
import random

import QuantLib as ql

from bond_oracle import callable_expected
from bond_terms import february_end_after, DC_CODES, build_bond, from_iso, iso
from curve_builders import build_curve
from fixture_io import write_fixture

SEED = 20261127
N_CASES = 1000
METHODS = ["linear_zero", "cubic_zero", "natural_cubic_zero", "monotone_cubic_zero", "log_linear_discount", "log_cubic_discount"]


def random_curve(rng):
    n = rng.randint(3, 12)
    days = sorted(rng.sample(range(7, 14600), n))
    level = rng.uniform(-0.005, 0.12)
    slope = rng.uniform(-0.02, 0.03)
    zeros = [round(level + slope * (1 - math.exp(-d / 365.0 / 5)), 7) for d in days]
    comp, freq = rng.choice([("Continuous", "NoFrequency"), ("Compounded", "Annual"), ("Compounded", "Semiannual")])
    return {"nodes": {"days_to_maturity": days, "zero": zeros},
            "building": {"interpolation_method": rng.choice(METHODS), "compounding": comp, "frequency": freq, "day_counter": rng.choice(["Actual365Fixed", "ActualActual_ISDA"]), "extrapolation": True}}


def callability(rng, t, valuation, coupon_dates):
    maturity = from_iso(t["maturity_date"])
    start = max(valuation + 1, from_iso(t["issue_date"]) + 1)
    out = []
    candidates = [d for d in coupon_dates if start < d <= maturity]
    count = rng.randint(1, 6)
    for _ in range(count):
        if candidates and rng.random() < 0.6:
            d = rng.choice(candidates)  # on a coupon date
        elif candidates and rng.random() < 0.5:
            d = rng.choice(candidates) - rng.randint(1, 6)  # within a week before a coupon date
        else:
            d = ql.Date(rng.randint(start.serialNumber(), maturity.serialNumber()))
        if d <= valuation or d > maturity:
            continue
        out.append({"date": iso(d), "type": "Put" if rng.random() < 0.2 else "Call", "price": round(rng.uniform(95, 106), 3), "price_type": rng.choice(["Clean", "Dirty"])})
    uniq = {c["date"]: c for c in out}
    return sorted(uniq.values(), key=lambda c: c["date"])


def random_callable(rng, n_curves):
    """One random callable case without its expected values (None: drawn again), the same draws in the same order as
    the fixture was first written with; the caller draws the z-spread target move next (gen_callable_models.py too)."""
    valuation = ql.Date(rng.randint(ql.Date(1, 1, 2003).serialNumber(), ql.Date(31, 12, 2050).serialNumber()))
    ql.Settings.instance().evaluationDate = valuation
    issue = valuation - rng.randint(0, 8 * 365) if rng.random() < 0.9 else valuation + rng.randint(1, 200)
    maturity = issue + ql.Period(rng.choice([24, 36, 60, 84, 120, 180, 240, 360]), ql.Months)
    day_count = rng.choice(DC_CODES)
    if rng.random() < 0.08:
        # 30E/360 ISDA, half of them maturing on the last day of February (its termination-date rule)
        day_count = "Thirty360_ISDA"
        if rng.random() < 0.5:
            maturity = february_end_after(maturity, max(issue, valuation) + 60)
    if maturity <= valuation + 60:
        return None
    t = {"face_value": rng.choice([100, 100, 1000, 250000, 1e6, 37.5]), "issue_date": iso(issue), "maturity_date": iso(maturity), "day_count": day_count,
         "calendar": {"name": rng.choice(["TARGET", "UnitedStates::GovernmentBond", "UnitedKingdom::Settlement", "NullCalendar"])},
         "business_day_convention": rng.choice(["Following", "ModifiedFollowing", "Unadjusted"]), "settlement_days": rng.randint(0, 3), "schedule": None,
         "benchmark_rate_index_uid": "11111111-1111-4111-8111-111111111111", "coupon_frequency": rng.choice(["3M", "6M", "6M", "1Y"]),
         "coupon_rate": round(rng.uniform(0.0, 0.1), 5)}
    if rng.random() < 0.1:
        t["ex_coupon_period"] = rng.choice(["7D", "1M"])
    plain = build_bond("FixedRateBond", {**t})
    coupon_dates = [cf.date() for cf in plain.cashflows()]
    t["callability"] = callability(rng, t, valuation, coupon_dates)
    if not t["callability"]:
        return None
    pools = {"discount": rng.randrange(n_curves), "benchmark": rng.randrange(n_curves)}
    ref_shift = [rng.randint(0, 3), 0, rng.randint(0, 3)]
    params = {"horizon_days": rng.choice([1, 5, 21, 63]), "tol": 1e-12, "max_iter": 200, "override_clean_price": round(rng.uniform(70, 120), 4)}
    return {"kind": "CallableFixedRateBond", "terms": t, "valuation_date": iso(valuation), "pools": {**pools, "projection": 0}, "ref_shift": ref_shift,
            "index": None, "fixings": {"dates": [], "rates": []}, "parameters": params, "want_cashflows": rng.random() < 0.3}


def main():
    rng = random.Random(SEED)
    curves = [random_curve(rng) for _ in range(80)]

    def ql_curve(i, reference):
        return build_curve(reference, curves[i]["nodes"], curves[i]["building"])

    cases = []
    while len(cases) < N_CASES:
        case = random_callable(rng, len(curves))
        if case is None:
            continue
        t, valuation, pools = case["terms"], from_iso(case["valuation_date"]), case["pools"]
        pools = {"discount": pools["discount"], "benchmark": pools["benchmark"]}
        try:
            case["expected"] = callable_expected(t, valuation, pools, case["ref_shift"], case["parameters"], case["want_cashflows"], ql_curve,
                                                 rng.uniform(-0.05, 0.05))
        except RuntimeError as e:
            case["error"] = str(e).split("\n")[0][:160]
        cases.append(case)

    write_fixture("callable", cases, seed=SEED, curves=curves)
    print(f"  {sum(1 for c in cases if 'error' in c)} where QuantLib throws")


if __name__ == "__main__":
    main()
