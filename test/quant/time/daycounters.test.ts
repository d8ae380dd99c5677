/** Day counters against QuantLib 1.29: day counts exact, year fractions at 1e-15 relative. */
import t from 'tap'
import { loadFixture, closeRel } from '../../helpers/fixtures.ts'
import { dayCounterFromCode, SUPPORTED_DAY_COUNTS } from '../../../workers/quant/time/daycounters/index.ts'

interface Case { code: string; d1: number; d2: number; termination?: number; ref_start?: number; ref_end?: number; day_count?: number; year_fraction?: number; error?: string; ql_name: string }

const fixture = loadFixture<Case>('daycounters')

t.test('every convention against the oracle', async (t) => {
  const failures: string[] = []
  let errors = 0
  for (const c of fixture.cases) {
    const dc = dayCounterFromCode(c.code, { terminationDate: c.termination })
    if (dc.name !== c.ql_name) failures.push(`${c.code}: name ${dc.name} != ${c.ql_name}`)
    if (c.error) {
      errors++
      try {
        dc.yearFraction(c.d1, c.d2, c.ref_start, c.ref_end)
        failures.push(`${JSON.stringify(c)}: QuantLib threw, we did not`)
      } catch (e) {
        if ((e as Error).name !== 'QuantInputError') failures.push(`${JSON.stringify(c)}: untyped error ${(e as Error).message}`)
      }
      continue
    }
    const count = dc.dayCount(c.d1, c.d2)
    const yf = dc.yearFraction(c.d1, c.d2, c.ref_start, c.ref_end)
    if (count !== c.day_count) failures.push(`${JSON.stringify(c)}: dayCount ${count}`)
    if (!closeRel(yf, c.year_fraction!, 1e-15)) failures.push(`${JSON.stringify(c)}: yearFraction ${yf}`)
  }
  t.ok(fixture.cases.length >= 7000, `${fixture.cases.length} cases, ${errors} where QuantLib throws`)
  t.same(failures.slice(0, 15), [], `${failures.length} failures`)
})

t.test('codes and aliases', async (t) => {
  t.ok(SUPPORTED_DAY_COUNTS.includes('ActualActual_ISMA'))
  t.equal(dayCounterFromCode('Actual/360').name, 'Actual/360')
  t.equal(dayCounterFromCode('30/360').name, '30/360 (Bond Basis)')
  t.throws(() => dayCounterFromCode('Actual/999'), { name: 'QuantInputError', field: 'day_count', message: /unknown day count 'Actual\/999'/ })
})
