"""Oracle for inflation-linked bonds (design §4.2, §5.1): QuantLib 1.29 CPIBonds in the stored-terms format — TIPS-like
(US, semiannual, ACT/ACT, 3M lag, Linear), gilt-linker-like (UK, semiannual, ACT/ACT ISMA, 3M or 8M lag, Flat or
AsIndex, 7 business days ex-coupon) and gen_bonds.py's random fixed-rate terms with every interpolation, lag (2M,
3M, 8M) and growth_only — with the CPI fixings published at the valuation date and a zero-inflation curve the
index forecasts on, discounted on gen_bonds.py's curve pool. Expected: everything gen_bonds.py records for a fixed
bond (bond_oracle.price_all's keys) plus `index_ratio` and `real_yield`.

Market data per case:
- fixings: a smooth monthly CPI series (2-4%/y, noise, a little seasonality), dated the first of each month, from
  months before the issue's reference month up to the month of valuation - availability lag (in a quarter of the
  cases that last month is not yet published, so QuantLib forecasts it); in ~3% one needed value is dropped.
- inflation_curve: reference date = valuation - 0..3 days; lag 3M (12%: 2M, never shorter than the availability
  lag); base date (first node) = the first of the month of reference date - lag. QuantLib 1.29 demands the first
  node inside that month, and forecasts I(m) = I(base) x (1 + z(m))^t from the fixing of the base month, so the
  base month must be a published fixing: the first of the month is what a bootstrapped curve uses, and with
  lag >= availability lag it is published. In 6% the base date is a later day of that month (QuantLib then reads
  the base fixing through ZeroInflationIndex::fixing of that day). Nodes at whole years (on the first of a month
  60% of the time) past maturity; in 2% the curve stops short (QuantLib's error is the expectation).
- index_ratio = CPI::laggedFixing(index, settlement, lag, interpolation) / base_cpi; real_yield = the yield of the
  real flows (cpi_terms.real_bond) at clean / index_ratio, Compounded at the coupon frequency, the bond's day count.
  Where only a figure fails, `<key>_error` (a model yield that fails — growth-only bonds with a negative clean — takes
  the durations, convexity, bpv and carry with it); where the bond cannot be priced at all, the case's `error`.

The generator re-derives every coupon and redemption amount with the formulas its report gives the TypeScript
implementation (reference_amounts) and counts disagreements with QuantLib."""
import math

import QuantLib as ql

import gen_bonds as g
from bond_oracle import FREQ_OF
from bond_terms import bond_day_counter, bond_schedule, day_counter, from_iso, iso, period
from cpi_terms import add_cpi_fixings, build_cpi_bond, inflation_curve, inflation_index, lagged_fixing, real_bond
from fixture_io import write_fixture
from semantics import all_cashflows, basis_point_value, bond_yield, carry, implied, shown_cashflows

SEED = 20261130
N_CASES = 800
INDEX_UID = "33333333-3333-4333-8333-333333333333"
CURVE_DCS = ["Actual365Fixed", "Actual365Fixed", "Thirty360_BondBasis", "ActualActual_ISDA", "Actual360"]


def month_start(d):
    return ql.Date(1, d.month(), d.year())


def add_months(d, n):
    return d + ql.Period(n, ql.Months)


def cpi_series(anchor, anchor_value, first, last):
    """{month start: CPI} from `first` to `last`, equal to anchor_value at the month `anchor`."""
    rng = g.rng
    growth = rng.uniform(0.02, 0.04) / 12
    season = [rng.uniform(-0.002, 0.002) for _ in range(12)]
    season = [x - sum(season) / 12 for x in season]  # seasonality moves months, not the yearly growth
    steps = {}
    m = first
    while m <= last:
        steps[m] = growth + season[m.month() - 1] + rng.gauss(0, 0.0015)
        m = add_months(m, 1)
    months = sorted(steps)
    logs, acc = {}, 0.0
    for m in months:
        acc += steps[m]
        logs[m] = acc
    shift = math.log(anchor_value) - logs[anchor]
    return {m: round(math.exp(logs[m] + shift), 3) for m in months}


