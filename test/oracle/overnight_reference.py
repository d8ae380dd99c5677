"""Our own reference for overnight-compounded (or simple-averaged) floater coupons (design §4.2), with the lookback,
lockout and observation shift QuantLib 1.29 lacks. Pure Python: QuantLib serves only for dates, calendars, day
counters and the projection curve's discount factors. gen_overnight.py checks it against QuantLib's
OvernightIndexedCoupon where they overlap (no lookback, lockout or shift) and prices the other cases with it.

For a coupon's interest period [S, E), the index calendar `cal` and day counter `dc`, lookback L, lockout k:
- without shift, d_1 < ... < d_n are cal's business days in [S, E), d_{n+1} = E; day i observes the fixing of
  f_i = cal.advance(d_i, -L days) and weighs t_i = dc(d_i, d_{i+1}); the period T is the coupon's accrual fraction;
- with shift, the same over [S', E') = [cal.advance(S, -L), cal.advance(E, -L)]: f_j = o_j, t_j = dc(o_j, o_{j+1}),
  T = dc(S', E');
- a lockout repeats the (count - k)-th rate over the last k days;
- R = (prod(1 + r_i t_i) - 1) / T (Compound) or sum(r_i t_i) / T (Simple); the amount is
  nominal x (gearing x R + spread) x accrual, paid payment_lag business days after E on the payment calendar.
A day's rate is its fixing when f is before the valuation date (a missing one raises), its fixing on the valuation
date when there is one, else the forecast (DF(f) / DF(next) - 1) / dc(f, next), next = cal.advance(f, 1 day).
"""
from dataclasses import dataclass

import QuantLib as ql

from bond_terms import BDCS, bond_day_counter, bond_schedule, calendar, day_counter, overnight_terms, payment_calendar

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]


def long_date(d):
    """A date as QuantLib's messages print it: "January 10th, 2024"."""
    n = d.dayOfMonth()
    suffix = "th" if n in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{MONTHS[d.month() - 1]} {n}{suffix}, {d.year()}"


def nth(values, i, default):
    """detail::get: the i-th value, the last one past the end, `default` when there are none."""
    if not values:
        return default
    return values[i] if i < len(values) else values[-1]


@dataclass
class CouponPeriod:
    payment: ql.Date
    nominal: float
    start: ql.Date
    end: ql.Date
    ref_start: ql.Date
    ref_end: ql.Date
    gearing: float
    spread: float
    accrual: float


def coupon_periods(kind, t):
    """The coupons' periods as QuantLib 1.29's OvernightLeg lays them out: schedule dates as accrual dates, an
    irregular first (last) period's reference start (end) one tenor from its other end, adjusted on the schedule
    calendar by the payment convention; payment payment_lag business days after the end on the payment calendar."""
    schedule = bond_schedule(t)
    dates = list(schedule.dates())
    n = len(dates) - 1
    cal = schedule.calendar()
    pay_cal = payment_calendar(t)
    pay = BDCS[t.get("payment_convention") or t.get("business_day_convention") or "Following"]
    lag = overnight_terms(t)["payment_lag"]
    dc = bond_day_counter(t)
    notionals = t["amortization"]["notionals"] if kind == "AmortizingFloatingRateBond" else [t["face_value"]]
    gearings = t.get("gearings") or [1.0]
    spreads = t.get("spreads") or [t["spread"]]
    out = []
    for i in range(n):
        start = ref_start = dates[i]
        end = ref_end = dates[i + 1]
        if i == 0 and schedule.hasIsRegular() and not schedule.isRegular(i + 1):
            ref_start = cal.adjust(end - schedule.tenor(), pay)
        if i == n - 1 and schedule.hasIsRegular() and not schedule.isRegular(i + 1):
            ref_end = cal.adjust(start + schedule.tenor(), pay)
        out.append(CouponPeriod(pay_cal.advance(end, lag, ql.Days, pay), nth(notionals, i, notionals[-1]), start, end, ref_start, ref_end,
                                nth(gearings, i, 1.0), nth(spreads, i, 0.0), dc.yearFraction(start, end, ref_start, ref_end)))
    return out


