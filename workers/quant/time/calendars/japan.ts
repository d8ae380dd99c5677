/**
 * Japan calendar (ql/time/calendars/japan.cpp, QuantLib 1.29). Holidays: weekends; January 1st-3rd (New Year
 * and bank holidays); Coming of Age Day (January 15th before 2000, second Monday of January since); National
 * Foundation Day (February 11th); the Emperor's Birthday (December 23rd 1989-2018, February 23rd since 2020);
 * the vernal equinox; Showa Day (April 29th); Constitution Memorial Day, Greenery Day and Children's Day
 * (May 3rd-5th, with May 6th as substitute when it is a Monday to Wednesday); Marine Day (July 20th 1996-2002,
 * third Monday of July 2003-2019 and since 2022, July 23rd 2020, July 22nd 2021); Mountain Day (August 11th
 * 2016-2019 and since 2022, August 10th 2020, August 9th 2021); Respect for the Aged Day (September 15th before
 * 2003, third Monday of September since), with the Tuesday between it and the autumnal equinox; the autumnal
 * equinox; Health and Sports Day (October 10th before 2000, second Monday of October 2000-2019 and since 2022,
 * July 24th 2020, July 23rd 2021); Culture Day (November 3rd); Labour Thanksgiving Day (November 23rd); December
 * 31st; imperial one-off days. Single-day holidays falling on a Sunday move to the Monday.
 */
import { dateParts, ruleCalendar, type CalendarFamily } from '../calendar.ts'

const MON = 2
const TUE = 3
const WED = 4

/**
 * Day of March (vernal) or September (autumnal) of the equinox, by QuantLib's linear approximation: the 2000
 * instant drifts by 0.242194 days a year and each leap day pulls it back by one. Integer divisions truncate
 * toward zero and the final day truncates, as C++ does.
 */
function equinoxDay(exact2000: number, y: number): number {
  const years = y - 2000
  const leapYears = Math.trunc(years / 4) + Math.trunc(years / 100) - Math.trunc(years / 400)
  return Math.trunc(exact2000 + years * 0.242194 - leapYears)
}

/** a fixed-date holiday, moved to Monday when it falls on a Sunday */
const fixedOrMonday = (d: number, w: number, day: number) => d === day || (d === day + 1 && w === MON)

const japan = ruleCalendar('Japan', (serial) => {
  const { d, m, y, w } = dateParts(serial)
  const ve = equinoxDay(20.69115, y)
  const ae = equinoxDay(23.09, y)
  const olympicsShift = y === 2020 || y === 2021 // Marine, Mountain and Sports days moved for the Games
  return !(
    w === 1 ||
    w === 7 ||
    (d <= 3 && m === 1) || // New Year's Day and bank holidays
    (y >= 2000 && w === MON && d >= 8 && d <= 14 && m === 1) || // Coming of Age Day
    (y < 2000 && fixedOrMonday(d, w, 15) && m === 1) ||
    (fixedOrMonday(d, w, 11) && m === 2) || // National Foundation Day
    (y >= 2020 && fixedOrMonday(d, w, 23) && m === 2) || // Emperor's Birthday (Naruhito)
    (y >= 1989 && y < 2019 && fixedOrMonday(d, w, 23) && m === 12) || // Emperor's Birthday (Akihito)
    (fixedOrMonday(d, w, ve) && m === 3) || // Vernal Equinox
    (fixedOrMonday(d, w, 29) && m === 4) || // Showa (Greenery) Day
    (d >= 3 && d <= 5 && m === 5) || // Constitution Memorial Day, Greenery Day, Children's Day
    (d === 6 && m === 5 && (w === MON || w === TUE || w === WED)) || // one of them fell on a weekend
    (y >= 2003 && !olympicsShift && w === MON && d >= 15 && d <= 21 && m === 7) || // Marine Day
    (y >= 1996 && y < 2003 && fixedOrMonday(d, w, 20) && m === 7) ||
    (y === 2020 && d === 23 && m === 7) ||
    (y === 2021 && d === 22 && m === 7) ||
    (y >= 2016 && !olympicsShift && fixedOrMonday(d, w, 11) && m === 8) || // Mountain Day
    (y === 2020 && d === 10 && m === 8) ||
    (y === 2021 && d === 9 && m === 8) ||
    (y >= 2003 && w === MON && d >= 15 && d <= 21 && m === 9) || // Respect for the Aged Day
    (y < 2003 && fixedOrMonday(d, w, 15) && m === 9) ||
    (y >= 2003 && w === TUE && d + 1 === ae && d >= 16 && d <= 22 && m === 9) || // a day squeezed between two holidays
    (fixedOrMonday(d, w, ae) && m === 9) || // Autumnal Equinox
    (y >= 2000 && !olympicsShift && w === MON && d >= 8 && d <= 14 && m === 10) || // Health and Sports Day
    (y < 2000 && fixedOrMonday(d, w, 10) && m === 10) ||
    (y === 2020 && d === 24 && m === 7) ||
    (y === 2021 && d === 23 && m === 7) ||
    (fixedOrMonday(d, w, 3) && m === 11) || // Culture Day
    (fixedOrMonday(d, w, 23) && m === 11) || // Labour Thanksgiving Day
    (d === 31 && m === 12) || // bank holiday
    (y === 1959 && d === 10 && m === 4) || // marriage of Prince Akihito
    (y === 1989 && d === 24 && m === 2) || // funeral of Emperor Showa
    (y === 1990 && d === 12 && m === 11) || // enthronement ceremony of Emperor Akihito
    (y === 1993 && d === 9 && m === 6) || // marriage of Prince Naruhito
    // accession and enthronement of Emperor Naruhito
    (y === 2019 && ((d === 30 && m === 4) || ((d === 1 || d === 2) && m === 5) || (d === 22 && m === 10)))
  )
})

export const japanCalendars: Readonly<CalendarFamily> = { country: 'Japan', markets: { '': japan }, defaultMarket: '' }
