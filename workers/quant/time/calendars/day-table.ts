/**
 * Holiday tables written one year at a time, as text: { 2014: 'Jan 31, Feb 1-6', 2021: 'Feb 11, 12, 15-17' }.
 * QuantLib lists the lunar and announced holidays of the East Asian calendars (China, Hong Kong, South Korea,
 * Taiwan, Singapore) year by year; written this way a table reads like the exchange's own notice.
 */
import type { DateSerial } from '../../types.ts'
import { fromYmd } from '../date.ts'

const MONTHS: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

// "[Mon ]day[-day]": a day without a month is in the month named before it
const ITEM = /^(?:([A-Z][a-z]{2}) )?(\d{1,2})(?:-(\d{1,2}))?$/

/**
 * The days of a table keyed by year. Each year's text is a comma-separated list of days ('Apr 2') and ranges
 * ('Jan 19-28'); the first item names its month. A malformed table fails when the module loads.
 */
export function dayTable(years: Readonly<Record<number, string>>): ReadonlySet<DateSerial> {
  const days = new Set<DateSerial>()
  for (const [yearText, text] of Object.entries(years)) {
    const year = Number(yearText)
    let month = 0
    for (const item of text.split(',')) {
      const match = ITEM.exec(item.trim())
      if (match === null) throw new Error(`day table ${year}: cannot read '${item.trim()}'`)
      const [, monthName, first, last] = match
      if (monthName !== undefined) {
        month = MONTHS.indexOf(monthName) + 1
        if (month === 0) throw new Error(`day table ${year}: unknown month '${monthName}'`)
      }
      if (month === 0) throw new Error(`day table ${year}: '${item.trim()}' has no month`)
      const from = Number(first)
      const to = last === undefined ? from : Number(last)
      if (to < from) throw new Error(`day table ${year}: '${item.trim()}' runs backwards`)
      for (let d = from; d <= to; d++) days.add(fromYmd(year, month, d))
    }
  }
  return days
}
