"""Oracle for floaters on an overnight index (design §4.2): gen_bonds.py's FloatingRateBond and
AmortizingFloatingRateBond terms on a TEST-ON index (tenor 1D, no fixing days, Following; TARGET, US government bond
or UK settlement calendar, which is the bond's own calendar in ~80% of the cases), issued at most ~3 years before the
valuation date and 1-10 years long, without caps, floors, in-arrears fixing, fixing days or ex-coupon terms. Two
kinds of case, on gen_bonds.py's curve pool:
- QuantLib cases (~45%): compounded or simple-averaged, with a payment lag of 0-3 days, as QuantLib 1.29's
  OvernightLeg in a Bond; expected: everything gen_bonds.py records. Their coupons are also computed by
  overnight_reference.py, which must agree with QuantLib where the two describe the same coupon;
- reference cases ("reference": true, ~55%): with a lookback, lockout and/or observation shift, which QuantLib 1.29
  lacks; the coupons by overnight_reference.py, priced as fixed-rate coupons of those rates in a QuantLib Bond on the
  same discount curve; expected: settlement date, npv, settlement value, dirty price and every coupon's payment
  date and amount (`coupons_error` instead when a paid coupon lacks a fixing).
Fixings: the daily fixings the coupons read before (in half the cases also on) the valuation date, of the coupons
the npv needs (paid after the discount curve's reference date) and, in 30% of the cases, of the paid ones too; 3% of
the cases lack one of them. ~10% of the cases are valued on a coupon's start date.
Where QuantLib 1.29 departs from the design: a simple-averaged coupon whose end is not an index business day weighs
its last day to the adjusted end (checked, and counted, below); a compounded coupon paid before its end (a Preceding
payment convention) is infinite in QuantLib, so QuantLib cases are not drawn with one."""
import math
from collections import Counter

import QuantLib as ql

import gen_bonds as g
import overnight_reference as ref
from bond_oracle import price_all
from bond_terms import bond_day_counter, bond_schedule, from_iso, iso, overnight_index, overnight_leg, overnight_terms, payment_calendar
from fixture_io import write_fixture

SEED = 20261129
N_CASES = 1200
ON_CALENDARS = ["TARGET", "UnitedStates::GovernmentBond", "UnitedKingdom::Settlement"]
MAX_AGE = 3 * 365 + 1          # days from issue to valuation: keeps a case's fixings under ~800
MAX_FIXINGS = 800
TOL = 1e-12                    # QuantLib's coupon amounts against the reference's, relative
RATE_TOL = 1e-13               # ... or as coupon rates (1e-11 bp), where the rate is too small for TOL


def overnight_conventions():
    rng = g.rng
    return {"identifier": "TEST-ON", "index_kind": "overnight", "tenor": "1D", "fixing_days": 0, "calendar": {"name": rng.choice(ON_CALENDARS)},
            "day_count": rng.choice(["Actual360", "Actual365Fixed"]), "business_day_convention": "Following", "end_of_month": False, "currency": "USD"}


def overnight_block(reference):
    """The terms' overnight block: QuantLib cases only average and lag (some leave the block or its defaults out);
    reference cases have a lookback, lockout or shift."""
    rng = g.rng
    if not reference:
        if rng.random() < 0.25:
            return None
        o = {}
        averaging = rng.choice(["Compound", "Compound", "Simple"])
        if averaging == "Simple" or rng.random() < 0.7:
            o["averaging"] = averaging
        lag = rng.choice([0, 0, 1, 2, 3])
        if lag or rng.random() < 0.5:
            o["payment_lag"] = lag
        return o
    while True:
        o = {"averaging": rng.choice(["Compound", "Compound", "Simple"]), "lookback_days": rng.randint(0, 5), "lockout_days": rng.randint(0, 5),
             "observation_shift": rng.random() < 0.5, "payment_lag": rng.randint(0, 3)}
        if o["lookback_days"] or o["lockout_days"] or o["observation_shift"]:
            return o


