"""QuantLib 1.29 objects of an inflation-linked bond in the stored-terms format (design §4.2, §5.1): the zero-inflation
index of its conventions, its zero-inflation curve observation, its CPI fixings and the CPIBond itself, plus the
fixed-rate bond of its real flows (for the real yield). Shared by gen_cpi.py.

Index: ZeroInflationIndex(identifier, CustomRegion(region, region), revised, interpolated, Monthly, availability
lag, USD, curve handle) — the region is a CustomRegion named by the stored code, so QuantLib's index name (and its
error messages) read "US TEST-CPI". The `interpolated` flag uses 1.29's deprecated constructor: it still changes
ZeroInflationIndex::fixing/forecastFixing for fixing dates inside a month (only reached by CPI::AsIndex).
Curve: ZeroInflationCurve(reference date, NullCalendar, day counter, lag, Monthly, dates, rates), linear in time
from the reference date, no extrapolation enabled (a forecast past the end of the last node's month throws)."""
import QuantLib as ql

from bond_terms import BDCS, bond_day_counter, bond_schedule, build_bond, calendar, coupon_rates, day_counter, ex_coupon_args, from_iso, period

INTERPOLATIONS = {"Flat": ql.CPI.Flat, "Linear": ql.CPI.Linear, "AsIndex": ql.CPI.AsIndex}


def inflation_curve(c):
    """The stored zero-inflation observation {reference_date, lag, day_counter, nodes: [{date, rate}]} (first node =
    base date; QuantLib requires it inside the month of reference_date - lag)."""
    dates = [from_iso(n["date"]) for n in c["nodes"]]
    rates = [n["rate"] for n in c["nodes"]]
    return ql.ZeroInflationCurve(from_iso(c["reference_date"]), ql.NullCalendar(), day_counter(c["day_counter"]), period(c["lag"]), ql.Monthly,
                                 dates, rates)


def inflation_index(conv, handle=None):
    """ZeroInflationIndex of the index conventions (design §4.2), forecasting on `handle`."""
    assert conv.get("frequency", "Monthly") == "Monthly"
    region = ql.CustomRegion(conv["region"], conv["region"])
    return ql.ZeroInflationIndex(conv["identifier"], region, bool(conv.get("revised")), bool(conv.get("interpolated")), ql.Monthly,
                                 period(conv["availability_lag"]), ql.USDCurrency(), handle or ql.ZeroInflationTermStructureHandle())


def add_cpi_fixings(index, fixings):
    """CPI values, each dated the first of its month (where ZeroInflationIndex looks them up)."""
    if fixings["dates"]:
        index.addFixings([from_iso(d) for d in fixings["dates"]], fixings["rates"])


def payment_calendar(t):
    return calendar(t["payment_calendar"]) if t.get("payment_calendar") else calendar(t["calendar"])


def build_cpi_bond(t, index):
    """QuantLib 1.29 CPIBond of the stored terms: CPILeg coupons on the schedule (CPICoupon: face x coupon_rate x
    I(accrual end)/base_cpi x accrual), the last flow a CPICashFlow face x (I(schedule end)/base_cpi [- 1 if growth_only])."""
    pay = BDCS[t.get("payment_convention") or t.get("business_day_convention") or "Following"]
    return ql.CPIBond(t.get("settlement_days", 2), t["face_value"], bool(t.get("growth_only")), t["base_cpi"], period(t["observation_lag"]), index,
                      INTERPOLATIONS[t["interpolation"]], bond_schedule(t), coupon_rates(t), bond_day_counter(t), pay, from_iso(t["issue_date"]),
                      payment_calendar(t), *ex_coupon_args(t))


def real_bond(t):
    """The real flows: a FixedRateBond with the CPIBond's schedule, real coupon, day count, payment convention and
    calendar, face and ex-coupon terms, redeeming at 100."""
    real = {k: v for k, v in t.items() if k not in ("redemption", "first_period_day_count")}
    return build_bond("FixedRateBond", real)


def lagged_fixing(index, date, t):
    """CPI::laggedFixing of the bond's lag and interpolation at `date` (the reference CPI its coupons use)."""
    return ql.CPI.laggedFixing(index, date, period(t["observation_lag"]), INTERPOLATIONS[t["interpolation"]])
