"""Oracle for day counters: random date pairs per convention (with reference periods for ActualActual ISMA and
Bond, including stubs), month ends, leap years, reversed and equal dates, from QuantLib 1.29."""
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

write_fixture("daycounters", cases, seed=SEED)