def reference_cpi(series, date, lag, interpolation):
    """The reference CPI of a date from the true series (the base CPI of a bond issued then): Linear interpolates
    the months of date - lag by the day of `date` in its own month; otherwise that month's value."""
    m0 = month_start(date - period(lag))
    if interpolation != "Linear" or date.dayOfMonth() == 1:
        return series[m0]
    days = ql.Date.endOfMonth(date).dayOfMonth()
    return series[m0] + (series[add_months(m0, 1)] - series[m0]) * (date.dayOfMonth() - 1) / days


def draw_terms(valuation):
    """CPIBond terms of a TIPS-like, gilt-like or random fixed-rate bond, and the index conventions they use."""
    rng = g.rng
    style = rng.choice(["tips", "gilt", "random", "random"])
    stage = "pre" if rng.random() < 0.08 else ("near" if rng.random() < 0.2 else "mid")
    conv = {"identifier": "TEST-CPI", "index_kind": "inflation", "region": rng.choice(["US", "UK", "EU"]), "frequency": "Monthly",
            "availability_lag": rng.choice(["1M", "2M"]), "revised": False, "interpolated": rng.random() < 0.4, "currency": "USD"}
    if style == "random":
        t = g.random_terms("FixedRateBond", valuation)
        t.pop("redemption", None)
        t.update({"coupon_rate": round(rng.uniform(0, 0.04), 5), "observation_lag": rng.choice(["2M", "3M", "3M", "8M"]),
                  "interpolation": rng.choice(["Flat", "Linear", "AsIndex"]), "growth_only": rng.random() < 0.5})
    else:
        years = rng.choice([5, 10, 10, 20, 30] if style == "tips" else [5, 10, 20, 30, 50])
        if stage == "pre":
            issue = valuation + rng.randint(1, 300)
        elif stage == "near":
            issue = valuation + rng.randint(5, 250) - ql.Period(years, ql.Years)
        else:
            issue = valuation - rng.randint(0, 365 * (years - 1))
        # coupon dates on the 15th (TIPS) or a gilt's usual day, issue on one of them
        issue = ql.Date(15 if style == "tips" else rng.choice([22, 26, 10]), issue.month(), issue.year())
        if issue <= valuation and stage == "pre":
            issue = add_months(issue, 1)
        maturity = issue + ql.Period(years, ql.Years)
        if maturity <= valuation + 10:
            maturity = add_months(maturity, 6)
        t = {"face_value": rng.choice([100, 1000, 1e6]), "issue_date": iso(issue), "maturity_date": iso(maturity), "coupon_frequency": "6M",
             "settlement_days": 1, "schedule": None, "benchmark_rate_index_uid": "11111111-1111-4111-8111-111111111111",
             "coupon_rate": round(rng.randint(1, 31) / 800, 6), "growth_only": rng.random() < 0.1}
        if style == "tips":
            conv.update({"region": "US", "availability_lag": "1M", "interpolated": rng.random() < 0.2})
            t.update({"day_count": rng.choice(["ActualActual_Bond", "ActualActual_ISMA"]), "calendar": {"name": "UnitedStates::GovernmentBond"},
                      "business_day_convention": "Unadjusted", "payment_convention": "Following", "observation_lag": "3M", "interpolation": "Linear"})
        else:
            conv.update({"region": "UK", "availability_lag": rng.choice(["1M", "1M", "2M"]), "interpolated": rng.random() < 0.1})
            t.update({"day_count": "ActualActual_ISMA", "calendar": {"name": "UnitedKingdom::Settlement"}, "business_day_convention": "Following",
                      "observation_lag": rng.choice(["3M", "8M"]), "interpolation": rng.choice(["Flat", "AsIndex"]),
                      "ex_coupon_period": "7D", "ex_coupon_convention": "Unadjusted", "ex_coupon_calendar": {"name": "UnitedKingdom::Settlement"}})
    t.update({"inflation_index_uid": INDEX_UID})
    return style, t, conv


