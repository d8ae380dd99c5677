"""Oracle for the pricer operations on five bond classes (the callable class is gen_callable.py): randomized
instruments in the stored-terms format, the market data in the pricing-task format, and the expected results
of QuantLib 1.29 for price, analytics, yield (model and override price), z-spread, cash flows and
carry/roll-down. Curves are pooled to keep the fixture small; each case names its curves by pool index."""
import math
import random

import QuantLib as ql

from bond_oracle import price_all
from bond_terms import february_end_after, BDCS, DC_CODES, bond_day_counter, build_bond, calendar, from_iso, ibor_index, iso, period
from curve_builders import build_curve
from fixture_io import write_fixture

SEED = 20261126
rng = random.Random(SEED)
N_CASES = 5000
METHODS = ["linear_zero", "cubic_zero", "natural_cubic_zero", "monotone_cubic_zero", "log_linear_discount", "log_cubic_discount"]
COMPS = [("Continuous", "NoFrequency"), ("Compounded", "Annual"), ("Compounded", "Semiannual"), ("Simple", "NoFrequency")]
CAL_NAMES = ["TARGET", "UnitedStates::GovernmentBond", "UnitedStates::Settlement", "UnitedKingdom::Settlement", "WeekendsOnly", "NullCalendar"]


def random_curve():
    n = rng.randint(3, 16)
    days = sorted(rng.sample(range(7, 14600), n))
    if rng.random() < 0.3:
        days[0] = 0
    level = rng.uniform(-0.01, 0.12)
    shape = rng.choice(["flat", "up", "inverted", "humped"])
    zeros = []
    for d in days:
        t = d / 365.0
        z = {"flat": level, "up": level + 0.025 * (1 - math.exp(-t / 6)), "inverted": level + 0.02 * math.exp(-t / 2),
             "humped": level + 0.02 * t / 3 * math.exp(1 - t / 3)}[shape]
        zeros.append(round(z, 7))
    comp, freq = rng.choice(COMPS)
    return {"nodes": {"days_to_maturity": days, "zero": zeros},
            "building": {"interpolation_method": rng.choice(METHODS), "compounding": comp, "frequency": freq,
                         "day_counter": rng.choice(["Actual365Fixed", "Actual360", "ActualActual_ISDA"]), "extrapolation": True}}


CURVES = [random_curve() for _ in range(240)]


def random_calendar():
    if rng.random() < 0.08:
        return {"name": "JointCalendar", "calendars": [{"name": "TARGET"}, {"name": "UnitedStates::GovernmentBond"}], "rule": "JoinHolidays"}
    return {"name": rng.choice(CAL_NAMES)}


def task_curve(pool_index, reference):
    c = CURVES[pool_index]
    return {"cache_key": f"pool{pool_index}:{reference.serialNumber()}", "curve_uid": f"00000000-0000-4000-8000-{pool_index:012d}",
            "curve_identifier": f"POOL-{pool_index}", "reference_date": iso(reference), "nodes": c["nodes"], "building": c["building"]}


def ql_curve(pool_index, reference):
    c = CURVES[pool_index]
    return build_curve(reference, c["nodes"], c["building"])


