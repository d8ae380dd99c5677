/**
 * Israel calendars (ql/time/calendars/israel.cpp, QuantLib 1.29). Settlement and TASE are one calendar, named
 * "Tel Aviv stock exchange". Weekend: Friday and Saturday. Holidays, tabulated for 2013-2044 only (see
 * israel-holidays.ts): Purim; Passover; Memorial and Independence Days; Shavuot; Tisha B'Av; Rosh Hashanah;
 * Yom Kippur; Sukkot; Simchat Torah. Before 2013 and after 2044 only the weekend is closed.
 */
import { ruleCalendar, type CalendarFamily } from '../calendar.ts'
import { Friday, Saturday, toYmd, weekday } from '../date.ts'
import { israelHolidayTable } from './israel-holidays.ts'

const isWeekend = (w: number) => w === Friday || w === Saturday

/** every tabulated closing day, as year → set of MM-DD, built when the module loads */
const closings: ReadonlyMap<number, ReadonlySet<string>> = (() => {
  const byYearDays = new Map<number, Set<string>>()
  for (const byYear of Object.values(israelHolidayTable)) {
    for (const [year, days] of Object.entries(byYear)) {
      const set = byYearDays.get(Number(year)) ?? new Set<string>()
      for (const day of days.split(' ')) set.add(day)
      byYearDays.set(Number(year), set)
    }
  }
  return byYearDays
})()

function telAviv(serial: number): boolean {
  if (isWeekend(weekday(serial))) return false
  const { year, month, day } = toYmd(serial)
  const mmdd = `${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
  return !(closings.get(year)?.has(mmdd) ?? false)
}

export const israelCalendars: Readonly<CalendarFamily> = {
  country: 'Israel',
  markets: {
    Settlement: ruleCalendar('Tel Aviv stock exchange', telAviv, isWeekend),
    TASE: ruleCalendar('Tel Aviv stock exchange', telAviv, isWeekend),
  },
  defaultMarket: 'Settlement',
}
