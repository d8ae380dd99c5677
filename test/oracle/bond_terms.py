"""Random instrument terms (design §4) and their QuantLib 1.29 bonds, built exactly as
workers/operations/rebuild-instrument.ts rebuilds them. Shared by gen_bonds.py and gen_callable.py."""
import QuantLib as ql

from curve_builders import DAY_COUNTERS

DC_CODES = ["Actual360", "Actual365Fixed", "Thirty360_BondBasis", "Thirty360_USA", "Thirty360_European", "ActualActual_ISDA", "ActualActual_ISMA", "ActualActual_Bond", "ActualActual_AFB"]
CALENDARS = {
    "TARGET": lambda: ql.TARGET(),
    "UnitedStates::GovernmentBond": lambda: ql.UnitedStates(ql.UnitedStates.GovernmentBond),
    "UnitedStates::Settlement": lambda: ql.UnitedStates(ql.UnitedStates.Settlement),
    "UnitedKingdom::Settlement": lambda: ql.UnitedKingdom(ql.UnitedKingdom.Settlement),
    "NullCalendar": lambda: ql.NullCalendar(),
    "WeekendsOnly": lambda: ql.WeekendsOnly(),
}
BDCS = {"Following": ql.Following, "ModifiedFollowing": ql.ModifiedFollowing, "Preceding": ql.Preceding, "Unadjusted": ql.Unadjusted, "ModifiedPreceding": ql.ModifiedPreceding}
UNITS = {"D": ql.Days, "W": ql.Weeks, "M": ql.Months, "Y": ql.Years}


def iso(d):
    return f"{d.year():04d}-{d.month():02d}-{d.dayOfMonth():02d}"


def from_iso(s):
    y, m, d = (int(x) for x in s.split("-"))
    return ql.Date(d, m, y)


def period(text):
    return ql.Period(int(text[:-1]), UNITS[text[-1].upper()])


def calendar(terms):
    if terms["name"] == "JointCalendar":
        a, b = (calendar(c) for c in terms["calendars"])
        return ql.JointCalendar(a, b, ql.JoinHolidays if terms.get("rule", "JoinHolidays") == "JoinHolidays" else ql.JoinBusinessDays)
    return CALENDARS[terms["name"]]()


def day_counter(code, maturity=None):
    """The bond's day counter; 30E/360 ISDA treats the termination date (the maturity) specially, as the service does."""
    if code == "Thirty360_ISDA":
        return ql.Thirty360(ql.Thirty360.ISDA, maturity) if maturity is not None else ql.Thirty360(ql.Thirty360.ISDA)
    return DAY_COUNTERS[code]()


def february_end_after(maturity, earliest):
    """The last day of February of the maturity's year, or of the first later year after `earliest` (30E/360 ISDA cases)."""
    year = maturity.year()
    while ql.Date.endOfMonth(ql.Date(1, ql.February, year)) <= earliest:
        year += 1
    return ql.Date.endOfMonth(ql.Date(1, ql.February, year))


def bond_day_counter(t):
    return day_counter(t["day_count"], from_iso(t["maturity_date"]))


def bond_schedule(t):
    cal = calendar(t["calendar"])
    bdc = BDCS[t.get("business_day_convention") or "Following"]
    tenor = period(t["coupon_frequency"])
    s = t.get("schedule")
    if not s:
        return ql.Schedule(from_iso(t["issue_date"]), from_iso(t["maturity_date"]), tenor, cal, bdc, bdc, ql.DateGeneration.Forward, False)
    scal = calendar(s["calendar"]) if s.get("calendar") else cal
    sbdc = BDCS[s.get("business_day_convention") or t.get("business_day_convention") or "Following"]
    stenor = period(s["tenor"]) if s.get("tenor") else tenor
    if s.get("end_of_month") is not None:
        return ql.Schedule([from_iso(d) for d in s["dates"]], scal, sbdc, sbdc, stenor, ql.DateGeneration.Backward, s["end_of_month"])
    return ql.Schedule([from_iso(d) for d in s["dates"]], scal, sbdc, sbdc, stenor)


