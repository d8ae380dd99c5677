/**
 * A fixed-coupon bond's rebuilt instrument is cached across valuation dates (its key has no date:
 * src/pricing/task.ts), so each task must still be valued at its own date: every operation at a second valuation
 * date answers, from an instrument cached at the first, what a fresh worker answers. A floater's key keeps the
 * date (which of its fixings are past depends on it).
 */
import t from 'tap'
import { loadFixture } from '../helpers/fixtures.ts'
import { poolCurve, taskFor, type OracleCase, type PoolCurve } from './oracle-cases.ts'
import { runTask } from '../../workers/pool-dispatch.ts'
import { instrument, instruments } from '../../workers/operations/valuation.ts'
import { callableOfInstrument, callableTreeKey, callableTrees } from '../../workers/operations/callable.ts'
import { requiredCurve } from '../../workers/operations/market.ts'
import { callableTreeNodes } from '../../workers/quant/engines/callable/tree-callable-bond-engine.ts'
import { fromIso, toIso } from '../../workers/quant/time/date.ts'
import type { OperationName } from '../../src/contracts/pricing.ts'
import { isFloating } from '../../src/pricing/operations.ts'

const OPERATIONS: OperationName[] = ['price', 'analytics', 'cashflows', 'carry-roll-down', 'yield', 'z-spread']

t.test('an instrument cached at one valuation date values a task at another as a fresh worker does', async (t) => {
  const bonds = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & { curves: PoolCurve[] }
  const callables = loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & {
    curves: PoolCurve[]
  }
  const perKind = new Map<string, number>()
  const mismatches: string[] = []
  let compared = 0
  const sources = [bonds, callables]
  for (const [s, fixture] of sources.entries()) {
    for (const [i, c] of fixture.cases.entries()) {
      if (c.error || isFloating(c.kind) || (perKind.get(c.kind) ?? 0) >= 40) continue
      perKind.set(c.kind, (perKind.get(c.kind) ?? 0) + 1)
      const later = toIso(fromIso(c.valuation_date) + 45)
      for (const op of OPERATIONS) {
        const params =
          op === 'z-spread' ? { target_dirty_ccy: 100 } : op === 'carry-roll-down' ? { horizon_months: 3 } : {}
        const at = (date: string) => ({
          ...taskFor({ ...c, valuation_date: date }, fixture.curves, op, params),
          instrument_key: `case-${s}-${i}`,
        })
        instruments.clear()
        const fresh = JSON.stringify(runTask(at(later)))
        instruments.clear()
        runTask(at(c.valuation_date))
        const fromCache = JSON.stringify(runTask(at(later)))
        compared++
        if (fromCache !== fresh)
          mismatches.push(`${c.kind} #${i} ${op}: ${fromCache.slice(0, 160)} vs ${fresh.slice(0, 160)}`)
      }
    }
  }
  t.same(
    [...perKind.keys()].sort(),
    ['AmortizingFixedRateBond', 'CallableFixedRateBond', 'FixedRateBond', 'ZeroCouponBond'],
    'every fixed-coupon class',
  )
  t.ok(compared >= 600, `${compared} answers compared`)
  t.same(mismatches.slice(0, 5), [], 'the same answer from the cache as from a fresh worker')
})

t.test(
  'an instrument dated anew is cached at its new date: the next task at that date reads it as it is',
  async (t) => {
    const bonds = loadFixture<OracleCase>('bonds') as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    const c = bonds.cases.find((x) => x.kind === 'FixedRateBond' && !x.error)!
    const later = toIso(fromIso(c.valuation_date) + 45)
    const at = (date: string, guest = false) => ({
      ...taskFor({ ...c, valuation_date: date }, bonds.curves, 'price', {}),
      instrument_key: 'dated-anew',
      guest,
    })
    instruments.clear()
    const first = instrument(at(c.valuation_date))
    const dated = instrument(at(later))
    t.not(dated, first, 'a new date gives a new instrument')
    t.equal(dated.evaluationDate, fromIso(later))
    t.equal(instrument(at(later)), dated, 'the next task at that date gets the cached one, not another copy')
    t.equal(first.evaluationDate, fromIso(c.valuation_date), "the first date's instrument is left as it was")
    const guest = instrument(at(c.valuation_date, true))
    t.equal(instrument(at(later)), dated, 'a guest at another date does not replace it')
    t.equal(guest.evaluationDate, fromIso(c.valuation_date))
  },
)

