"""Random instrument terms (design §4) and their QuantLib 1.29 bonds, built exactly as
workers/operations/rebuild-instrument.ts rebuilds them. Shared by gen_bonds.py and gen_callable.py."""
import QuantLib as ql

from curve_builders import DAY_COUNTERS

DC_CODES = ["Actual360", "Actual365Fixed", "Thirty360_BondBasis", "Thirty360_USA", "Thirty360_European", "ActualActual_ISDA", "ActualActual_ISMA", "ActualActual_Bond", "ActualActual_AFB"]
# every other day counter of QuantLib 1.29, by the service's codes (Business252 takes the calendar it counts on)
MORE_DAY_COUNTERS = {
    "Actual360_IncludeLastDay": lambda: ql.Actual360(True),
    "Actual364": lambda: ql.Actual364(),
    "Actual365Fixed_Canadian": lambda: ql.Actual365Fixed(ql.Actual365Fixed.Canadian),
    "Actual365Fixed_NoLeap": lambda: ql.Actual365Fixed(ql.Actual365Fixed.NoLeap),
    "Actual36525": lambda: ql.Actual36525(),
    "Actual366": lambda: ql.Actual366(),
    "ActualActual_Historical": lambda: ql.ActualActual(ql.ActualActual.Historical),
    "ActualActual_Actual365": lambda: ql.ActualActual(ql.ActualActual.Actual365),
    "ActualActual_Euro": lambda: ql.ActualActual(ql.ActualActual.Euro),
    "Thirty360_ISMA": lambda: ql.Thirty360(ql.Thirty360.ISMA),
    "Thirty360_Italian": lambda: ql.Thirty360(ql.Thirty360.Italian),
    "Thirty360_NASD": lambda: ql.Thirty360(ql.Thirty360.NASD),
    "Thirty360_EurobondBasis": lambda: ql.Thirty360(ql.Thirty360.EurobondBasis),
    "Thirty365": lambda: ql.Thirty365(),
    "OneDayCounter": lambda: ql.OneDayCounter(),
    "SimpleDayCounter": lambda: ql.SimpleDayCounter(),
}
CALENDARS = {
    "TARGET": lambda: ql.TARGET(),
    "UnitedStates::GovernmentBond": lambda: ql.UnitedStates(ql.UnitedStates.GovernmentBond),
    "UnitedStates::Settlement": lambda: ql.UnitedStates(ql.UnitedStates.Settlement),
    "UnitedKingdom::Settlement": lambda: ql.UnitedKingdom(ql.UnitedKingdom.Settlement),
    "NullCalendar": lambda: ql.NullCalendar(),
    "WeekendsOnly": lambda: ql.WeekendsOnly(),
}
# every other calendar Python's QuantLib 1.29 binds, as Country::Market (or Country for a class without markets)
_MARKETS = {
    "Argentina": ["Merval"], "Australia": [], "Brazil": ["Settlement", "Exchange"], "Canada": ["Settlement", "TSX"], "Chile": ["SSE"],
    "China": ["SSE", "IB"], "CzechRepublic": ["PSE"], "Denmark": [], "Finland": [], "France": ["Settlement", "Exchange"],
    "Germany": ["Settlement", "FrankfurtStockExchange", "Xetra", "Eurex"], "HongKong": ["HKEx"], "Hungary": [], "Iceland": ["ICEX"],
    "India": ["NSE"], "Indonesia": ["BEJ", "JSX"], "Israel": ["Settlement", "TASE"], "Italy": ["Settlement", "Exchange"], "Japan": [],
    "Mexico": ["BMV"], "NewZealand": [], "Norway": [], "Poland": [], "Russia": ["Settlement"], "SaudiArabia": ["Tadawul"],
    "Singapore": ["SGX"], "Slovakia": ["BSSE"], "SouthAfrica": [], "SouthKorea": ["Settlement", "KRX"], "Sweden": [], "Switzerland": [],
    "Taiwan": ["TSEC"], "Thailand": [], "Turkey": [], "Ukraine": ["USE"], "UnitedKingdom": ["Exchange", "Metals"],
    "UnitedStates": ["NYSE", "NERC", "LiborImpact", "FederalReserve"],
}
for _country, _markets in _MARKETS.items():
    _cls = getattr(ql, _country)
    if not _markets:
        CALENDARS[_country] = _cls
    for _m in _markets:
        CALENDARS[f"{_country}::{_m}"] = (lambda c, m: lambda: c(getattr(c, m)))(_cls, _m)
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


