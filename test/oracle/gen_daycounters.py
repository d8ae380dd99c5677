"""Oracle for day counters: random date pairs per convention (with reference periods for ActualActual ISMA and
Bond, including stubs), month ends, leap years, reversed and equal dates, from QuantLib 1.29.

The first block (COUNTERS) is the original oracle, generated first so its cases keep their random sequence; the
second (MORE_COUNTERS) adds QuantLib 1.29's other day counters: Actual/360 (inc), Actual/364, Actual/365.25,
Actual/366, Actual/365 Canadian and No Leap, the enum aliases of 30/360 and Actual/Actual, 30/365, 1/1, Simple and
Business/252 on several calendars (each case names its calendar)."""
import math
import random

import QuantLib as ql

from fixture_io import write_fixture

SEED = 20261123
rng = random.Random(SEED)

COUNTERS = {
    "Actual360": lambda t: ql.Actual360(),
    "Actual365Fixed": lambda t: ql.Actual365Fixed(),
    "Thirty360_USA": lambda t: ql.Thirty360(ql.Thirty360.USA),
    "Thirty360_BondBasis": lambda t: ql.Thirty360(ql.Thirty360.BondBasis),
    "Thirty360_European": lambda t: ql.Thirty360(ql.Thirty360.European),
    "Thirty360_ISMA": lambda t: ql.Thirty360(ql.Thirty360.ISMA),
    "Thirty360_ISDA": lambda t: ql.Thirty360(ql.Thirty360.ISDA, t) if t else ql.Thirty360(ql.Thirty360.ISDA),
    "Thirty360_Italian": lambda t: ql.Thirty360(ql.Thirty360.Italian),
    "Thirty360_NASD": lambda t: ql.Thirty360(ql.Thirty360.NASD),
    "ActualActual_ISDA": lambda t: ql.ActualActual(ql.ActualActual.ISDA),
    "ActualActual_ISMA": lambda t: ql.ActualActual(ql.ActualActual.ISMA),
    "ActualActual_Bond": lambda t: ql.ActualActual(ql.ActualActual.Bond),
    "ActualActual_AFB": lambda t: ql.ActualActual(ql.ActualActual.AFB),
}


def random_date(lo=1995, hi=2070):
    y = rng.randint(lo, hi)
    m = rng.randint(1, 12)
    last = ql.Date.endOfMonth(ql.Date(1, m, y)).dayOfMonth()
    # favour month ends and February
    d = last - rng.randint(0, 2) if rng.random() < 0.35 else rng.randint(1, last)
    if rng.random() < 0.15:
        m, d = 2, min(rng.choice([28, 29]), ql.Date.endOfMonth(ql.Date(1, 2, y)).dayOfMonth())
    return ql.Date(d, m, y)


cases = []
for code, make in COUNTERS.items():
    for i in range(600):
        d1 = random_date()
        r = rng.random()
        if r < 0.05:
            d2 = d1
        elif r < 0.15:
            d2 = d1 - rng.randint(1, 800)
        else:
            d2 = d1 + rng.choice([rng.randint(1, 40), rng.randint(1, 400), rng.randint(1, 4000)])
        case = {"code": code, "d1": d1.serialNumber(), "d2": d2.serialNumber()}
        termination = None
        if code == "Thirty360_ISDA" and rng.random() < 0.5:
            termination = d2 if rng.random() < 0.7 else random_date()
            case["termination"] = termination.serialNumber()
        dc = make(termination)
        ref = None
        if code.startswith("ActualActual_IS") or code == "ActualActual_Bond":
            if rng.random() < 0.75 and d2 > d1:
                months = rng.choice([1, 3, 6, 12])
                # a reference period around the accrual: regular, short or long stub
                kind = rng.random()
                if kind < 0.5:
                    start = d1
                    end = d1 + ql.Period(months, ql.Months)
                    if end < d2:
                        end = d2
                elif kind < 0.75:
                    end = d2
                    start = d2 - ql.Period(months, ql.Months)
                else:
                    start = d1 + ql.Period(rng.randint(1, 3) * months, ql.Months) if rng.random() < 0.5 else d1 - ql.Period(months, ql.Months)
                    end = start + ql.Period(months, ql.Months)
                ref = (start, end)
                case["ref_start"], case["ref_end"] = start.serialNumber(), end.serialNumber()
        try:
            case["day_count"] = dc.dayCount(d1, d2)
            case["year_fraction"] = dc.yearFraction(d1, d2, *ref) if ref else dc.yearFraction(d1, d2)
        except RuntimeError as e:
            case["error"] = str(e).split("\n")[0][:120]
        case["ql_name"] = dc.name()
        cases.append(case)


