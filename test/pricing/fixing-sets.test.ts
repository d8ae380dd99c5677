/**
 * Fixing histories travel once (src/pricing/repository.ts, workers/operations/fixing-set.ts): a fixing set is read
 * from PostgreSQL once per (fixing node, index, valuation day) while the market parts are cached, shared by object by
 * every context on it, and not sent again while cached; a clear (any write) drops it with the market parts, so a
 * floater priced after its fixings change answers the new fixings. The task carries it by reference, and each
 * worker builds its history once per content key.
 */
import t from 'tap'
import type { Sql } from '../../src/db/client.ts'
import { build, body } from '../helpers/app.ts'
import { loadPricingContexts, type FixingSet, type PricingContextQuery } from '../../src/pricing/repository.ts'
import { ContextCache } from '../../src/pricing/context-cache.ts'
import { decodeFixings, encodeFixings } from '../../workers/operations/fixing-set.ts'
import { fixingHistories, floatingIndex } from '../../workers/operations/market.ts'
import { fromIso } from '../../workers/quant/time/date.ts'
import type { PricingTask } from '../../src/contracts/pricing.ts'
import { buildTask } from '../../src/pricing/task.ts'
import { resolveMarketData } from '../../src/pricing/market-data.ts'

const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3' // BANKCO-FRN-SOFR-2029-03-20, quarterly on USD-TERM-SOFR-3M
const VALUATION = '2026-11-20T00:00:00.000Z'
const query = (assetUid: string, valuation = VALUATION): PricingContextQuery => ({
  assetUid,
  marketDataSet: 'default',
  valuation,
  side: 'mid',
  benchmarkRole: 'z_spread_base',
  benchmarkSide: 'mid',
})

/**
 * The SQL of the app, counting the fixing-set parts each market-data round trip returns (src/pricing/market-parts.ts;
 * the terms round trips are not counted).
 */
function counting(sql: Sql, hook: () => void = () => {}): { sql: Sql; fixingParts: number[] } {
  const fixingParts: number[] = []
  // the query is observed when it is awaited, not before: a fragment nested in another query is never run alone
  const spy = (strings: TemplateStringsArray, ...values: unknown[]) => {
    const query = (sql as unknown as (s: TemplateStringsArray, ...v: unknown[]) => Promise<{ kind?: string }[]>)(
      strings,
      ...values,
    )
    const then = query.then.bind(query)
    query.then = ((ok, fail) =>
      then((rows) => {
        if (rows.some((r) => r.kind === 'market')) {
          fixingParts.push(rows.filter((r) => r.kind === 'fixings').length)
          hook()
        }
        return rows
      }).then(ok, fail)) as typeof query.then
    return query
  }
  return { sql: spy as unknown as Sql, fixingParts }
}

t.test('a fixing set is read once while cached, shared by object, and read again after a clear', async (t) => {
  const { db } = await build(t, { bundle: 'demo' })
  const [eib] = await db.sql<
    { uid: string }[]
  >`select uid::text from assets where unique_identifier = 'EIB-FRN-EURIBOR-2031-04-15'`
  const cache = new ContextCache<FixingSet>(16)
  const { sql, fixingParts } = counting(db.sql)

  const [first] = await loadPricingContexts(sql, [query(FRN)], { fixingSets: cache })
  t.same(fixingParts, [1], 'the first round trip reads the set')
  const set = first!.fixings!
  t.equal(cache.size, 1, 'and caches it')
  const [{ n, last }] = await db.sql<{ n: number; last: string }[]>`
    select count(*)::int as n, max(fixing_date)::text as last from index_fixings where index_identifier =
      'USD-TERM-SOFR-3M' and fixing_date <= '2026-11-20'`
  t.ok(set.buffer instanceof SharedArrayBuffer, 'as a SharedArrayBuffer')
  t.equal(
    set.buffer.byteLength,
    12 * n,
    'holding every fixing up to the valuation day, whatever the bonds of the batch',
  )
  const history = decodeFixings(set.buffer)
  t.equal(history.size, n)
  t.ok(history.has(fromIso(last)), 'the last one included')

  // the same set for another request on the same day (another time of it) and a floater on another index
  const [again, other] = await loadPricingContexts(sql, [query(FRN, '2026-11-20T15:00:00.000Z'), query(eib.uid)], {
    fixingSets: cache,
  })
  t.same(fixingParts, [1, 1], "the cached set is not sent again: only the other index's is")
  t.equal(again!.fixings, set, 'the context takes the cached set itself')
  t.not(other!.fixings!.key, set.key, 'another index, another content key')
  t.equal(cache.size, 2)

  const [nextDay] = await loadPricingContexts(sql, [query(FRN, '2026-11-21T00:00:00.000Z')], { fixingSets: cache })
  t.same(fixingParts, [1, 1, 1], 'another valuation day is another set')
  t.ok(nextDay!.fixings, 'read')

  cache.clear()
  const [fresh] = await loadPricingContexts(sql, [query(FRN)], { fixingSets: cache })
  t.same(fixingParts, [1, 1, 1, 1], 'after a clear the set is read again')
  t.not(fresh!.fixings, set, 'a new object')
  t.equal(fresh!.fixings!.key, set.key, 'with the same content')
})

