/**
 * Indonesia stock exchange calendar (ql/time/calendars/indonesia.cpp, QuantLib 1.29); BEJ, JSX and IDX are the
 * same calendar, named "Jakarta stock exchange". Holidays: weekends; New Year's Day; Good Friday; Ascension
 * Thursday; Independence Day (August 17th); Christmas; and the exchange's announced Islamic, Chinese, Hindu
 * and Buddhist holidays, national leave days and trading holidays for 2005-2014 only (none for other years).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

/** Announced holidays by year, as MM-DD (only the ones falling on weekdays matter). */
const announced: Readonly<Partial<Record<number, readonly string[]>>> = {
  // Idul Adha, Imlek, Islamic New Year, Nyepi, Prophet's Birthday, Waisak, Isra Mi'raj, Idul Fitri with
  // national leave (November 2nd-8th), December 26th
  2005: [
    '01-21',
    '02-09',
    '02-10',
    '03-11',
    '04-22',
    '05-24',
    '09-02',
    '11-02',
    '11-03',
    '11-04',
    '11-07',
    '11-08',
    '12-26',
  ],
  // Idul Adha, Islamic New Year, Nyepi, Prophet's Birthday, Isra Mi'raj, Idul Fitri with national leave
  2006: ['01-10', '01-31', '03-30', '04-10', '08-21', '10-23', '10-24', '10-25', '10-26', '10-27'],
  // Nyepi, national leave, Waisak, national leave around Idul Fitri, Idul Adha
  2007: ['03-19', '05-18', '06-01', '10-12', '10-15', '10-16', '10-21', '10-24', '12-20'],
  // Islamic New Year, Chinese New Year, Saka New Year, Prophet's Birthday, Vesak, Isra Mi'raj, national leave,
  // Idul Fitri, Idul Adha, Islamic New Year, New Year's Eve
  2008: [
    '01-10',
    '01-11',
    '02-07',
    '02-08',
    '03-07',
    '03-20',
    '05-20',
    '07-30',
    '08-18',
    '09-30',
    '10-01',
    '10-02',
    '10-03',
    '12-08',
    '12-29',
    '12-31',
  ],
  // public holiday, Chinese New Year, Prophet's Birthday, Saka New Year, national leave, Isra Mi'raj,
  // Idul Fitri, Idul Adha, Islamic New Year, public holiday, trading holiday
  2009: [
    '01-02',
    '01-26',
    '03-09',
    '03-26',
    '04-09',
    '07-20',
    '09-18',
    '09-19',
    '09-20',
    '09-21',
    '09-22',
    '09-23',
    '11-27',
    '12-18',
    '12-24',
    '12-31',
  ],
  // Prophet's Birthday, Saka New Year, Vesak, Idul Fitri, Idul Adha, Islamic New Year, public holiday,
  // trading holiday
  2010: [
    '02-26',
    '03-16',
    '05-28',
    '09-08',
    '09-09',
    '09-10',
    '09-11',
    '09-12',
    '09-13',
    '09-14',
    '11-17',
    '12-07',
    '12-24',
    '12-31',
  ],
  // Chinese New Year, Prophet's Birthday, Vesak, Isra Mi'raj, Idul Fitri (August 29th-September 2nd),
  // public holiday
  2011: ['02-03', '02-15', '05-17', '06-29', '08-29', '08-30', '08-31', '09-01', '09-02', '12-26'],
  // Chinese New Year, Saka New Year, Idul Fitri, Idul Adha, Islamic New Year, public holiday, trading holiday
  2012: ['01-23', '03-23', '08-20', '08-21', '08-22', '10-26', '11-15', '11-16', '12-24', '12-31'],
  // Prophet's Birthday, Saka New Year, Isra Mi'raj, Idul Fitri, Idul Adha, Islamic New Year, public holiday,
  // trading holiday
  2013: [
    '01-24',
    '03-12',
    '06-06',
    '08-05',
    '08-06',
    '08-07',
    '08-08',
    '08-09',
    '10-14',
    '10-15',
    '11-05',
    '12-26',
    '12-31',
  ],
  // Prophet's Birthday, Chinese New Year, Saka New Year, Labour Day, Vesak, Isra Mi'raj, Ascension Day,
  // Idul Fitri (July 28th-August 1st), public holiday, trading holiday
  2014: [
    '01-14',
    '01-31',
    '03-31',
    '05-01',
    '05-15',
    '05-27',
    '05-29',
    '07-28',
    '07-29',
    '07-30',
    '07-31',
    '08-01',
    '12-26',
    '12-31',
  ],
}

const mmdd = (m: number, d: number) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

function bej(serial: number): boolean {
  const { d, m, y, w, dd } = dateParts(serial)
  const em = easterMonday(y)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 1 && m === 1) || // New Year's Day
    dd === em - 3 || // Good Friday
    dd === em + 38 || // Ascension Thursday
    (d === 17 && m === 8) || // Independence Day
    (d === 25 && m === 12) || // Christmas
    (announced[y]?.includes(mmdd(m, d)) ?? false)
  )
}

export const indonesiaCalendars: Readonly<CalendarFamily> = {
  country: 'Indonesia',
  markets: {
    BEJ: ruleCalendar('Jakarta stock exchange', bej),
    JSX: ruleCalendar('Jakarta stock exchange', bej),
    IDX: ruleCalendar('Jakarta stock exchange', bej),
  },
  defaultMarket: 'IDX',
}