# ---- QuantLib 1.29's other day counters -------------------------------------------------------------------------

# Business/252 calendars by the name our registry spells (workers/quant/time/calendars/index.ts)
B252_CALENDARS = {
    "TARGET": ql.TARGET(),
    "UnitedStates::GovernmentBond": ql.UnitedStates(ql.UnitedStates.GovernmentBond),
    "NullCalendar": ql.NullCalendar(),
    "Brazil::Settlement": ql.Brazil(ql.Brazil.Settlement),
    "Brazil::Exchange": ql.Brazil(ql.Brazil.Exchange),
}

# code -> (factory(termination), cases); the generic counters ignore reference periods, so some cases pass one
MORE_COUNTERS = {
    "Actual360_IncludeLastDay": (lambda t: ql.Actual360(True), 200),
    "Actual364": (lambda t: ql.Actual364(), 200),
    "Actual36525": (lambda t: ql.Actual36525(), 200),
    "Actual36525_IncludeLastDay": (lambda t: ql.Actual36525(True), 200),
    "Actual366": (lambda t: ql.Actual366(), 200),
    "Actual366_IncludeLastDay": (lambda t: ql.Actual366(True), 200),
    "Actual365Fixed_Canadian": (lambda t: ql.Actual365Fixed(ql.Actual365Fixed.Canadian), 800),
    "Actual365Fixed_NoLeap": (lambda t: ql.Actual365Fixed(ql.Actual365Fixed.NoLeap), 400),
    "Thirty360_EurobondBasis": (lambda t: ql.Thirty360(ql.Thirty360.EurobondBasis), 300),
    "Thirty360_German": (lambda t: ql.Thirty360(ql.Thirty360.German, t) if t else ql.Thirty360(ql.Thirty360.German), 600),
    "Thirty365": (lambda t: ql.Thirty365(), 300),
    "ActualActual_Historical": (lambda t: ql.ActualActual(ql.ActualActual.Historical), 300),
    "ActualActual_Actual365": (lambda t: ql.ActualActual(ql.ActualActual.Actual365), 300),
    "ActualActual_Euro": (lambda t: ql.ActualActual(ql.ActualActual.Euro), 400),
    "OneDayCounter": (lambda t: ql.OneDayCounter(), 200),
    "SimpleDayCounter": (lambda t: ql.SimpleDayCounter(), 600),
}
B252_CASES_PER_CALENDAR = 260


def random_pair():
    """the pair kinds of the original oracle: equal, reversed, forward by days, months or years"""
    d1 = random_date()
    r = rng.random()
    if r < 0.05:
        return d1, d1
    if r < 0.15:
        return d1, d1 - rng.randint(1, 800)
    return d1, d1 + rng.choice([rng.randint(1, 40), rng.randint(1, 400), rng.randint(1, 4000)])


def lround(x):
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def canadian_reference(d1, d2):
    """a coupon period around the accrual (regular, long first, shifted or reversed), none, or one too short"""
    r = rng.random()
    if r < 0.1:
        return None
    if r < 0.2:
        start = d1 - rng.randint(0, 20)
        return start, start + rng.randint(1, 15)
    months = rng.choice([1, 2, 3, 4, 5, 6, 12])
    kind = rng.random()
    if kind < 0.4:
        start, end = d1, d1 + ql.Period(months, ql.Months)
    elif kind < 0.7:
        start, end = d2 - ql.Period(months, ql.Months), d2
    elif kind < 0.9:
        start = d1 - rng.randint(0, 31 * months)
        end = start + ql.Period(months, ql.Months)
    else:
        end, start = d1, d1 + ql.Period(months, ql.Months)
    # past 12 months QuantLib 1.29 divides by zero (integer 12/months), which kills the process
    assert abs(lround(12 * (end - start) / 365)) <= 12
    return start, end


