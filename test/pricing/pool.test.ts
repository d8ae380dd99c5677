/** Batched pricing and the invalidation of cached pricing contexts (faults: isolation.test.ts). */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { encodeCurve } from '../../src/db/curve-payload.ts'
import { waitFor } from '../helpers/wait.ts'

const demo = readDemoBundle() as { assets: { uid: string; unique_identifier: string }[] }
const uid = (id: string) => demo.assets.find((a) => a.unique_identifier === id)!.uid
const UST = uid('UST-4.25-2031-11-15')
const request = { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' }

t.test('market data published by another writer reaches the next price (cache invalidated by NOTIFY)', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const noon = { ...request, valuation_date: '2026-11-20T12:00:00Z' }
  const price = async () =>
    body<{ price: number }>(
      await app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${UST}/price/`, payload: noon }),
    ).price
  const before = await price()
  t.equal(await price(), before, 'stable while nothing changes')
  // another writer (the loader, another instance) publishes a later curve, 100bp higher
  const nodes = [1, 30, 365, 1826, 3652, 10957].map((d) => ({ days_to_maturity: d, zero: 0.05 }))
  await db.sql`insert into discount_curve_observations (data_node_uid, curve_identifier, time_index, curve)
    select data_node_uid, curve_identifier, '2026-11-20T06:00:00Z', ${encodeCurve(nodes)} from
      discount_curve_observations
    where curve_identifier = 'USD-UST-ZERO' and time_index = '2026-11-20T00:00:00Z'`
  let after = before
  // the notification of that commit reaches the caches asynchronously
  await waitFor(async () => (after = await price()) !== before)
  t.not(after, before, 'the new observation is priced')
  t.ok(after < before, 'higher rates, lower price')
})

t.test('requests priced together in one batch get their own answers', async (t) => {
  const { app } = await build(t, { bundle: 'demo', env: { PRICER_THREADS: '2' } })
  const ids = [
    'UST-4.25-2031-11-15',
    'DBR-2.5-2035-02-15',
    'UST-STRIP-2036-02-15',
    'BANKCO-FRN-SOFR-2029-03-20',
    'MUNI-4.5-2030-06-15-SINK',
    'ACME-5.0-2034-06-01-CALL',
  ]
  const price = (id: string) =>
    app.inject({ method: 'POST', url: `/api/v1/pricing/assets/${uid(id)}/price/`, payload: request })
  const sequential: number[] = []
  for (const id of ids) sequential.push(body<{ price: number }>(await price(id)).price)
  const together = await Promise.all([...ids, ...ids, ...ids].map(price))
  t.same(
    together.map((r) => r.statusCode),
    together.map(() => 200),
  )
  t.same(
    together.map((r) => body<{ price: number }>(r).price),
    [...sequential, ...sequential, ...sequential],
  )
  const mixed = await Promise.all([
    price(ids[0]),
    app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${uid(ids[0])}/price/`,
      payload: { ...request, market_data_set: 'nope' },
    }),
    price(ids[1]),
  ])
  t.same(
    mixed.map((r) => r.statusCode),
    [200, 409, 200],
    'a failing request does not fail its neighbours',
  )
})