def ex_coupon_args(t):
    if not t.get("ex_coupon_period"):
        return []
    cal = calendar(t["ex_coupon_calendar"]) if t.get("ex_coupon_calendar") else calendar(t["calendar"])
    return [period(t["ex_coupon_period"]), cal, BDCS[t.get("ex_coupon_convention") or "Unadjusted"], bool(t.get("ex_coupon_end_of_month"))]


def ibor_index(conv, projection_handle):
    return ql.IborIndex(conv["identifier"], period(conv["tenor"]), conv["fixing_days"], ql.USDCurrency(), calendar(conv["calendar"]),
                        BDCS[conv["business_day_convention"]], conv["end_of_month"], day_counter(conv["day_count"]), projection_handle)


def build_bond(kind, t, index=None, callability=None):
    settlement_days = t.get("settlement_days", 2)
    issue = from_iso(t["issue_date"])
    dc = bond_day_counter(t)
    bdc = BDCS[t.get("business_day_convention") or "Following"]
    pay = BDCS[t.get("payment_convention") or t.get("business_day_convention") or "Following"]
    if kind == "ZeroCouponBond":
        return ql.ZeroCouponBond(settlement_days, calendar(t["calendar"]), t["face_value"], from_iso(t["maturity_date"]), pay, t.get("redemption_pct", 100.0), issue)
    schedule = bond_schedule(t)
    ex = ex_coupon_args(t)
    if kind == "FixedRateBond":
        pay_cal = calendar(t["payment_calendar"]) if t.get("payment_calendar") else calendar(t["calendar"])
        return ql.FixedRateBond(settlement_days, t["face_value"], schedule, [t["coupon_rate"]], dc, pay, t.get("redemption", 100.0), issue, pay_cal, *ex)
    if kind == "AmortizingFixedRateBond":
        return ql.AmortizingFixedRateBond(settlement_days, t["amortization"]["notionals"], schedule, [t["coupon_rate"]], dc, pay, issue, *ex)
    if kind == "CallableFixedRateBond":
        return ql.CallableFixedRateBond(settlement_days, t["face_value"], schedule, [t["coupon_rate"]], dc, pay, t.get("redemption", 100.0), issue, callability, *ex)
    fixing_days = t["fixing_days"] if t.get("fixing_days") is not None else index.fixingDays()
    gearings = t.get("gearings") or [1.0]
    spreads = t.get("spreads") or [t["spread"]]
    caps = t.get("caps") or []
    floors = t.get("floors") or []
    arrears = bool(t.get("in_arrears"))
    if kind == "FloatingRateBond":
        bond = ql.FloatingRateBond(settlement_days, t["face_value"], schedule, index, dc, pay, fixing_days, gearings, spreads, caps, floors, arrears, t.get("redemption", 100.0), issue, *ex)
    else:
        bond = ql.AmortizingFloatingRateBond(settlement_days, t["amortization"]["notionals"], schedule, index, dc, pay, fixing_days, gearings, spreads, caps, floors, arrears, issue, *ex)
    return bond


def set_zero_vol_pricer(bond, valuation):
    """Stored terms carry no volatility: optionlets at zero volatility, as the service prices them."""
    vol = ql.ConstantOptionletVolatility(valuation, ql.NullCalendar(), ql.Following, 0.0, ql.Actual365Fixed(), ql.Normal)
    ql.setCouponPricer(bond.cashflows(), ql.BlackIborCouponPricer(ql.OptionletVolatilityStructureHandle(vol)))


def ql_callability(terms):
    cs = ql.CallabilitySchedule()
    for c in terms["callability"]:
        price = ql.BondPrice(c["price"], ql.BondPrice.Clean if c["price_type"] == "Clean" else ql.BondPrice.Dirty)
        cs.append(ql.Callability(price, ql.Callability.Call if c["type"] == "Call" else ql.Callability.Put, from_iso(c["date"])))
    return cs