t.test(
  "a callable's kept tree values the next task on the same curve and date, and only those: every answer a fresh " +
    "worker's",
  async (t) => {
    const fixture = loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    const cases = fixture.cases.filter((c) => !c.error && c.kind === 'CallableFixedRateBond').slice(0, 40)
    t.ok(cases.length >= 20, `${cases.length} callables`)
    const mismatches: string[] = []
    let compared = 0
    type Curve = 'first' | 'other' | 'own'
    for (const [i, c] of cases.entries()) {
      const later = toIso(fromIso(c.valuation_date) + 45)
      const other = (c.pools.discount + 1) % fixture.curves.length
      // the first date's curve, or another one; at the later date, the same curve as at the first (market data not
      // yet observed again) or the curve that date's case would have
      const curveOf = (curve: Curve, date: string) =>
        curve === 'first'
          ? poolCurve(fixture.curves, c.pools.discount, c.valuation_date, c.ref_shift[0])
          : curve === 'other'
            ? poolCurve(fixture.curves, other, c.valuation_date, c.ref_shift[0])
            : poolCurve(fixture.curves, c.pools.discount, date, c.ref_shift[0])
      // z-spread's benchmark is the discount curve given ('first': the tree a price kept), or the other one
      const at = (op: OperationName, date: string, curve: Curve, benchmark: Curve = curve) => {
        const params =
          op === 'z-spread'
            ? { target_dirty_ccy: 100 }
            : op === 'price' && benchmark === 'own' && curve !== 'own'
              ? { with_yield: 0.04 }
              : {}
        const task = {
          ...taskFor({ ...c, valuation_date: date }, fixture.curves, op, params),
          instrument_key: `tree-${i}`,
        }
        if (params.with_yield === undefined) task.curves.discount = curveOf(curve, date)
        if (op === 'z-spread') task.curves.benchmark = curveOf(benchmark, date)
        return task
      }
      // in turn: a price keeps its tree; z-spread's OAS and analytics' bumps on it; an OAS on another benchmark (not
      // kept in its place) and a with_yield price (its own curve); the kept valuation again; another date on the same
      // curve, another curve at that date, the date's own curve; an OAS on the kept date's curve; the first again
      const sequence: [OperationName, string, Curve, Curve?][] = [
        ['price', c.valuation_date, 'first'],
        ['z-spread', c.valuation_date, 'first'],
        ['analytics', c.valuation_date, 'first'],
        ['z-spread', c.valuation_date, 'first', 'other'],
        ['price', c.valuation_date, 'first', 'own'],
        ['price', c.valuation_date, 'first'],
        ['analytics', later, 'first'],
        ['analytics', later, 'other'],
        ['analytics', later, 'own'],
        ['z-spread', later, 'own'],
        ['z-spread', later, 'own', 'first'],
        ['price', c.valuation_date, 'first'],
      ]
      const fresh = sequence.map(([op, date, curve, benchmark]) => {
        instruments.clear()
        return JSON.stringify(runTask(at(op, date, curve, benchmark)))
      })
      instruments.clear()
      for (const [k, [op, date, curve, benchmark]] of sequence.entries()) {
        const cached = JSON.stringify(runTask(at(op, date, curve, benchmark)))
        compared++
        if (cached !== fresh[k])
          mismatches.push(`#${i} step ${k} ${op}: ${cached.slice(0, 160)} vs ${fresh[k].slice(0, 160)}`)
      }
    }
    t.ok(fixture.curves.length >= 2, 'another curve to value on')
    t.ok(compared >= 240, `${compared} answers compared`)
    t.same(mismatches.slice(0, 5), [], 'the same answer as a fresh worker at every step')
  },
)