def day_counter(code, maturity=None, business_calendar=None):
    """The bond's day counter; 30E/360 ISDA (German) treats the termination date (the maturity) specially, as the
    service does; Business252 counts the business days of `business_calendar`."""
    if code in ("Thirty360_ISDA", "Thirty360_German"):
        convention = ql.Thirty360.ISDA if code == "Thirty360_ISDA" else ql.Thirty360.German
        return ql.Thirty360(convention, maturity) if maturity is not None else ql.Thirty360(convention)
    if code == "Business252":
        return ql.Business252(business_calendar)
    if code in MORE_DAY_COUNTERS:
        return MORE_DAY_COUNTERS[code]()
    return DAY_COUNTERS[code]()


def february_end_after(maturity, earliest):
    """The last day of February of the maturity's year, or of the first later year after `earliest` (30E/360 ISDA cases)."""
    year = maturity.year()
    while ql.Date.endOfMonth(ql.Date(1, ql.February, year)) <= earliest:
        year += 1
    return ql.Date.endOfMonth(ql.Date(1, ql.February, year))


def business_calendar(t):
    return calendar(t["day_count_calendar"]) if t.get("day_count_calendar") else calendar(t["calendar"])


def bond_day_counter(t):
    return day_counter(t["day_count"], from_iso(t["maturity_date"]), business_calendar(t))


def first_period_day_counter(t):
    code = t.get("first_period_day_count")
    return day_counter(code, from_iso(t["maturity_date"]), business_calendar(t)) if code else None


def coupon_rates(t):
    return list(t["coupon_rate"]) if isinstance(t["coupon_rate"], list) else [t["coupon_rate"]]


RULES = {name: getattr(ql.DateGeneration, name) for name in
         ["Backward", "Forward", "Zero", "ThirdWednesday", "ThirdWednesdayInclusive", "Twentieth", "TwentiethIMM", "OldCDS", "CDS", "CDS2015"]}


def bond_schedule(t):
    """The schedule of design §4.1: Forward from issue when none is stored; generated by its rule without dates;
    explicit dates as they are, with is_regular when given, a tenor when given (or, for terms stored with
    end_of_month before is_regular existed, the coupon frequency)."""
    cal = calendar(t["calendar"])
    bdc = BDCS[t.get("business_day_convention") or "Following"]
    tenor = period(t["coupon_frequency"])
    s = t.get("schedule")
    if not s:
        return ql.Schedule(from_iso(t["issue_date"]), from_iso(t["maturity_date"]), tenor, cal, bdc, bdc, ql.DateGeneration.Forward, False)
    scal = calendar(s["calendar"]) if s.get("calendar") else cal
    sbdc = BDCS[s.get("business_day_convention") or t.get("business_day_convention") or "Following"]
    tbdc = BDCS[s["termination_business_day_convention"]] if s.get("termination_business_day_convention") else sbdc
    eom = s.get("end_of_month")
    if s.get("dates") is None:
        first = from_iso(s["first_date"]) if s.get("first_date") else ql.Date()
        next_to_last = from_iso(s["next_to_last_date"]) if s.get("next_to_last_date") else ql.Date()
        return ql.Schedule(from_iso(t["issue_date"]), from_iso(t["maturity_date"]), period(s["tenor"]) if s.get("tenor") else tenor, scal, sbdc, tbdc,
                           RULES[s["rule"]], bool(eom), first, next_to_last)
    dates = [from_iso(d) for d in s["dates"]]
    stenor = period(s["tenor"]) if s.get("tenor") else (tenor if eom is not None else None)
    rule = RULES[s["rule"]] if s.get("rule") else None
    if stenor is None:
        return ql.Schedule(dates, scal, sbdc, tbdc, None, rule, bool(eom), list(s.get("is_regular") or []))
    return ql.Schedule(dates, scal, sbdc, tbdc, stenor, rule, bool(eom), list(s.get("is_regular") or []))


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
    first_dc = first_period_day_counter(t)
    if (first_dc is not None and kind in ("FixedRateBond", "AmortizingFixedRateBond")) or (kind == "AmortizingFixedRateBond" and not schedule.hasTenor()):
        # Python's bonds take no firstPeriodDayCounter, and AmortizingFixedRateBond wants a tenor only for its frequency:
        # the bond of its FixedRateLeg, as FixedRateBond and AmortizingFixedRateBond build it
        pay_cal = calendar(t["payment_calendar"]) if t.get("payment_calendar") else calendar(t["calendar"])
        notionals = t["amortization"]["notionals"] if kind == "AmortizingFixedRateBond" else [t["face_value"]]
        leg = ql.FixedRateLeg(schedule, dc, notionals, coupon_rates(t), pay, first_dc or dc, *(ex or [ql.Period(), pay_cal, ql.Unadjusted, False]), pay_cal)
        return ql.Bond(settlement_days, pay_cal, issue, leg)
    if kind == "FixedRateBond":
        pay_cal = calendar(t["payment_calendar"]) if t.get("payment_calendar") else calendar(t["calendar"])
        return ql.FixedRateBond(settlement_days, t["face_value"], schedule, coupon_rates(t), dc, pay, t.get("redemption", 100.0), issue, pay_cal, *ex)
    if kind == "AmortizingFixedRateBond":
        return ql.AmortizingFixedRateBond(settlement_days, t["amortization"]["notionals"], schedule, coupon_rates(t), dc, pay, issue, *ex)
    if kind == "CallableFixedRateBond":
        return ql.CallableFixedRateBond(settlement_days, t["face_value"], schedule, coupon_rates(t), dc, pay, t.get("redemption", 100.0), issue, callability, *ex)
    if t.get("overnight") is not None or isinstance(index, ql.OvernightIndex):
        return overnight_bond(kind, t, index, schedule)
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


