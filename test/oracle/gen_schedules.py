"""Oracle for schedule generation: random schedules (rules, tenors, calendars, conventions, end of month, first
and next-to-last dates including invalid ones) from QuantLib 1.29's Schedule constructor."""
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
         "ThirdWednesday": ql.DateGeneration.ThirdWednesday}
TENORS = [(1, "Months"), (3, "Months"), (6, "Months"), (1, "Years"), (2, "Months"), (4, "Months"), (2, "Weeks"), (0, "Years")]
UNITS = {"Months": ql.Months, "Years": ql.Years, "Weeks": ql.Weeks, "Days": ql.Days}

cases = []
for i in range(3000):
    cal_name = rng.choice(list(CALENDARS))
    cal = CALENDARS[cal_name]
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
    case = {"effective": effective.serialNumber(), "termination": termination.serialNumber(), "tenor": [length, unit],
            "calendar": {"name": cal_name}, "convention": conv, "termination_convention": tconv, "rule": rule, "end_of_month": eom}
    if first is not None:
        case["first_date"] = first.serialNumber()
    if next_to_last is not None:
        case["next_to_last_date"] = next_to_last.serialNumber()
    try:
        s = ql.Schedule(effective, termination, ql.Period(length, UNITS[unit]), cal, CONVENTIONS[conv], CONVENTIONS[tconv], RULES[rule], eom,
                        first if first is not None else ql.Date(), next_to_last if next_to_last is not None else ql.Date())
        case["dates"] = [x.serialNumber() for x in s.dates()]
        case["is_regular"] = [s.isRegular(j) for j in range(1, len(s.dates()))]
    except RuntimeError as e:
        case["error"] = str(e).split("\n")[0][:160]
    cases.append(case)

write_fixture("schedules", cases, seed=SEED)