def draw_curve(valuation, maturity, conv):
    """A zero-inflation curve observation (design §5.1) seen from valuation - 0..3 days, covering the maturity."""
    rng = g.rng
    reference = valuation - rng.randint(0, 3)
    lag = "2M" if rng.random() < 0.12 else "3M"  # availability lags are 1M or 2M: the base month stays published
    base = month_start(reference - period(lag))
    if rng.random() < 0.06:
        base = base + rng.randint(1, 27)
    level = rng.uniform(-0.005, 0.045)
    slope = rng.uniform(-0.015, 0.015)
    on_first = rng.random() < 0.6
    dates, rates = [base], [round(level + rng.uniform(-0.01, 0.01), 6)]
    k = 1
    last_needed = maturity + 40
    short = rng.random() < 0.02
    while dates[-1] <= last_needed:
        d = reference + ql.Period(k, ql.Years)
        if on_first:
            d = month_start(d - period(lag))
        if d > dates[-1]:
            dates.append(d)
            rates.append(round(level + slope * (1 - math.exp(-k / 7)) + rng.gauss(0, 0.001), 6))
        k += 1 if k < 5 else rng.choice([2, 3, 5])
    if short and len(dates) > 3 and maturity > valuation + 800:
        while len(dates) > 2 and dates[-1] > maturity - 400:
            dates.pop()
            rates.pop()
    return {"lag": lag, "day_counter": rng.choice(CURVE_DCS), "reference_date": iso(reference),
            "nodes": [{"date": iso(d), "rate": r} for d, r in zip(dates, rates)]}


