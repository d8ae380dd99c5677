"""Oracle for schedule generation: schedules from QuantLib 1.29's Schedule constructor for every DateGeneration rule
(tenors, calendars, conventions, end of month, first and next-to-last dates including invalid ones, so QuantLib's
errors are covered). Dates are stored as `date_steps`: the first serial, then the day count to each next date
(about 4x smaller gzipped than the serials)."""
import random

import QuantLib as ql

from fixture_io import write_fixture

SEED = 20261124
rng = random.Random(SEED)

CALENDARS = {
    "TARGET": ql.TARGET(),
    "UnitedStates::GovernmentBond": ql.UnitedStates(ql.UnitedStates.GovernmentBond),
    "UnitedKingdom::Settlement": ql.UnitedKingdom(ql.UnitedKingdom.Settlement),
    "NullCalendar": ql.NullCalendar(),
    "WeekendsOnly": ql.WeekendsOnly(),
    "Mexico": ql.Mexico(),
}
CONVENTIONS = {"Following": ql.Following, "ModifiedFollowing": ql.ModifiedFollowing, "Preceding": ql.Preceding,
               "ModifiedPreceding": ql.ModifiedPreceding, "Unadjusted": ql.Unadjusted}
RULES = {"Backward": ql.DateGeneration.Backward, "Forward": ql.DateGeneration.Forward, "Zero": ql.DateGeneration.Zero,
         "ThirdWednesday": ql.DateGeneration.ThirdWednesday,
         "ThirdWednesdayInclusive": ql.DateGeneration.ThirdWednesdayInclusive, "Twentieth": ql.DateGeneration.Twentieth,
         "TwentiethIMM": ql.DateGeneration.TwentiethIMM, "OldCDS": ql.DateGeneration.OldCDS, "CDS": ql.DateGeneration.CDS,
         "CDS2015": ql.DateGeneration.CDS2015}
TENORS = [(1, "Months"), (3, "Months"), (6, "Months"), (1, "Years"), (2, "Months"), (4, "Months"), (2, "Weeks"), (0, "Years")]
UNITS = {"Months": ql.Months, "Years": ql.Years, "Weeks": ql.Weeks, "Days": ql.Days}


def schedule_case(effective, termination, length, unit, cal_name, conv, tconv, rule, eom, first=None, next_to_last=None):
    """One case: the inputs, and QuantLib's dates and regularity flags, or the first line of its error."""
    case = {"effective": effective.serialNumber(), "termination": termination.serialNumber(), "tenor": [length, unit],
            "calendar": {"name": cal_name}, "convention": conv, "termination_convention": tconv, "rule": rule, "end_of_month": eom}
    if first is not None:
        case["first_date"] = first.serialNumber()
    if next_to_last is not None:
        case["next_to_last_date"] = next_to_last.serialNumber()
    try:
        s = ql.Schedule(effective, termination, ql.Period(length, UNITS[unit]), CALENDARS[cal_name], CONVENTIONS[conv], CONVENTIONS[tconv],
                        RULES[rule], eom, first if first is not None else ql.Date(), next_to_last if next_to_last is not None else ql.Date())
        serials = [x.serialNumber() for x in s.dates()]
        case["date_steps"] = serials[:1] + [b - a for a, b in zip(serials, serials[1:])]
        case["is_regular"] = [s.isRegular(j) for j in range(1, len(serials))]
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:160]
    return case


cases = []

# Backward, Forward, Zero and ThirdWednesday at random (the original draws, unchanged)
for i in range(3000):
    cal_name = rng.choice(list(CALENDARS))
    y = rng.randint(1995, 2055)
    m = rng.randint(1, 12)
    last = ql.Date.endOfMonth(ql.Date(1, m, y)).dayOfMonth()
    d = last - rng.randint(0, 2) if rng.random() < 0.4 else rng.randint(1, last)
    effective = ql.Date(d, m, y)
    months = rng.choice([3, 6, 9, 12, 18, 24, 36, 60, 84, 120, 180, 240, 360])
    termination = effective + ql.Period(months, ql.Months)
    if rng.random() < 0.3:
        termination = termination + rng.randint(-20, 20)
    if rng.random() < 0.2:
        termination = ql.Date.endOfMonth(termination)
    length, unit = rng.choice(TENORS)
    rule = rng.choice(["Backward", "Backward", "Forward", "Forward", "Zero", "ThirdWednesday"])
    conv = rng.choice(list(CONVENTIONS))
    tconv = rng.choice(list(CONVENTIONS))
    eom = rng.random() < 0.4
    first = next_to_last = None
    if rule in ("Backward", "Forward") and rng.random() < 0.35:
        if rng.random() < 0.5:
            first = effective + rng.randint(-10, min(400, termination - effective + 10))
        else:
            next_to_last = termination - rng.randint(-10, min(400, termination - effective + 10))
    cases.append(schedule_case(effective, termination, length, unit, cal_name, conv, tconv, rule, eom, first, next_to_last))