def draw_terms(kind, valuation, conv, reference):
    """gen_bonds.py's floater terms, redrawn until short enough for daily fixings, stripped of what an overnight
    floater does not take."""
    rng = g.rng
    while True:
        t = g.random_terms(kind, valuation)
        issue, maturity = from_iso(t["issue_date"]), from_iso(t["maturity_date"])
        if valuation - issue <= MAX_AGE and 330 <= maturity - issue <= 3680:
            break
    for key in ("caps", "floors", "in_arrears", "fixing_days", "ex_coupon_period", "ex_coupon_convention", "ex_coupon_calendar", "redemption"):
        t.pop(key, None)
    if rng.random() < 0.8:
        t["calendar"] = dict(conv["calendar"])
    if kind == "FloatingRateBond" and rng.random() < 0.1:
        t["redemption"] = 100.0
    o = overnight_block(reference)
    if o is not None:
        t["overnight"] = o
    return t


def fixings_dict(fixings):
    return {from_iso(d).serialNumber(): r for d, r in zip(fixings["dates"], fixings["rates"])}


def first_line(e):
    return str(e).split("\n")[0][:160]


def reference_expected(kind, t, conv, periods, obs, proj, fixings, valuation, discount):
    """The reference's coupons as fixed-rate coupons of a QuantLib Bond: npv, settlement value and dirty price on
    the discount curve, and every coupon's amount. A coupon paid on or before the npv date (the discount curve's
    reference) is not needed: its missing fixing fails only the list of coupons."""
    observer = ref.Observer(conv, proj, fixings_dict(fixings), valuation)
    averaging = overnight_terms(t)["averaging"]
    npv_date = discount.referenceDate()
    rates, coupons, coupons_error = [], [], None
    for p, ob in zip(periods, obs):
        try:
            rate = ref.coupon_rate(p, ob, observer, averaging)
        except RuntimeError as e:
            if p.payment > npv_date:
                raise
            coupons_error = coupons_error or first_line(e)
            rate = 0.0
        rates.append(rate)
        coupons.append([p.payment.serialNumber(), p.nominal * rate * p.accrual])
    dc = bond_day_counter(t)
    leg = ql.Leg([ql.FixedRateCoupon(p.payment, p.nominal, rate, dc, p.start, p.end, p.ref_start, p.ref_end) for p, rate in zip(periods, rates)])
    bond = ql.Bond(t.get("settlement_days", 2), payment_calendar(t), from_iso(t["issue_date"]), leg)
    bond.setPricingEngine(ql.DiscountingBondEngine(ql.YieldTermStructureHandle(discount)))
    out = {"settlement": bond.settlementDate().serialNumber(), "npv": bond.NPV(), "settlement_value": bond.settlementValue(), "dirty": bond.dirtyPrice()}
    if coupons_error:
        out["coupons_error"] = coupons_error
    else:
        out["coupons"] = coupons
    return out