def cpi_expected(t, valuation, conv, fixings, curve_terms, discount, params, pools):
    """bond_oracle.price_all's figures for the CPIBond (raises RuntimeError where QuantLib fails), plus index_ratio
    and real_yield."""
    ql.IndexManager.instance().clearHistories()
    curve = inflation_curve(curve_terms)
    index = inflation_index(conv, ql.ZeroInflationTermStructureHandle(curve))
    add_cpi_fixings(index, fixings)
    bond = build_cpi_bond(t, index)
    out = {}
    if params.get("cashflows"):
        for key, rows in (("cashflows", lambda: shown_cashflows(bond, valuation)), ("cashflows_all", lambda: all_cashflows(bond))):
            try:
                out[key] = rows()
            except RuntimeError as e:
                out[f"{key}_error"] = str(e).split("\n")[0][:120]
    bond.setPricingEngine(ql.DiscountingBondEngine(ql.YieldTermStructureHandle(discount)))
    s0 = bond.settlementDate()
    n0 = bond.notional(s0)
    out.update({"settlement": s0.serialNumber(), "npv": bond.NPV(), "settlement_value": bond.settlementValue(), "dirty": bond.dirtyPrice(),
                "clean": bond.cleanPrice(), "accrued": bond.accruedAmount(s0)})
    if n0 == 0:
        return out, bond, index
    try:
        out["index_ratio"] = lagged_fixing(index, s0, t) / t["base_cpi"]
    except RuntimeError as e:
        out["index_ratio_error"] = str(e).split("\n")[0][:120]
    dc = bond_day_counter(t)
    freq = FREQ_OF[t["coupon_frequency"]]
    try:
        y = bond_yield(bond, bond.cleanPrice(), dc, freq, s0)
    except RuntimeError as e:
        # e.g. a growth-only bond whose flows cannot reprice its (negative or tiny) clean price: the figures at a yield
        # (durations, convexity, bpv, carry) go with it
        y = None
        out["yield_error"] = str(e).split("\n")[0][:120]
    if y is not None:
        rate = ql.InterestRate(y, dc, ql.Compounded, freq)
        out.update({"yield": y, "simple": ql.BondFunctions.duration(bond, rate, ql.Duration.Simple, s0),
                    "modified": ql.BondFunctions.duration(bond, rate, ql.Duration.Modified, s0),
                    "macaulay": ql.BondFunctions.duration(bond, rate, ql.Duration.Macaulay, s0),
                    "convexity": ql.BondFunctions.convexity(bond, rate, s0), "bpv": basis_point_value(bond, rate, s0)})
    if "index_ratio" in out:
        try:
            real = real_bond(t)
            out["real_yield"] = bond_yield(real, bond.cleanPrice() / out["index_ratio"], dc, freq, real.settlementDate())
        except RuntimeError as e:
            out["real_yield_error"] = str(e).split("\n")[0][:120]
    try:
        out["override_yield"] = bond_yield(bond, params["override_clean_price"], dc, freq, s0)
    except RuntimeError as e:
        out["override_yield_error"] = str(e).split("\n")[0][:120]
    bench = g.ql_curve(pools["benchmark"], valuation - params["ref_shift"][2])
    target = bond.settlementValue() * (1 + params["target_move"])
    out["target_dirty_ccy"] = target
    try:
        out["z_spread"] = ql.BondFunctions.zSpread(bond, target / n0 * 100 - bond.accruedAmount(s0), bench, dc, ql.Continuous, ql.Annual, s0,
                                                    params["tol"], params["max_iter"], 0.0)
    except RuntimeError as e:
        out["z_spread_error"] = str(e).split("\n")[0][:120]
    # carry as price_all: the inflated amounts known today, today's curve seen from the horizon and the rolled curve
    horizon = bond.calendar().advance(valuation, params["horizon_days"], ql.Days)
    s1 = bond.settlementDate(horizon)
    if params.get("with_yield") is None:
        rolled = g.ql_curve(pools["discount"], valuation - params["ref_shift"][0] + (horizon - valuation))
    else:
        comp = {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[params["flat_compounding"]]
        rolled = ql.FlatForward(horizon, params["with_yield"], dc, comp, ql.Annual)
    leg = bond.cashflows()
    p1_curve = ql.CashFlows.npv(leg, ql.YieldTermStructureHandle(implied(discount, horizon)), False, s1, s1)
    p1_rolled = ql.CashFlows.npv(leg, ql.YieldTermStructureHandle(rolled), False, s1, s1)
    if y is not None:
        out["carry"] = carry(bond, n0, s0, s1, p1_curve, p1_rolled, y, dc, freq)
    return out, bond, index


class Reference:
    """The semantics the report states, re-derived from the stored data (no QuantLib index or curve): a check on it."""

    def __init__(self, t, valuation, conv, fixings, c):
        self.t, self.today, self.conv = t, valuation, conv
        self.series = {from_iso(d).serialNumber(): v for d, v in zip(fixings["dates"], fixings["rates"])}
        self.ref = from_iso(c["reference_date"])
        self.curve_lag = period(c["lag"])
        self.dc = day_counter(c["day_counter"])
        self.nodes = [(self.dc.yearFraction(self.ref, from_iso(n["date"])), n["rate"]) for n in c["nodes"]]
        self.base = from_iso(c["nodes"][0]["date"])
        self.max_date = ql.Date.endOfMonth(from_iso(c["nodes"][-1]["date"]))

    def stored(self, month):
        if month.serialNumber() not in self.series:
            raise KeyError(f"missing {iso(month)}")
        return self.series[month.serialNumber()]

    def needs_forecast(self, d):
        known = month_start(self.today - period(self.conv["availability_lag"])) - 1
        latest = add_months(d, 1) if self.conv["interpolated"] and d > month_start(d) else d
        if latest <= known:
            return False
        if latest > self.today:
            return True
        return month_start(latest).serialNumber() not in self.series

    def coefficient(self, d):
        # an interpolated index weighs by the day of d + the CURVE's lag in that month (not the bond's lag)
        obs = d + self.curve_lag
        return (obs - month_start(obs)) / ql.Date.endOfMonth(obs).dayOfMonth()

    def zero(self, d):
        if d < self.base or d > self.max_date:
            raise KeyError("curve range")
        x = self.dc.yearFraction(self.ref, d)
        n = self.nodes
        i = max(1, min(len(n) - 1, next((k for k in range(1, len(n)) if x <= n[k][0]), len(n) - 1)))
        (x0, y0), (x1, y1) = n[i - 1], n[i]
        return y0 + (y1 - y0) * (x - x0) / (x1 - x0)

    def fixing(self, d):
        first = month_start(d)
        if not self.needs_forecast(d):
            i1 = self.stored(first)
            if self.conv["interpolated"] and d > first:
                return i1 + (self.stored(add_months(first, 1)) - i1) * self.coefficient(d)
            return i1
        if self.needs_forecast(self.base):
            raise KeyError("base fixing")
        base_fixing = self.fixing(self.base)

        def forecast(m):
            t = self.dc.yearFraction(self.base if self.conv["interpolated"] else month_start(self.base), m)
            return base_fixing * (1 + self.zero(m)) ** t
        i1 = forecast(first)
        if self.conv["interpolated"] and d > first:
            return i1 + (forecast(add_months(first, 1)) - i1) * self.coefficient(d)
        return i1

    def lagged(self, date):
        lag, how = period(self.t["observation_lag"]), self.t["interpolation"]
        if how == "AsIndex":
            return self.fixing(date - lag)
        m0 = month_start(date - lag)
        if how == "Flat" or date == month_start(date):
            return self.fixing(m0)
        i0, i1 = self.fixing(m0), self.fixing(add_months(m0, 1))
        return i0 + (i1 - i0) * (date - month_start(date)) / ql.Date.endOfMonth(date).dayOfMonth()


def reference_amounts(bond, ref):
    """Largest relative difference between QuantLib's flow amounts and the re-derived ones (unpaid flows)."""
    t, worst = ref.t, 0.0
    flows = [cf for cf in bond.cashflows() if cf.date() > ref.today]
    for i, cf in enumerate(flows):
        c = ql.as_coupon(cf)
        if c is not None:
            expected = t["face_value"] * t["coupon_rate"] * ref.lagged(c.accrualEndDate()) / t["base_cpi"] * c.accrualPeriod()
        else:
            # CPICashFlow observes the schedule's last date (its fixingDate() is that date - lag, not invertible)
            end = bond_schedule(t).dates()[-1]
            expected = t["face_value"] * (ref.lagged(end) / t["base_cpi"] - (1.0 if t["growth_only"] else 0.0))
        worst = max(worst, abs(cf.amount() - expected) / max(1e-9, abs(cf.amount()), t["face_value"] * 1e-6))
    return worst


def reference_analytics(bond, ref, expected):
    """Largest relative difference of index_ratio and accrued (per 100: the current coupon's rate, inflated to its
    accrual end, times the accrued fraction) from the re-derived ones."""
    t, s0, worst = ref.t, ql.Date(expected["settlement"]), 0.0
    if "index_ratio" in expected:
        worst = abs(expected["index_ratio"] - ref.lagged(s0) / t["base_cpi"]) / expected["index_ratio"]
    accrued, dc = 0.0, bond_day_counter(t)
    unpaid = [cf for cf in bond.cashflows() if cf.date() > s0]
    for cf in unpaid:
        c = ql.as_coupon(cf)
        if c is None or cf.date() != unpaid[0].date() or s0 <= c.accrualStartDate():
            continue
        ex = c.exCouponDate()
        if ex != ql.Date() and ex <= s0:
            fraction = -dc.yearFraction(s0, max(s0, c.accrualEndDate()), c.referencePeriodStart(), c.referencePeriodEnd())
        else:
            fraction = dc.yearFraction(c.accrualStartDate(), min(s0, c.accrualEndDate()), c.referencePeriodStart(), c.referencePeriodEnd())
        accrued += t["coupon_rate"] * ref.lagged(c.accrualEndDate()) / t["base_cpi"] * fraction * 100
    return max(worst, abs(expected["accrued"] - accrued) / max(1e-6, abs(expected["accrued"])))



def draw_case(counters):
    rng = g.rng
    valuation = ql.Date(rng.randint(ql.Date(1, 1, 2001).serialNumber(), ql.Date(31, 12, 2055).serialNumber()))
    ql.Settings.instance().evaluationDate = valuation
    style, t, conv = draw_terms(valuation)
    issue, maturity = from_iso(t["issue_date"]), from_iso(t["maturity_date"])
    c = draw_curve(valuation, maturity, conv)
    # the true CPI history around the issue's reference month; only what is published at valuation is stored
    first = add_months(month_start(min(issue, valuation)), -9 - rng.randint(0, 24))
    last_needed = add_months(month_start(max(issue, valuation)), 2)
    series = cpi_series(month_start(issue - period(t["observation_lag"])), rng.uniform(230, 330), first, last_needed)
    if rng.random() < 0.7:
        t["base_cpi"] = round(reference_cpi(series, issue, t["observation_lag"], t["interpolation"]), 5)
    else:
        t["base_cpi"] = round(rng.uniform(230, 330), 3)
    published = month_start(valuation - period(conv["availability_lag"]))
    if rng.random() < 0.25:
        published = add_months(published, -1)
    months = [m for m in sorted(series) if m <= published]
    fixings = {"dates": [iso(m) for m in months], "rates": [series[m] for m in months]}
    dropped = None
    if rng.random() < 0.03:
        # a value the valuation needs: the curve's base month, or the reference month at settlement or of the next coupon
        lag = period(t["observation_lag"])
        candidates = [month_start(from_iso(c["nodes"][0]["date"])), month_start(max(valuation, issue) - lag), month_start(max(valuation, issue) + 120 - lag)]
        present = [iso(m) for m in candidates if iso(m) in fixings["dates"]]
        if present:
            dropped = rng.choice(present)
            k = fixings["dates"].index(dropped)
            del fixings["dates"][k], fixings["rates"][k]
    ref_shift = [rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)]
    pools = {"discount": rng.randrange(len(g.CURVES)), "projection": rng.randrange(len(g.CURVES)), "benchmark": rng.randrange(len(g.CURVES))}
    params = {"horizon_days": rng.choice([1, 5, 21, 63, 250]), "tol": rng.choice([1e-12, 1e-10]), "max_iter": 200, "cashflows": rng.random() < 0.3,
              "ref_shift": ref_shift}
    if rng.random() < 0.1:
        params["with_yield"] = round(rng.uniform(0.0, 0.1), 5)
        params["flat_compounding"] = rng.choice(["Compounded", "Continuous"])
        discount = ql.FlatForward(valuation, params["with_yield"], bond_day_counter(t),
                                  {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[params["flat_compounding"]], ql.Annual)
    else:
        discount = g.ql_curve(pools["discount"], valuation - ref_shift[0])
    params["override_clean_price"] = round(rng.uniform(60, 130) if not t["growth_only"] else rng.uniform(5, 60), 4)
    params["target_move"] = rng.uniform(-0.08, 0.08)
    case = {"kind": "CPIBond", "terms": t, "valuation_date": iso(valuation), "pools": pools, "ref_shift": ref_shift, "index": conv, "fixings": fixings,
            "inflation_curve": c, "parameters": {k: params[k] for k in ("horizon_days", "tol", "max_iter", "override_clean_price") if k in params},
            "want_cashflows": params["cashflows"]}
    if params.get("with_yield") is not None:
        case["parameters"].update({"with_yield": params["with_yield"], "flat_compounding": params["flat_compounding"]})
    try:
        case["expected"], bond, _ = cpi_expected(t, valuation, conv, fixings, c, discount, params, pools)
        try:
            ref = Reference(t, valuation, conv, fixings, c)
            worst = max(reference_amounts(bond, ref), reference_analytics(bond, ref, case["expected"]))
            counters["checked"] += 1
            if worst > 1e-10:
                counters["mismatch"].append((iso(valuation), style, t["interpolation"], conv["interpolated"], worst))
        except KeyError:
            counters["reference_refused"] += 1
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:160]
    counters["styles"][style] = counters["styles"].get(style, 0) + 1
    if dropped:
        counters["dropped"] += 1
    return case