t.test(
  "a callable's fitted tree is cached by content (terms, curve, date, model) and reused by the OAS on the same curve",
  async (t) => {
    const fixture = loadFixture<OracleCase>('callable') as ReturnType<typeof loadFixture<OracleCase>> & {
      curves: PoolCurve[]
    }
    const c = fixture.cases.find((x) => !x.error && x.kind === 'CallableFixedRateBond')!
    const discount = poolCurve(fixture.curves, c.pools.discount, c.valuation_date, c.ref_shift[0])
    const task = (op: OperationName) => {
      const x = {
        ...taskFor(c, fixture.curves, op, op === 'z-spread' ? { target_dirty_ccy: 100 } : {}),
        instrument_key: 'kept-tree',
      }
      x.curves.discount = discount
      if (op === 'z-spread') x.curves.benchmark = discount
      return x
    }
    instruments.clear()
    callableTrees.clear()
    runTask(task('cashflows'))
    const bare = instruments.stats().bytes!
    t.equal(callableTrees.stats().size, 0, 'cash flows fit no tree')
    runTask(task('price'))
    const inst = instrument(task('price'))
    const key = callableTreeKey(task('price'), inst, 'discount')!
    t.match(key, /^kept-tree\|.+\|\d+\|hw:0\.03:0\.01:40$/, 'keyed by instrument, curve, date and model')
    const kept = callableTrees.peek(key)?.fitted
    t.ok(kept !== undefined && kept.nodes > 0, 'the price cached its fitted tree')
    const treeBytes = (tree: typeof kept) => 256 + 4096 + 8.5 * tree!.nodes + 64 * inst.bond.cashflows.length
    t.equal(callableTrees.stats().bytes, treeBytes(kept), 'the tree cache weighs the tree')
    t.equal(instruments.stats().bytes, bare, "the instrument's weight is its own")
    runTask(task('z-spread'))
    runTask(task('analytics'))
    t.equal(callableTrees.stats().size, 1, 'one tree cached')
    t.equal(callableTrees.peek(key)?.fitted, kept, 'the OAS and the bumps rolled back the same tree')
    // a benchmark that is another curve: its own tree beside the discount curve's, each found again in turn
    const other = poolCurve(
      fixture.curves,
      (c.pools.discount + 1) % fixture.curves.length,
      c.valuation_date,
      c.ref_shift[0],
    )
    const onOther = () => {
      const x = task('z-spread')
      x.curves.benchmark = other
      return x
    }
    runTask(onOther())
    const otherKey = callableTreeKey(onOther(), inst, 'benchmark')!
    const second = callableTrees.peek(otherKey)?.fitted
    t.ok(second !== undefined && otherKey !== key, 'the benchmark tree cached under its own key')
    t.equal(callableTrees.stats().bytes, treeBytes(kept) + treeBytes(second), 'both counted')
    runTask(task('price'))
    runTask(onOther())
    t.same(
      [callableTrees.peek(key)?.fitted, callableTrees.peek(otherKey)?.fitted],
      [kept, second],
      'each found again, none fitted anew',
    )
    // with_yield prices on a curve of their own: nothing cached
    runTask({ ...task('price'), parameters: { with_yield: 0.05 } })
    t.equal(callableTrees.stats().size, 2, 'a with_yield price caches no tree')
    // another date is another tree; a guest (priced away from its home thread) reads the cache but does not fill it
    const laterBy = (days: number, guest: boolean) => {
      const x = {
        ...taskFor({ ...c, valuation_date: toIso(fromIso(c.valuation_date) + days) }, fixture.curves, 'price', {}),
        instrument_key: 'kept-tree',
        guest,
      }
      x.curves.discount = discount
      return x
    }
    const days = [100, 200, 300, 400, 600, 800, 1000].find(
      (d) =>
        callableTreeNodes(
          callableOfInstrument(inst),
          requiredCurve(laterBy(d, false), 'discount'),
          fromIso(laterBy(d, false).valuation_date),
        ) !== kept!.nodes,
    )
    t.ok(days !== undefined, 'a later date with a tree of another size')
    runTask(laterBy(days!, true))
    t.equal(callableTrees.stats().size, 2, "a guest's tree is not cached")
    runTask(laterBy(days!, false))
    const datedKey = callableTreeKey(laterBy(days!, false), instrument(laterBy(days!, false)), 'discount')!
    const dated = callableTrees.peek(datedKey)?.fitted
    t.same(
      [callableTrees.stats().size, dated!.nodes === kept!.nodes],
      [3, false],
      'the later date cached beside the others',
    )
    t.equal(callableTrees.stats().bytes, treeBytes(kept) + treeBytes(second) + treeBytes(dated), 'and weighed')
  },
)