class Agreement:
    """QuantLib's OvernightIndexedCoupon amounts against the reference's, coupon by coupon. Equal to TOL relative,
    or, where a small rate leaves few digits to (prod(1 + r t) - 1), to RATE_TOL as coupon rates: QuantLib
    telescopes the forecast days into DF(first) / DF(last), the reference multiplies each day's forecast."""

    def __init__(self):
        self.coupons = 0
        self.worst = 0.0             # relative, over the coupons compared
        self.worst_rate = 0.0        # as coupon rates: |amount difference| / |nominal x accrual|
        self.by_rate = 0             # coupons within RATE_TOL only
        self.both_fail = 0
        self.today = Counter()       # coupons reading a fixing on the valuation date, stored or forecast
        self.end_off = 0             # Compound coupons whose E is not an index business day (they agree)
        self.off = []                # disagreements, but for the known one below
        # Simple averaging with E not an index business day: QuantLib weighs the last day to the index calendar's
        # adjusted E (its value dates end there), the reference to E itself
        self.simple_end = Counter()
        self.simple_end_worst = 0.0
        self.refused = 0             # periods the reference refuses (no business day to observe)

    def compare(self, q, r, p, tag, what):
        if not (math.isfinite(q) and math.isfinite(r)):
            self.off.append(f"{tag} {what} {p.start.ISO()}..{p.end.ISO()}: QuantLib {q!r} vs reference {r!r}")
            return
        diff = abs(q - r) / max(abs(q), 1e-300)
        diff_rate = abs(q - r) / abs(p.nominal * p.accrual) if p.accrual else (0.0 if q == r else math.inf)
        self.worst = max(self.worst, diff)
        self.worst_rate = max(self.worst_rate, diff_rate)
        if diff > TOL:
            if diff_rate <= RATE_TOL:
                self.by_rate += 1
            else:
                self.off.append(f"{tag} {what} {p.start.ISO()}..{p.end.ISO()}: QuantLib {q!r} vs reference {r!r} ({diff:.2e} relative)")

    def check(self, kind, t, conv, proj, fixings, valuation, tag):
        ql.Settings.instance().evaluationDate = valuation
        ql.IndexManager.instance().clearHistories()
        index = overnight_index(conv, ql.YieldTermStructureHandle(proj))
        if fixings["dates"]:
            index.addFixings([from_iso(d) for d in fixings["dates"]], fixings["rates"])
        leg = overnight_leg(kind, t, index)
        periods = ref.coupon_periods(kind, t)
        cal = index.fixingCalendar()
        dc = index.dayCounter()
        o = overnight_terms(t)
        stored = fixings_dict(fixings)
        observer = ref.Observer(conv, proj, stored, valuation)
        assert len(leg) == len(periods), tag
        for cf, p in zip(leg, periods):
            c = ql.as_overnight_indexed_coupon(cf)
            # the reference lays out the periods as OvernightLeg does
            assert (c.date(), c.accrualStartDate(), c.accrualEndDate(), c.referencePeriodStart(), c.referencePeriodEnd()) == \
                (p.payment, p.start, p.end, p.ref_start, p.ref_end), tag
            assert (c.nominal(), c.gearing(), c.spread(), c.accrualPeriod()) == (p.nominal, p.gearing, p.spread, p.accrual), tag
            try:
                ob = ref.observe(p, cal, dc, o)
            except RuntimeError:
                self.refused += 1
                continue
            try:
                q = c.amount()
            except RuntimeError as e:
                q = first_line(e)
            try:
                r = ref.coupon_amount(p, ob, observer, o["averaging"])
            except RuntimeError as e:
                r = first_line(e)
            self.coupons += 1
            if isinstance(q, str) or isinstance(r, str):
                # both fail, on the same missing date
                if isinstance(q, str) and isinstance(r, str) and q.split(" fixing for ")[-1] == r.split(" fixing for ")[-1]:
                    self.both_fail += 1
                else:
                    self.off.append(f"{tag} {p.start.ISO()}..{p.end.ISO()}: QuantLib {q} vs reference {r}")
                continue
            if valuation in ob.fixing:
                self.today["stored" if valuation.serialNumber() in stored else "forecast"] += 1
            if cal.isBusinessDay(p.end):
                self.compare(q, r, p, tag, o["averaging"])
            elif o["averaging"] == "Compound":
                self.end_off += 1
                self.compare(q, r, p, tag, "Compound, end off the index calendar")
            else:
                self.simple_end["coupons"] += 1
                diff = abs(q - r) / max(abs(q), 1e-300)
                self.simple_end_worst = max(self.simple_end_worst, diff)
                self.simple_end["disagreeing"] += diff > TOL
                # ... and QuantLib's is the reference's with the last weight to cal.adjust(E)
                last = ob.fixing[-1]
                adjusted = ref.Observation(ob.fixing, ob.weight[:-1] + [dc.yearFraction(last, cal.adjust(p.end))], ob.period, 0)
                self.compare(q, ref.coupon_amount(p, adjusted, observer, "Simple"), p, tag, "Simple, weighed to the adjusted end")