t.test(
  'a clear during the round trip: nothing loaded is cached, and a set named as cached still reaches the context',
  async (t) => {
    const { db } = await build(t, { bundle: 'demo' })
    const cache = new ContextCache<FixingSet>(16)
    const clearing = counting(db.sql, () => cache.clear())
    const [loaded] = await loadPricingContexts(clearing.sql, [query(FRN)], { fixingSets: cache })
    t.ok(loaded!.fixings, 'the context has its fixings')
    t.equal(cache.size, 0, 'but a set loaded before a clear is not cached')

    const plain = counting(db.sql)
    await loadPricingContexts(plain.sql, [query(FRN)], { fixingSets: cache })
    t.equal(cache.size, 1)
    const [known] = await loadPricingContexts(clearing.sql, [query(FRN)], { fixingSets: cache })
    t.same(clearing.fixingParts, [1, 0], 'the cached set was not sent again')
    t.ok(
      known!.fixings && known!.fixings.buffer.byteLength > 0,
      'and the context took it although the cache was cleared meanwhile',
    )
  },
)

t.test('through the app: a floater priced after its fixings change answers the new fixings', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const post = (op: string, parameters: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${FRN}/${op}/`,
      payload: { valuation_date: VALUATION, market_data_set: 'default', parameters },
    })
  const paid = async () => {
    const res = await post('cashflows', { include_paid: true })
    t.equal(res.statusCode, 200, res.body)
    return body<{ legs: { floating: { fixing_date: string; amount: number }[] } }>(res).legs.floating.find(
      (r) => r.fixing_date === '2024-03-18',
    )!
  }
  const before = await paid()
  t.ok(before, 'the first coupon (fixed on 2024-03-18) is listed')
  t.equal(app.pricingContextParts.fixingSets.size, 1, 'its fixing set is cached')
  t.equal((await post('price')).statusCode, 200)

  // a write that bypasses the app: drop the context parts now instead of racing the NOTIFY (pool.test covers that
  // path)
  await db.sql`update index_fixings set rate = rate + 0.01 where index_identifier = 'USD-TERM-SOFR-3M' and fixing_date
    = '2024-03-18'`
  app.pricingCaches.clear()
  t.equal(app.pricingContextParts.fixingSets.size, 0, 'the fixing sets are cleared with the other parts')
  const after = await paid()
  t.ok(after.amount > before.amount, `the coupon follows the new fixing (${before.amount} -> ${after.amount})`)

  await db.sql`delete from index_fixings where index_identifier = 'USD-TERM-SOFR-3M' and fixing_date = '2024-03-18'`
  app.pricingCaches.clear()
  const missing = await post('cashflows', { include_paid: true })
  t.equal(missing.statusCode, 409)
  t.match(
    body<{ detail: string }>(missing).detail,
    /^Missing USD-TERM-SOFR-3M fixing for 2024-03-18$/,
    'a missing historic fixing is named',
  )
  const availability = body<{ status: string; fixings: { missing_count: number }[] }>(
    await post('fixings-availability'),
  )
  t.equal(availability.fixings[0].missing_count, 0, 'coverage only needs the fixings of coupons not yet paid')

  // a stored fixing the pricer cannot read (before 1901) is a 409 for the floaters on it, not a failed round trip
  await db.sql`insert into index_fixings (data_node_uid, index_identifier, fixing_date, rate)
    select data_node_uid, index_identifier, '1900-01-02', 0.05 from index_fixings where index_identifier =
      'USD-TERM-SOFR-3M' limit 1`
  app.pricingCaches.clear()
  const unreadable = await post('price')
  t.equal(unreadable.statusCode, 409)
  t.match(
    body<{ detail: string }>(unreadable).detail,
    /^Fixings of 'USD-TERM-SOFR-3M' in market-data set 'default' cannot be read: fixings: '1900-01-02' is not a valid date in 1901..2199\.$/,
  )
})

t.test('workers build a history once per content key', async (t) => {
  const dates = ['2026-11-18', '2026-11-19', '2026-11-20']
  const rates = [0.041, 0.042, 0.043]
  const buffer = encodeFixings(dates, rates)
  t.equal(buffer.byteLength, 36)
  t.same(
    [...decodeFixings(buffer)],
    dates.map((d, i) => [fromIso(d), rates[i]]),
  )
  t.throws(() => encodeFixings(['1899-12-31'], [0.01]), /fixings: '1899-12-31' is not a valid date/)

  const conventions = {
    identifier: 'X-IBOR',
    tenor: '3M',
    fixing_days: 2,
    calendar: { name: 'TARGET' },
    day_count: 'Actual360',
    business_day_convention: 'ModifiedFollowing',
    end_of_month: false,
    currency: 'EUR',
  }
  const task = (key: string, b: SharedArrayBuffer) =>
    ({ indexes: { ix: conventions }, fixings: { 'X-IBOR': { key, buffer: b } }, curves: {} }) as unknown as PricingTask
  const a = floatingIndex(task('k1', buffer), 'ix', false).history
  const b = floatingIndex(task('k1', encodeFixings(dates, rates)), 'ix', false).history
  t.equal(a, b, 'one Map per key')
  const c = floatingIndex(task('k2', encodeFixings(dates.slice(0, 2), rates.slice(0, 2))), 'ix', false).history
  t.not(c, a, 'another key, another Map')
  t.equal(c.size, 2)
  t.ok(fixingHistories.size >= 2)
})

t.test(
  "a floater's plan key leaves out its fixings: another day's fixing set is another instrument, the same plan",
  async (t) => {
    const { db } = await build(t, { bundle: 'demo' })
    // the next business day's fixing, published: the day after holds one fixing more
    await db.sql`insert into index_fixings (data_node_uid, index_identifier, fixing_date, rate)
    select data_node_uid, index_identifier, '2026-11-23', 0.0431 from index_fixings where index_identifier =
      'USD-TERM-SOFR-3M' limit 1`
    const days = ['2026-11-20T00:00:00.000Z', '2026-11-24T00:00:00.000Z']
    const contexts = await loadPricingContexts(
      db.sql,
      days.map((d) => query(FRN, d)),
    )
    const tasks = contexts.map((ctx, i) => {
      const req = {
        operation: 'price' as const,
        parameters: {},
        marketDataSet: 'default',
        side: 'mid',
        benchmarkRole: 'z_spread_base',
        benchmarkSide: 'mid',
        valuation: days[i],
      }
      return buildTask('price', ctx!, resolveMarketData(ctx!, req), days[i].slice(0, 10), {})
    })
    t.not(contexts[0]!.fixings!.key, contexts[1]!.fixings!.key, 'the two days hold different fixings')
    t.not(tasks[0].instrument_key, tasks[1].instrument_key, 'two instruments')
    t.ok(tasks[0].plan_key, 'a floater task carries a plan key')
    t.equal(tasks[0].plan_key, tasks[1].plan_key, 'one plan')
    t.ok(tasks[0].instrument_key!.startsWith(`${tasks[0].plan_key}|`), 'the instrument key is the plan key and more')
  },
)
