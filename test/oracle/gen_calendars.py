"""Oracle for calendars, from QuantLib 1.29: every business day of every calendar of QuantLib 1.29 from 1901 to 2199
(calendar_oracle.cpp, since Python's bindings lack some markets), every holiday of two joint calendars from 1990 to
2080, and random adjust/advance/businessDaysBetween cases."""
import os
import random
import subprocess
import tempfile

import QuantLib as ql

from fixture_io import write_fixture

HERE = os.path.dirname(os.path.abspath(__file__))

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
    "Japan": ql.Japan(),
    "Canada::Settlement": ql.Canada(ql.Canada.Settlement),
    "Australia": ql.Australia(),
    "Switzerland": ql.Switzerland(),
    "China::IB": ql.China(ql.China.IB),
    "Brazil::Settlement": ql.Brazil(ql.Brazil.Settlement),
    "Germany::Settlement": ql.Germany(ql.Germany.Settlement),
    "Israel::TASE": ql.Israel(ql.Israel.TASE),
    "SaudiArabia::Tadawul": ql.SaudiArabia(ql.SaudiArabia.Tadawul),
    "HongKong::HKEx": ql.HongKong(ql.HongKong.HKEx),
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

cases = []
with tempfile.TemporaryDirectory() as tmp:
    binary = os.path.join(tmp, "calendar_oracle")
    subprocess.run(["g++", "-O1", "-std=c++17", os.path.join(HERE, "calendar_oracle.cpp"), "-o", binary, "-lQuantLib"], check=True)
    lines = subprocess.run([binary], capture_output=True, text=True, check=True).stdout.splitlines()
for line in lines:
    key, ql_name, weekend, holidays, weekend_business, throws = line.split("\t")
    deltas = lambda text: [int(x) for x in text.split(",")] if text else []
    cases.append({"kind": "days", "calendar": {"name": key}, "ql_name": ql_name, "weekend": [int(w) for w in weekend],
                  "holiday_deltas": deltas(holidays), "weekend_business_deltas": deltas(weekend_business),
                  "throws": [[int(x) for x in run.split("-")] for run in throws.split(",")] if throws else []})

start, end = ql.Date(1, 1, 1990), ql.Date(31, 12, 2080)
all_calendars = dict(CALENDARS)
for name, (members, rule, ql_rule) in JOINTS.items():
    all_calendars[name] = ql.JointCalendar(CALENDARS[members[0]], CALENDARS[members[1]], ql_rule)

for name, cal in all_calendars.items():
    if name not in JOINTS:
        continue
    holidays = [d.serialNumber() for d in cal.holidayList(start, end, False)]
    # delta-encoded serials keep the fixture small
    deltas = [holidays[0]] + [b - a for a, b in zip(holidays, holidays[1:])] if holidays else []
    members, rule, _ = JOINTS[name]
    terms = {"name": "JointCalendar", "calendars": [{"name": m} for m in members], "rule": rule}
    cases.append({"kind": "holidays", "calendar": terms, "ql_name": cal.name(), "from": start.serialNumber(), "to": end.serialNumber(), "deltas": deltas})

rng = random.Random(SEED)
names = list(all_calendars)
for i in range(6000):
    name = rng.choice(names)
    cal = all_calendars[name]
    terms = {"name": name} if name not in JOINTS else {"name": "JointCalendar", "calendars": [{"name": m} for m in JOINTS[name][0]], "rule": JOINTS[name][1]}
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

write_fixture("calendars", cases, seed=SEED, quantlib_cpp="libquantlib0-dev 1.29 via calendar_oracle.cpp (the days cases)")