def business_days(cal, start, end):
    """cal's business days in [start, end)."""
    out, d = [], start
    while d < end:
        if cal.isBusinessDay(d):
            out.append(d)
        d = d + 1
    return out


@dataclass
class Observation:
    fixing: list      # f_1..f_count
    weight: list      # t_1..t_count
    period: float     # T
    lockout: int      # k: the last k days repeat the rate of day count - k


def observe(p, cal, dc, o):
    """The observed days of one coupon period under the overnight terms `o` (defaults applied)."""
    L = o["lookback_days"]
    if o["observation_shift"]:
        start, end = cal.advance(p.start, -L, ql.Days), cal.advance(p.end, -L, ql.Days)
        days = business_days(cal, start, end)
        fixing, period = days, dc.yearFraction(start, end)
    else:
        start, end = p.start, p.end
        days = business_days(cal, start, end)
        fixing, period = [cal.advance(d, -L, ql.Days) for d in days], p.accrual
    bounds = days + [end]
    if not days:
        raise RuntimeError(f"the coupon period {p.start.ISO()} to {p.end.ISO()} has no business day of the index calendar to observe")
    if o["lockout_days"] >= len(days):
        raise RuntimeError(f"overnight.lockout_days ({o['lockout_days']}) must be fewer than the {len(days)} observed days of the coupon "
                           f"period {p.start.ISO()} to {p.end.ISO()}")
    return Observation(fixing, [dc.yearFraction(bounds[i], bounds[i + 1]) for i in range(len(days))], period, o["lockout_days"])


def needed_fixings(obs):
    """The fixing dates whose rates the coupon reads (the locked days read none of their own)."""
    return obs.fixing[:len(obs.fixing) - obs.lockout]


class Observer:
    """The index's rates at the valuation date: stored fixings (serial -> rate) and the projection curve."""

    def __init__(self, conv, curve, fixings, valuation):
        self.cal = calendar(conv["calendar"])
        self.dc = day_counter(conv["day_count"])
        self.name = conv["identifier"]
        self.curve = curve
        self.fixings = fixings
        self.valuation = valuation

    def rate(self, f):
        stored = self.fixings.get(f.serialNumber())
        if f < self.valuation:
            if stored is None:
                raise RuntimeError(f"Missing {self.name} fixing for {long_date(f)}")
            return stored
        if f == self.valuation and stored is not None:
            return stored
        nxt = self.cal.advance(f, 1, ql.Days)
        return (self.curve.discount(f) / self.curve.discount(nxt) - 1.0) / self.dc.yearFraction(f, nxt)


def average_rate(obs, observer, averaging):
    """R of the period: compounded or simple-averaged daily rates over T (raises on a missing past fixing)."""
    live = len(obs.fixing) - obs.lockout
    rates = [observer.rate(f) for f in obs.fixing[:live]]
    rates += [rates[-1]] * obs.lockout
    if averaging == "Simple":
        return sum(r * w for r, w in zip(rates, obs.weight)) / obs.period
    factor = 1.0
    for r, w in zip(rates, obs.weight):
        factor *= 1.0 + r * w
    return (factor - 1.0) / obs.period


def coupon_rate(p, obs, observer, averaging):
    return p.gearing * average_rate(obs, observer, averaging) + p.spread


def coupon_amount(p, obs, observer, averaging):
    return p.nominal * coupon_rate(p, obs, observer, averaging) * p.accrual


def observations(periods, t, conv):
    """Each coupon period's observed days under the floater's overnight terms (raises where the design refuses them)."""
    cal, dc, o = calendar(conv["calendar"]), day_counter(conv["day_count"]), overnight_terms(t)
    return [observe(p, cal, dc, o) for p in periods]