def main():
    g.rng.seed(SEED)
    counters = {"checked": 0, "mismatch": [], "reference_refused": 0, "styles": {}, "dropped": 0}
    cases = [draw_case(counters) for _ in range(N_CASES)]
    write_fixture("cpi", cases, seed=SEED, curves=g.CURVES)
    by = {}
    for c in cases:
        key = (c["terms"]["interpolation"], c["terms"]["growth_only"])
        by[key] = by.get(key, 0) + 1
    stages = {"before issue": sum(1 for c in cases if c["terms"]["issue_date"] > c["valuation_date"]),
              "within a year of maturity": sum(1 for c in cases if (from_iso(c["terms"]["maturity_date"]) - from_iso(c["valuation_date"])) < 366)}
    print(f"  {stages}")
    print(f"  styles {counters['styles']}; by (interpolation, growth_only) {dict(sorted(by.items()))}; {counters['dropped']} with a dropped fixing")
    errors = {}
    for c in cases:
        for k, v in ([("error", c["error"])] if "error" in c else [(k, v) for k, v in c["expected"].items() if k.endswith("_error")]):
            errors.setdefault((k, v.split(" fixing for")[0].split(" (")[0]), []).append(v)
    print(f"  {sum(1 for c in cases if 'error' in c)} where QuantLib throws; messages:")
    for (k, head), vs in sorted(errors.items()):
        print(f"    {len(vs):4d} {k}: {vs[0]}")
    print(f"  reference check: {counters['checked']} checked, {len(counters['mismatch'])} mismatches, {counters['reference_refused']} refused {counters['mismatch'][:5]}")


if __name__ == "__main__":
    main()