AGREEMENT = Agreement()
STATS = Counter()


def draw_case(reference):
    """One randomized overnight floater with its expected values, None where its instrument cannot be drawn."""
    rng = g.rng
    kind = rng.choice(["FloatingRateBond", "FloatingRateBond", "AmortizingFloatingRateBond"])
    valuation = ql.Date(rng.randint(ql.Date(1, 1, 2001).serialNumber(), ql.Date(31, 12, 2055).serialNumber()))
    ql.Settings.instance().evaluationDate = valuation
    conv = overnight_conventions()
    t = draw_terms(kind, valuation, conv, reference)
    try:
        if kind == "AmortizingFloatingRateBond":
            g.add_amortization(t, kind)
        dates = list(bond_schedule(t).dates())
    except RuntimeError:
        return None
    if rng.random() < 0.1:
        # valued on a coupon's start date: the coupon's first fixing (on an index business day) is today's
        issue = from_iso(t["issue_date"])
        starts = [d for d in dates[:-1] if issue <= d <= issue + MAX_AGE]
        if starts:
            valuation = rng.choice(starts)
            ql.Settings.instance().evaluationDate = valuation
    ref_shift = [rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 3)]
    pools = {"discount": rng.randrange(len(g.CURVES)), "projection": rng.randrange(len(g.CURVES)), "benchmark": rng.randrange(len(g.CURVES))}
    params = {"horizon_days": rng.choice([1, 5, 21, 63, 250]), "tol": rng.choice([1e-12, 1e-10]), "max_iter": 200, "cashflows": rng.random() < 0.3}
    if rng.random() < 0.1:
        params["with_yield"] = round(rng.uniform(0.0, 0.1), 5)
        params["flat_compounding"] = rng.choice(["Compounded", "Continuous"])
    # the fixing dates each coupon reads, with its payment date
    ql.IndexManager.instance().clearHistories()
    proj = g.ql_curve(pools["projection"], valuation - ref_shift[1])
    refusal = None
    try:
        if reference:
            periods = ref.coupon_periods(kind, t)
        else:
            leg = overnight_leg(kind, t, overnight_index(conv, ql.YieldTermStructureHandle(proj)))
            coupons = [ql.as_overnight_indexed_coupon(cf) for cf in leg]
            reads = [(c.date(), list(c.fixingDates())) for c in coupons]
    except RuntimeError:
        return None
    if not reference and overnight_terms(t)["averaging"] == "Compound" and any(c.date() < c.accrualEndDate() for c in coupons):
        # paid before its end (a Preceding payment convention): QuantLib 1.29's compounding pricer divides by the
        # period accrued to the end as of the payment date, 0, and the coupon is infinite
        STATS["paid before the end"] += 1
        return None
    if reference:
        try:
            obs = ref.observations(periods, t, conv)
            reads = [(p.payment, ref.needed_fixings(ob)) for p, ob in zip(periods, obs)]
        except RuntimeError as e:
            # terms the design refuses (a lockout as long as a short period): the service must refuse them too
            refusal, reads = first_line(e), []
    include_paid = rng.random() < 0.3
    include_today = rng.random() < 0.5
    # "not yet paid" as the npv sees it: after the discount curve's reference date, up to 3 days before the valuation
    npv_date = valuation if params.get("with_yield") is not None else valuation - ref_shift[0]

    def read_dates(paid):
        return sorted({f for pay, fs in reads if paid or pay > npv_date for f in fs})
    dates = read_dates(include_paid)
    if len(dates) > MAX_FIXINGS:
        dates = read_dates(False)
    needed = [d for d in dates if d < valuation or (d == valuation and include_today)]
    assert len(needed) <= MAX_FIXINGS
    base = rng.uniform(-0.005, 0.08)
    fixings = {"dates": [iso(d) for d in needed], "rates": [round(base + 0.01 * math.sin(i / 7.0), 6) for i, _ in enumerate(needed)]}
    dropped = bool(needed) and rng.random() < 0.03
    if dropped:
        drop = rng.randrange(len(needed))
        del fixings["dates"][drop], fixings["rates"][drop]
    if params.get("with_yield") is not None:
        discount = ql.FlatForward(valuation, params["with_yield"], bond_day_counter(t),
                                  {"Compounded": ql.Compounded, "Continuous": ql.Continuous}[params["flat_compounding"]], ql.Annual)
    else:
        discount = g.ql_curve(pools["discount"], valuation - ref_shift[0])
    params["override_clean_price"] = round(rng.uniform(60, 130), 4)
    if t["day_count"] == "Thirty360_ISDA":
        params["override_clean_price"] = round(rng.uniform(97, 103), 4)
    params["target_move"] = rng.uniform(-0.08, 0.08)
    case = {"kind": kind, "terms": t, "valuation_date": iso(valuation), "pools": pools, "ref_shift": ref_shift, "index": conv, "fixings": fixings,
            "parameters": {k: params[k] for k in ("horizon_days", "tol", "max_iter", "override_clean_price") if k in params}, "want_cashflows": params["cashflows"]}
    if params.get("with_yield") is not None:
        case["parameters"].update({"with_yield": params["with_yield"], "flat_compounding": params["flat_compounding"]})
    if reference:
        case["reference"] = True
        if refusal:
            case["error"] = refusal
            return case
        try:
            case["expected"] = reference_expected(kind, t, conv, periods, obs, proj, fixings, valuation, discount)
        except RuntimeError as e:
            case["error"] = first_line(e)
            STATS[f"reference errors, {'one fixing dropped' if dropped else 'no fixing dropped'}"] += 1
        return case
    try:
        case["expected"] = price_all(kind, t, valuation, discount, ref_shift, conv, fixings, params, pools, g.ql_curve)
    except RuntimeError as e:
        case["error"] = first_line(e)
        STATS[f"QuantLib errors, {'one fixing dropped' if dropped else 'no fixing dropped'}"] += 1
    AGREEMENT.check(kind, t, conv, proj, fixings, valuation, f"case {iso(valuation)} {kind}")
    return case