def random_terms(kind, valuation):
    if rng.random() < 0.85:
        issue = valuation - rng.randint(0, 20 * 365)
    else:
        issue = valuation + rng.randint(1, 300)
    months = rng.choice([3, 6, 9, 12, 18, 24, 36, 60, 84, 120, 180, 240, 360])
    maturity = issue + ql.Period(months, ql.Months)
    if maturity <= valuation + 10:
        maturity = valuation + ql.Period(rng.choice([3, 12, 60]), ql.Months)
    if rng.random() < 0.15:
        maturity = maturity + rng.randint(-20, 20)
    day_count = rng.choice(DC_CODES)
    if rng.random() < 0.08:
        # 30E/360 ISDA, half of them maturing on the last day of February (its termination-date rule)
        day_count = "Thirty360_ISDA"
        if rng.random() < 0.5:
            maturity = february_end_after(maturity, max(issue, valuation) + 10)
    t = {"face_value": rng.choice([100, 100, 1000, 250000, 1e6, 37.5, 5e7]), "issue_date": iso(issue), "maturity_date": iso(maturity),
         "day_count": day_count, "calendar": random_calendar(), "business_day_convention": rng.choice(list(BDCS)),
         "settlement_days": rng.randint(0, 3), "schedule": None, "benchmark_rate_index_uid": "11111111-1111-4111-8111-111111111111"}
    if rng.random() < 0.2:
        t["payment_convention"] = rng.choice(list(BDCS))
    if kind == "ZeroCouponBond":
        t["redemption_pct"] = rng.choice([100.0, 100.0, 101.5])
        return t
    t["coupon_frequency"] = rng.choice(["1M", "3M", "6M", "6M", "1Y"])
    if rng.random() < 0.15:
        # an explicit schedule with stubs: its dates are authoritative
        s = ql.Schedule(issue, maturity, period(t["coupon_frequency"]), calendar(t["calendar"]), BDCS[t["business_day_convention"]],
                        BDCS[t["business_day_convention"]], rng.choice([ql.DateGeneration.Backward, ql.DateGeneration.Forward]), rng.random() < 0.3)
        t["schedule"] = {"dates": [iso(d) for d in s.dates()], "tenor": t["coupon_frequency"]}
        if rng.random() < 0.6:
            t["schedule"]["end_of_month"] = rng.random() < 0.5
    if kind in ("FixedRateBond", "AmortizingFixedRateBond") and rng.random() < 0.15:
        t["ex_coupon_period"] = rng.choice(["7D", "10D", "1M", "1W"])
        t["ex_coupon_convention"] = rng.choice(["Unadjusted", "Preceding", "Following"])
        if rng.random() < 0.5:
            t["ex_coupon_calendar"] = {"name": rng.choice(CAL_NAMES)}
    if kind in ("FixedRateBond", "AmortizingFixedRateBond"):
        t["coupon_rate"] = round(rng.uniform(0, 0.12), 5)
        if kind == "FixedRateBond" and rng.random() < 0.1:
            t["redemption"] = 101.0
    else:
        t["floating_rate_index_uid"] = "22222222-2222-4222-8222-222222222222"
        t["spread"] = round(rng.uniform(-0.005, 0.03), 5)
        if rng.random() < 0.5:
            t["fixing_days"] = rng.choice([0, 1, 2, 3])
        if rng.random() < 0.15:
            t["gearings"] = [round(rng.uniform(0.5, 1.5), 3)]
        if rng.random() < 0.2:
            t["floors"] = [round(rng.uniform(-0.01, 0.03), 4)]
        if rng.random() < 0.15:
            t["caps"] = [round(rng.uniform(0.04, 0.09), 4)]
        if rng.random() < 0.1:
            t["in_arrears"] = True
    return t


def add_amortization(t, kind):
    periods = len(build_bond("FixedRateBond" if kind == "AmortizingFixedRateBond" else "FixedRateBond", {**t, "coupon_rate": 0.01, "ex_coupon_period": None}).cashflows()) - 1
    first = rng.randint(1, max(1, periods - 1))
    face = t["face_value"]
    step = face / (periods - first + 1)
    t["amortization"] = {"notionals": [face if i < first else round(face - step * (i - first + 1), 6) for i in range(periods)]}


def index_conventions():
    return {"identifier": "TEST-IBOR", "tenor": rng.choice(["1M", "3M", "6M"]), "fixing_days": rng.choice([0, 2, 2]),
            "calendar": {"name": rng.choice(["TARGET", "UnitedStates::Settlement", "UnitedKingdom::Settlement"])},
            "day_count": rng.choice(["Actual360", "Actual365Fixed"]), "business_day_convention": rng.choice(["ModifiedFollowing", "Following"]),
            "end_of_month": rng.random() < 0.3, "currency": "USD"}


KINDS = ["FixedRateBond"] * 6 + ["AmortizingFixedRateBond"] * 3 + ["ZeroCouponBond"] * 3 + ["FloatingRateBond"] * 5 + ["AmortizingFloatingRateBond"] * 3


