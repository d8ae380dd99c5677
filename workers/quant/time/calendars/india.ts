/**
 * National Stock Exchange of India calendar (ql/time/calendars/india.cpp, QuantLib 1.29). Holidays: weekends;
 * Republic Day (January 26th); Good Friday; Ambedkar Jayanti (April 14th); May Day (May 1st); Independence Day
 * (August 15th); Gandhi Jayanti (October 2nd); Christmas; and the exchange's published lunar and other holidays
 * for 2005-2014, 2019 and 2020 only (none for the other years).
 */
import { dateParts, easterMonday, ruleCalendar, type CalendarFamily } from '../calendar.ts'

/** The NSE's announced holidays by year, as MM-DD (only the ones falling on weekdays matter). */
const announced: Readonly<Partial<Record<number, readonly string[]>>> = {
  // Bakri Id, Ganesh Chaturthi, Dasara, Laxmi Puja, Bhaubeej, Guru Nanak Jayanti
  2005: ['01-21', '09-07', '10-12', '11-01', '11-03', '11-15'],
  // Bakri Id, Moharram, Holi, Ram Navami, Mahavir Jayanti, Maharashtra Day, Bhaubeej, Ramzan Id
  2006: ['01-11', '02-09', '03-15', '04-06', '04-11', '05-01', '10-24', '10-25'],
  // Bakri Id, Moharram, Mahashivratri, Ram Navami, Maharashtra Day, Buddha Pournima, Laxmi Puja, Bakri Id
  2007: ['01-01', '01-30', '02-16', '03-27', '05-01', '05-02', '11-09', '12-21'],
  // Mahashivratri, Id-E-Milad, Mahavir Jayanti, Maharashtra Day, Buddha Pournima, Ganesh Chaturthi,
  // Ramzan Id, Dasara, Laxmi Puja, Bhau Bhij, Guru Nanak Jayanti, Bakri Id
  2008: ['03-06', '03-20', '04-18', '05-01', '05-19', '09-03', '10-02', '10-09', '10-28', '10-30', '11-13', '12-09'],
  // Moharram, Mahashivratri, Id-E-Milad, Holi, Ram Navami, Mahavir Jayanti, Maharashtra Day, Ramzan Id,
  // Dasara, Bhau Bhij, Guru Nanak Jayanti, Moharram
  2009: ['01-08', '02-23', '03-10', '03-11', '04-03', '04-07', '05-01', '09-21', '09-28', '10-19', '11-02', '12-28'],
  // New Year's Day, Mahashivratri, Holi, Ram Navami, Ramzan Id, Laxmi Puja, Bakri Id, Moharram
  2010: ['01-01', '02-12', '03-01', '03-24', '09-10', '11-05', '11-17', '12-17'],
  // Mahashivratri, Ram Navami, Ramzan Id, Ganesh Chaturthi, Dasara, Laxmi Puja, Balipratipada, Bakri Id,
  // Guru Nanak Jayanti, Moharram
  2011: ['03-02', '04-12', '08-31', '09-01', '10-06', '10-26', '10-27', '11-07', '11-10', '12-06'],
  // Mahashivratri, Holi, Mahavir Jayanti, Ramzan Id, Ganesh Chaturthi, Dasara, Balipratipada, Guru Nanak Jayanti
  2012: ['02-20', '03-08', '04-05', '08-20', '09-19', '10-24', '11-14', '11-28'],
  // Holi, Ram Navami, Mahavir Jayanti, Ramzan Id, Ganesh Chaturthi, Bakri Id, Balipratipada, Moharram
  2013: ['03-27', '04-19', '04-24', '08-09', '09-09', '10-16', '11-04', '11-14'],
  // Mahashivratri, Holi, Ram Navami, Ramzan Id, Ganesh Chaturthi, Dasara, Bakri Id, Balipratipada, Moharram,
  // Guru Nanak Jayanti
  2014: ['02-27', '03-17', '04-08', '07-29', '08-29', '10-03', '10-06', '10-24', '11-04', '11-06'],
  // Shivaji Jayanti, Mahashivratri, Holi, annual bank closing, Mahavir Jayanti, parliamentary elections,
  // Ramzan Id, Bakri Id, Ganesh Chaturthi, Moharram, Dasara, Maharashtra assembly elections, Balipratipada,
  // Guru Nanak Jayanti
  2019: [
    '02-19',
    '03-04',
    '03-21',
    '04-01',
    '04-17',
    '04-29',
    '06-05',
    '08-12',
    '09-02',
    '09-10',
    '10-08',
    '10-21',
    '10-28',
    '11-12',
  ],
  // Shivaji Jayanti, Mahashivratri, Holi, Gudi Padwa, annual bank closing, Ram Navami, Mahavir Jayanti,
  // Buddha Pournima, Ramzan Id, Id-E-Milad, Balipratipada, Guru Nanak Jayanti
  2020: ['02-19', '02-21', '03-10', '03-25', '04-01', '04-02', '04-06', '05-07', '05-25', '10-30', '11-16', '11-30'],
}

const mmdd = (m: number, d: number) => `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`

const nse = ruleCalendar('National Stock Exchange of India', (serial) => {
  const { d, m, y, w, dd } = dateParts(serial)
  return !(
    w === 1 ||
    w === 7 ||
    (d === 26 && m === 1) || // Republic Day
    dd === easterMonday(y) - 3 || // Good Friday
    (d === 14 && m === 4) || // Ambedkar Jayanti
    (d === 1 && m === 5) || // May Day
    (d === 15 && m === 8) || // Independence Day
    (d === 2 && m === 10) || // Gandhi Jayanti
    (d === 25 && m === 12) || // Christmas
    (announced[y]?.includes(mmdd(m, d)) ?? false)
  )
})

export const indiaCalendars: Readonly<CalendarFamily> = {
  country: 'India',
  markets: { NSE: nse },
  defaultMarket: 'NSE',
}