def main():
    g.rng.seed(SEED)
    cases = []
    while len(cases) < N_CASES:
        case = draw_case(g.rng.random() >= 0.45)
        if case is not None:
            cases.append(case)
    write_fixture("overnight", cases, seed=SEED, curves=g.CURVES)
    a = AGREEMENT
    for label, group in (("QuantLib", [c for c in cases if not c.get("reference")]), ("reference", [c for c in cases if c.get("reference")])):
        errors = Counter(c["error"].split(" fixing for ")[0] if "fixing for" in c["error"] else c["error"] for c in group if "error" in c)
        print(f"  {len(group)} {label} cases, {sum(errors.values())} errors: {dict(errors)}")
        partial = Counter(k for c in group for k in c.get("expected", {}) if k.endswith("_error"))
        if partial:
            print(f"    partial errors: {dict(partial)}")
    print(f"  reference vs QuantLib: {a.coupons} coupons, worst {a.worst:.2e} relative, {a.worst_rate:.2e} as coupon rates "
          f"({a.by_rate} beyond {TOL:g} relative, within {RATE_TOL:g} as rates); {a.both_fail} both missing the same fixing; "
          f"{a.end_off} Compound with an end off the index calendar; valuation-date fixings {dict(a.today)}; {a.refused} periods refused")
    print(f"  Simple with an end off the index calendar: {dict(a.simple_end)} disagree with the reference (worst {a.simple_end_worst:.2e}), "
          f"each agreeing once its last day is weighed to the adjusted end")
    print(f"  {dict(STATS)}")
    for line in a.off[:10]:
        print("    OFF", line)
    assert not a.off, f"{len(a.off)} coupons where the reference and QuantLib disagree"


if __name__ == "__main__":
    main()