AVERAGING = {"Compound": ql.RateAveraging.Compound, "Simple": ql.RateAveraging.Simple}


def is_overnight(conv):
    """Whether index conventions describe an overnight index (design §4.2)."""
    return bool(conv) and conv.get("index_kind") == "overnight"


def overnight_index(conv, projection_handle):
    """An overnight index (tenor 1D, Following) of the conventions, fixing on its calendar."""
    return ql.OvernightIndex(conv["identifier"], conv["fixing_days"], ql.USDCurrency(), calendar(conv["calendar"]), day_counter(conv["day_count"]),
                             projection_handle)


def overnight_terms(t):
    """The floater's overnight block with its defaults (design §4.2)."""
    o = t.get("overnight") or {}
    return {"averaging": o.get("averaging") or "Compound", "lookback_days": o.get("lookback_days") or 0, "lockout_days": o.get("lockout_days") or 0,
            "observation_shift": bool(o.get("observation_shift")), "payment_lag": o.get("payment_lag") or 0}


def payment_calendar(t):
    return calendar(t["payment_calendar"]) if t.get("payment_calendar") else calendar(t["calendar"])


def overnight_leg(kind, t, index, schedule=None):
    """QuantLib 1.29's OvernightLeg of the floater's terms (no lookback, lockout or observation shift: 1.29 has none)."""
    o = overnight_terms(t)
    if o["lookback_days"] or o["lockout_days"] or o["observation_shift"]:
        raise ValueError("QuantLib 1.29's OvernightLeg has no lookback, lockout or observation shift")
    notionals = t["amortization"]["notionals"] if kind == "AmortizingFloatingRateBond" else [t["face_value"]]
    pay = BDCS[t.get("payment_convention") or t.get("business_day_convention") or "Following"]
    return ql.OvernightLeg(notionals, schedule if schedule is not None else bond_schedule(t), index, bond_day_counter(t), pay, t.get("gearings") or [1.0],
                           t.get("spreads") or [t["spread"]], False, AVERAGING[o["averaging"]], payment_calendar(t), o["payment_lag"])


def overnight_bond(kind, t, index, schedule=None):
    """The overnight floater: its OvernightLeg in a Bond on the payment calendar, which adds the redemptions (at 100)."""
    return ql.Bond(t.get("settlement_days", 2), payment_calendar(t), from_iso(t["issue_date"]), overnight_leg(kind, t, index, schedule))


VOL_TYPES = {"Normal": ql.Normal, "ShiftedLognormal": ql.ShiftedLognormal}


def set_vol_pricer(bond, valuation, conv, vol=None, reference=None):
    """BlackIborCouponPricer on the floater's coupons: without a volatility (none selected) at zero volatility; with
    one `{type, volatility, shift}`, a ConstantOptionletVolatility from the projection curve's reference date on the
    index calendar, Following, Actual/365 (Fixed) (design §5.1)."""
    if vol is None:
        structure = ql.ConstantOptionletVolatility(valuation, ql.NullCalendar(), ql.Following, 0.0, ql.Actual365Fixed(), ql.Normal)
    else:
        structure = ql.ConstantOptionletVolatility(reference, calendar(conv["calendar"]), ql.Following, vol["volatility"], ql.Actual365Fixed(),
                                                   VOL_TYPES[vol["type"]], vol.get("shift", 0.0))
    ql.setCouponPricer(bond.cashflows(), ql.BlackIborCouponPricer(ql.OptionletVolatilityStructureHandle(structure)))


def ql_callability(terms):
    cs = ql.CallabilitySchedule()
    for c in terms["callability"]:
        price = ql.BondPrice(c["price"], ql.BondPrice.Clean if c["price_type"] == "Clean" else ql.BondPrice.Dirty)
        cs.append(ql.Callability(price, ql.Callability.Call if c["type"] == "Call" else ql.Callability.Put, from_iso(c["date"])))
    return cs


def set_zero_vol_pricer(bond, valuation):
    """Optionlets at zero volatility: how a floater prices when its market data selects no volatility."""
    set_vol_pricer(bond, valuation, None)
