/**
 * Serial dates against an independent calendar (JavaScript's proleptic Gregorian UTC dates, serial 0 being
 * 1899-12-30 as in QuantLib's and Excel's count): every date of QuantLib's range both ways, month arithmetic with
 * clamped days, and the answers outside the range (where the tables do not reach and the formula answers).
 */
import t from 'tap'
import {
  addMonths,
  dayOfMonth,
  fromYmd,
  MAX_SERIAL,
  MIN_SERIAL,
  month,
  toIso,
  toYmd,
  year,
} from '../../../workers/quant/time/date.ts'

const EXCEL_EPOCH = Date.UTC(1899, 11, 30)
const utc = (serial: number) => new Date(EXCEL_EPOCH + serial * 86_400_000)

t.test('every serial of QuantLib range: fields and back', async (t) => {
  const wrong: string[] = []
  for (let s = MIN_SERIAL; s <= MAX_SERIAL; s++) {
    const d = utc(s)
    const ymd = toYmd(s)
    const expected = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
    if (ymd.year !== expected.year || ymd.month !== expected.month || ymd.day !== expected.day)
      wrong.push(`${s}: ${JSON.stringify(ymd)} vs ${JSON.stringify(expected)}`)
    else if (fromYmd(ymd.year, ymd.month, ymd.day) !== s)
      wrong.push(`${s}: fromYmd gives ${fromYmd(ymd.year, ymd.month, ymd.day)}`)
    else if (year(s) !== expected.year || month(s) !== expected.month || dayOfMonth(s) !== expected.day)
      wrong.push(`${s}: accessors`)
    if (wrong.length > 5) break
  }
  t.same(wrong, [], `${MAX_SERIAL - MIN_SERIAL + 1} serials`)
  t.equal(toIso(MIN_SERIAL), '1901-01-01')
  t.equal(toIso(MAX_SERIAL), '2199-12-31')
})

t.test('outside the range the formula still answers (serial arithmetic before a range check)', async (t) => {
  for (const s of [1, 60, 366, MAX_SERIAL + 1, MAX_SERIAL + 400, -5]) {
    const d = utc(s)
    t.same(toYmd(s), { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }, `serial ${s}`)
  }
})

t.test('month arithmetic clamps the day and refuses years outside 1901..2199', async (t) => {
  t.equal(toIso(addMonths(fromYmd(2024, 1, 31), 1)), '2024-02-29')
  t.equal(toIso(addMonths(fromYmd(2023, 1, 31), 1)), '2023-02-28')
  t.equal(toIso(addMonths(fromYmd(2023, 3, 31), -1)), '2023-02-28')
  t.equal(toIso(addMonths(fromYmd(2199, 6, 30), 6)), '2199-12-30')
  t.throws(() => addMonths(fromYmd(2199, 12, 1), 1), /out of bounds/)
  t.throws(() => fromYmd(2023, 2, 29), /outside month/)
  t.throws(() => fromYmd(2200, 1, 1), /out of bound/)
})