def canadian_boundary():
    """accruals of 365/frequency days, give or take one: where Canadian switches formula"""
    d1 = random_date()
    months = rng.choice([1, 2, 3, 4, 6, 12])
    d2 = d1 + (365 // (12 // months)) + rng.choice([-1, 0, 1])
    return d1, d2, (d1, d1 + ql.Period(months, ql.Months))


def simple_pair():
    """whole-month distances (month ends included) exercise Simple's own branch, other pairs its 30/360 fallback"""
    if rng.random() < 0.5:
        return random_pair()
    d1 = random_date()
    d2 = d1 + ql.Period(rng.choice([-1, 1]) * rng.randint(1, 120), ql.Months)
    if rng.random() < 0.3:
        d2 = ql.Date.endOfMonth(d2)
    return d1, d2


def february_pair(code):
    """30E/360 German treats February's end apart (at termination too); No Leap makes 29 February the 28th"""
    y = rng.choice([rng.randint(1996, 2068), 4 * rng.randint(499, 517)])
    if code == "Thirty360_German":
        d2 = ql.Date.endOfMonth(ql.Date(1, 2, y))
        d1 = d2 - ql.Period(rng.choice([6, 12, 18]), ql.Months) if rng.random() < 0.5 else d2 - rng.randint(1, 4000)
        return (d1, d2) if rng.random() < 0.9 else (d2, d1)
    leap = ql.Date(29, 2, 4 * rng.randint(499, 517))
    other = leap + rng.randint(-1500, 1500)
    return (leap, other) if rng.random() < 0.5 else (other, leap)


def business_pair():
    """the original kinds plus same-month pairs and 20-50 year spans either way"""
    r = rng.random()
    if r < 0.15:
        d1 = random_date()
        first = ql.Date(1, d1.month(), d1.year())
        return d1, first + rng.randint(0, ql.Date.endOfMonth(d1).dayOfMonth() - 1)
    if r < 0.35:
        d1 = random_date(1995, 2030)
        d2 = d1 + rng.randint(7000, 18300)
        return (d1, d2) if rng.random() < 0.8 else (d2, d1)
    return random_pair()


def evaluate(case, dc, d1, d2, ref):
    try:
        case["day_count"] = dc.dayCount(d1, d2)
        case["year_fraction"] = dc.yearFraction(d1, d2, *ref) if ref else dc.yearFraction(d1, d2)
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:120]
    case["ql_name"] = dc.name()
    cases.append(case)


for code, (make, count) in MORE_COUNTERS.items():
    for i in range(count):
        if code == "SimpleDayCounter":
            d1, d2 = simple_pair()
        elif code in ("Thirty360_German", "Actual365Fixed_NoLeap") and rng.random() < 0.3:
            d1, d2 = february_pair(code)
        else:
            d1, d2 = random_pair()
        case = {"code": code, "d1": d1.serialNumber(), "d2": d2.serialNumber()}
        termination = None
        if code == "Thirty360_German" and rng.random() < 0.5:
            termination = d2 if rng.random() < 0.7 else random_date()
            case["termination"] = termination.serialNumber()
        ref = None
        if code == "Actual365Fixed_Canadian":
            if rng.random() < 0.15:
                d1, d2, ref = canadian_boundary()
                case["d1"], case["d2"] = d1.serialNumber(), d2.serialNumber()
            else:
                ref = canadian_reference(d1, d2)
        elif rng.random() < 0.2:
            start = random_date()
            ref = (start, start + ql.Period(rng.choice([1, 3, 6, 12]), ql.Months))
        if ref:
            case["ref_start"], case["ref_end"] = ref[0].serialNumber(), ref[1].serialNumber()
        evaluate(case, make(termination), d1, d2, ref)

for name, calendar in B252_CALENDARS.items():
    dc = ql.Business252(calendar)
    for i in range(B252_CASES_PER_CALENDAR):
        d1, d2 = business_pair()
        case = {"code": "Business252", "calendar": name, "d1": d1.serialNumber(), "d2": d2.serialNumber()}
        evaluate(case, dc, d1, d2, None)

write_fixture("daycounters", cases, seed=SEED)