def draw_case(kind, adjust_terms=None, draw_vol=None):
    """One randomized case of `kind` with its expected values, None where its instrument cannot be drawn.
    `adjust_terms(t)` edits the drawn terms; `draw_vol()` gives a floater's optionlet volatility (design §5.1)."""
    valuation = ql.Date(rng.randint(ql.Date(1, 1, 2001).serialNumber(), ql.Date(31, 12, 2055).serialNumber()))
    ql.Settings.instance().evaluationDate = valuation
    t = random_terms(kind, valuation)
    if adjust_terms:
        adjust_terms(t)
    try:
        if kind in ("AmortizingFixedRateBond", "AmortizingFloatingRateBond"):
            add_amortization(t, kind)
    except RuntimeError:
        return None
    ref_shift = [rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)]
    pools = {"discount": rng.randrange(len(CURVES)), "projection": rng.randrange(len(CURVES)), "benchmark": rng.randrange(len(CURVES))}
    params = {"horizon_days": rng.choice([1, 5, 21, 63, 250]), "tol": rng.choice([1e-12, 1e-10]), "max_iter": 200, "cashflows": rng.random() < 0.3}
    if rng.random() < 0.1:
        params["with_yield"] = round(rng.uniform(0.0, 0.1), 5)
        params["flat_compounding"] = rng.choice(["Compounded", "Continuous"])
    conv = index_conventions() if "Floating" in kind else None
    fixings = {"dates": [], "rates": []}
    if conv:
        # the fixings the coupons need before (and sometimes on) the valuation date
        ql.IndexManager.instance().clearHistories()
        probe_index = ibor_index(conv, ql.YieldTermStructureHandle(ql_curve(pools["projection"], valuation)))
        try:
            probe = build_bond(kind, t, probe_index)
        except RuntimeError:
            return None
        coupons = [ql.as_floating_rate_coupon(cf) for cf in probe.cashflows() if ql.as_floating_rate_coupon(cf)]
        only_unpaid = rng.random() < 0.3
        dates = sorted({c.fixingDate() for c in coupons if not only_unpaid or c.date() > valuation})
        needed = [d for d in dates if d < valuation or (d == valuation and rng.random() < 0.5)]
        base = rng.uniform(-0.005, 0.08)
        fixings = {"dates": [iso(d) for d in needed], "rates": [round(base + 0.01 * math.sin(i / 7.0), 6) for i, _ in enumerate(needed)]}
        if needed and rng.random() < 0.03:
            drop = rng.randrange(len(needed))
            del fixings["dates"][drop], fixings["rates"][drop]
    if params.get("with_yield") is not None:
        discount = ql.FlatForward(valuation, params["with_yield"], bond_day_counter(t),
                                  {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[params["flat_compounding"]], ql.Annual)
    else:
        discount = ql_curve(pools["discount"], valuation - ref_shift[0])
    params["override_clean_price"] = round(rng.uniform(60, 130), 4)
    if t["day_count"] == "Thirty360_ISDA":
        # near par: these cases test the day count, not the solver's reach at yields of -90% (tested elsewhere)
        params["override_clean_price"] = round(rng.uniform(97, 103), 4)
    params["target_move"] = rng.uniform(-0.08, 0.08)
    case = {"kind": kind, "terms": t, "valuation_date": iso(valuation), "pools": pools, "ref_shift": ref_shift, "index": conv, "fixings": fixings,
            "parameters": {k: params[k] for k in ("horizon_days", "tol", "max_iter", "override_clean_price") if k in params}, "want_cashflows": params["cashflows"]}
    if params.get("with_yield") is not None:
        case["parameters"].update({"with_yield": params["with_yield"], "flat_compounding": params["flat_compounding"]})
    vol = draw_vol() if draw_vol and conv else None
    if vol is not None:
        case["optionlet_volatility"] = vol
    try:
        case["expected"] = price_all(kind, t, valuation, discount, ref_shift, conv, fixings, params, pools, ql_curve, vol)
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:160]
    return case


def main():
    cases = []
    attempts = 0
    while len(cases) < N_CASES:
        attempts += 1
        case = draw_case(rng.choice(KINDS))
        if case is not None:
            cases.append(case)
    write_fixture("bonds", cases, seed=SEED, curves=CURVES)
    print(f"  {attempts} instruments drawn, {sum(1 for c in cases if 'error' in c)} where QuantLib throws")


if __name__ == "__main__":
    main()
