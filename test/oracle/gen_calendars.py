"""Oracle for calendars: every holiday (weekends excluded) of every supported calendar from 1990 to 2080, and
random adjust/advance cases, from QuantLib 1.29."""
import random

import QuantLib as ql

from fixture_io import write_fixture

SEED = 20261122
CALENDARS = {
    "TARGET": ql.TARGET(),
    "NullCalendar": ql.NullCalendar(),
    "WeekendsOnly": ql.WeekendsOnly(),
    "UnitedStates::Settlement": ql.UnitedStates(ql.UnitedStates.Settlement),
    "UnitedStates::NYSE": ql.UnitedStates(ql.UnitedStates.NYSE),
    "UnitedStates::GovernmentBond": ql.UnitedStates(ql.UnitedStates.GovernmentBond),
    "UnitedStates::SOFR": ql.UnitedStates(ql.UnitedStates.GovernmentBond),  # 1.29 has no SOFR market: its Sofr index uses GovernmentBond
    "UnitedKingdom::Settlement": ql.UnitedKingdom(ql.UnitedKingdom.Settlement),
    "UnitedKingdom::Exchange": ql.UnitedKingdom(ql.UnitedKingdom.Exchange),
    "UnitedKingdom::Metals": ql.UnitedKingdom(ql.UnitedKingdom.Metals),
    "Mexico": ql.Mexico(),
}
JOINTS = {
    "JoinHolidays(TARGET,UnitedStates::GovernmentBond)": (["TARGET", "UnitedStates::GovernmentBond"], "JoinHolidays", ql.JoinHolidays),
    "JoinBusinessDays(UnitedKingdom::Settlement,UnitedStates::NYSE)": (["UnitedKingdom::Settlement", "UnitedStates::NYSE"], "JoinBusinessDays", ql.JoinBusinessDays),
}
CONVENTIONS = {
    "Following": ql.Following, "ModifiedFollowing": ql.ModifiedFollowing, "Preceding": ql.Preceding,
    "ModifiedPreceding": ql.ModifiedPreceding, "Unadjusted": ql.Unadjusted,
    "HalfMonthModifiedFollowing": ql.HalfMonthModifiedFollowing, "Nearest": ql.Nearest,
}
UNITS = {"Days": ql.Days, "Weeks": ql.Weeks, "Months": ql.Months, "Years": ql.Years}

start, end = ql.Date(1, 1, 1990), ql.Date(31, 12, 2080)
cases = []
all_calendars = dict(CALENDARS)
for name, (members, rule, ql_rule) in JOINTS.items():
    all_calendars[name] = ql.JointCalendar(CALENDARS[members[0]], CALENDARS[members[1]], ql_rule)

for name, cal in all_calendars.items():
    holidays = [d.serialNumber() for d in cal.holidayList(start, end, False)]
    # delta-encoded serials keep the fixture small
    deltas = [holidays[0]] + [b - a for a, b in zip(holidays, holidays[1:])] if holidays else []
    terms = {"name": name}
    if name in JOINTS:
        members, rule, _ = JOINTS[name]
        terms = {"name": "JointCalendar", "calendars": [{"name": m} for m in members], "rule": rule}
    cases.append({"kind": "holidays", "calendar": terms, "ql_name": cal.name(), "from": start.serialNumber(), "to": end.serialNumber(), "deltas": deltas})

rng = random.Random(SEED)
names = list(all_calendars)
for i in range(4000):
    name = rng.choice(names)
    cal = all_calendars[name]
    terms = cases[names.index(name)]["calendar"]
    d = ql.Date(rng.randint(ql.Date(1, 1, 1991).serialNumber(), ql.Date(31, 12, 2075).serialNumber()))
    if i % 8 == 0:  # bias towards month ends, where the conventions differ
        d = ql.Date.endOfMonth(d) - rng.randint(0, 3)
    conv_name = rng.choice(list(CONVENTIONS))
    if rng.random() < 0.3:
        cases.append({"kind": "adjust", "calendar": terms, "date": d.serialNumber(), "convention": conv_name,
                      "expected": cal.adjust(d, CONVENTIONS[conv_name]).serialNumber()})
    else:
        unit = rng.choice(list(UNITS))
        n = rng.choice([-12, -6, -3, -2, -1, 0, 1, 1, 2, 3, 5, 6, 10, 12, 30, 60])
        eom = rng.random() < 0.4
        cases.append({"kind": "advance", "calendar": terms, "date": d.serialNumber(), "n": n, "unit": unit, "convention": conv_name,
                      "end_of_month": eom, "expected": cal.advance(d, n, UNITS[unit], CONVENTIONS[conv_name], eom).serialNumber()})
    if i % 10 == 0:
        d2 = d + rng.randint(-400, 400)
        inc_first, inc_last = rng.random() < 0.5, rng.random() < 0.5
        cases.append({"kind": "between", "calendar": terms, "from": d.serialNumber(), "to": d2.serialNumber(), "include_first": inc_first,
                      "include_last": inc_last, "expected": cal.businessDaysBetween(d, d2, inc_first, inc_last)})

write_fixture("calendars", cases, seed=SEED)