# the third-Wednesday and twentieth rules at random, with the tenors they are used with and some others
rng = random.Random(SEED + 1)
RULE_TENORS = {
    "ThirdWednesday": [(3, "Months"), (3, "Months"), (1, "Months"), (6, "Months"), (1, "Years")],
    "ThirdWednesdayInclusive": [(3, "Months"), (3, "Months"), (1, "Months"), (6, "Months"), (1, "Years")],
    "Twentieth": [(1, "Months"), (3, "Months"), (6, "Months"), (1, "Years")],
    "TwentiethIMM": [(3, "Months"), (3, "Months"), (6, "Months"), (1, "Years"), (1, "Months")],
    "OldCDS": [(3, "Months"), (3, "Months"), (3, "Months"), (6, "Months"), (1, "Months")],
    "CDS": [(3, "Months"), (3, "Months"), (3, "Months"), (6, "Months"), (1, "Years"), (1, "Months")],
    "CDS2015": [(3, "Months"), (3, "Months"), (3, "Months"), (6, "Months"), (1, "Years"), (1, "Months")],
}
OTHER_TENORS = [(2, "Weeks"), (10, "Days"), (0, "Years"), (4, "Months"), (2, "Years")]


def third_wednesday(m, y):
    return ql.Date.nthWeekday(3, ql.Wednesday, m, y)


def random_day_of(m, y):
    """A day of the month, biased to where the rules turn: around the 20th, the third Wednesday, the month end."""
    last = ql.Date.endOfMonth(ql.Date(1, m, y)).dayOfMonth()
    u = rng.random()
    if u < 0.35:
        return ql.Date(rng.randint(17, 23), m, y)
    if u < 0.55:
        return third_wednesday(m, y) + rng.randint(-1, 1)
    if u < 0.7:
        return ql.Date(last - rng.randint(0, 2), m, y)
    return ql.Date(rng.randint(1, last), m, y)


def stub_date(rule, effective, termination):
    """A first or next-to-last date: for the third-Wednesday rules mostly a third Wednesday (any month, even out of range)."""
    if rule.startswith("ThirdWednesday") and rng.random() < 0.7:
        d = effective + rng.randint(-60, termination - effective + 60)
        return third_wednesday(d.month(), d.year())
    return effective + rng.randint(-10, termination - effective + 10)


for rule in RULE_TENORS:
    for i in range(450):
        cal_name = rng.choice(list(CALENDARS))
        length, unit = rng.choice(RULE_TENORS[rule]) if rng.random() < 0.85 else rng.choice(OTHER_TENORS)
        effective = random_day_of(rng.randint(1, 12), rng.randint(1995, 2055))
        months = rng.choice([3, 6, 12, 24, 36, 60, 84, 120] if unit in ("Months", "Years") else [1, 3, 6, 12])
        u = rng.random()
        if u < 0.45:
            # a standard CDS maturity: the 20th of an IMM month
            t = effective + ql.Period(months, ql.Months)
            termination = ql.Date(20, t.month() + (3 - t.month() % 3) % 3, t.year())
        elif u < 0.6:
            t = effective + ql.Period(months, ql.Months)
            termination = third_wednesday(t.month(), t.year())
        else:
            termination = effective + ql.Period(months, ql.Months)
            if rng.random() < 0.4:
                termination = termination + rng.randint(-20, 20)
            if rng.random() < 0.15:
                termination = ql.Date.endOfMonth(termination)
        if rng.random() < 0.03:
            termination = effective + rng.randint(-5, 5)
        conv = rng.choice(["Following", "Following", "ModifiedFollowing"] + list(CONVENTIONS))
        tconv = rng.choice(["Unadjusted", "Unadjusted"] + list(CONVENTIONS))
        eom = rng.random() < 0.25
        first = next_to_last = None
        u = rng.random()
        if u < 0.15:
            first = stub_date(rule, effective, termination)
        elif u < 0.3:
            next_to_last = stub_date(rule, effective, termination)
        cases.append(schedule_case(effective, termination, length, unit, cal_name, conv, tconv, rule, eom, first, next_to_last))

# every effective date around the 20th over two years, for the twentieth rules (weekend and holiday 20ths, the
# CDS step back a period, OldCDS's 30-day first period)
for k, (y, m, d) in enumerate((y, m, d) for y in (2020, 2021) for m in range(1, 13) for d in range(16, 25)):
    effective = ql.Date(d, m, y)
    rule = ["Twentieth", "TwentiethIMM", "OldCDS", "CDS", "CDS2015"][k % 5]
    cal_name = ["TARGET", "UnitedStates::GovernmentBond", "UnitedKingdom::Settlement", "WeekendsOnly", "Mexico"][k % 5 if k % 2 else (k // 5) % 5]
    termination = ql.Date(20, 12 if m > 6 else 6, y + 5)
    conv = ["Following", "ModifiedFollowing", "Preceding"][k % 3]
    tconv = ["Unadjusted", "Following"][k % 2]
    cases.append(schedule_case(effective, termination, 3, "Months", cal_name, conv, tconv, rule, False))

write_fixture("schedules", cases, seed=SEED)
