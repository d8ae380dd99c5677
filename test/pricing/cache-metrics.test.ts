/**
 * Every pricing cache is bounded by its setting and reports its size, bound and hit ratio on /metrics: the
 * terms, fixing sets and decoded curves of the process and the instruments, floater plans, curves and fixing
 * histories of the workers.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { readDemoBundle } from '../../src/db/demo.ts'
import { sleep, waitFor } from '../helpers/wait.ts'

const metric = (text: string, name: string, cache: string) =>
  Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN)

t.test('bounded caches with their sizes and hit ratios on /metrics', async (t) => {
  const { app } = await build(t, {
    bundle: 'demo',
    env: {
      PRICING_TERMS_CACHE_SIZE: '3',
      PRICER_INSTRUMENT_CACHE_SIZE: '2',
      PRICER_CURVE_CACHE_SIZE: '2',
      PRICING_CURVE_CACHE_SIZE: '4',
      PRICING_FIXING_CACHE_SIZE: '1',
      PRICER_INSTRUMENT_CACHE_MB: '3',
    },
  })
  const bonds = (
    readDemoBundle() as { assets: { uid: string; pricing_details?: { instrument_type: string } }[] }
  ).assets.filter((a) => a.pricing_details?.instrument_type.endsWith('Bond'))
  t.ok(bonds.length >= 8, 'enough distinct bonds to overflow every bound')
  const price = (uid: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${uid}/price/`,
      payload: { valuation_date: '2026-11-20', market_data_set: 'default' },
    })
  for (const b of bonds) t.equal((await price(b.uid)).statusCode, 200)
  // a second pass on the last bond hits every cache; workers report at most twice a second
  await sleep(600)
  await price(bonds[bonds.length - 1].uid)
  // decoded curves are read per market part (a request's curve rows resolve once per part, src/pricing/market-data.ts):
  // another time of the same day is another part, on the same observations
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${bonds[bonds.length - 1].uid}/price/`,
        payload: { valuation_date: '2026-11-20T12:00:00Z', market_data_set: 'default' },
      })
    ).statusCode,
    200,
  )
  // the worker's report of that pass comes by its own channel, not with the answer: until it has come
  let text = ''
  await waitFor(async () => {
    text = (await app.inject({ url: '/metrics' })).body
    return (
      metric(text, 'pricing_cache_hits', 'worker_instruments') > 0 &&
      metric(text, 'pricing_cache_hits', 'worker_curves') > 0
    )
  })
  const bounds = { terms: 3, decoded_curves: 4, worker_instruments: 2, worker_curves: 2 }
  for (const [cache, bound] of Object.entries(bounds)) {
    t.equal(metric(text, 'pricing_cache_capacity', cache), bound, `${cache}: bound ${bound}`)
    const size = metric(text, 'pricing_cache_entries', cache)
    t.ok(size >= 1 && size <= bound, `${cache}: ${size} entries within the bound`)
    t.ok(metric(text, 'pricing_cache_misses', cache) >= bound, `${cache}: misses counted`)
    const ratio = metric(text, 'pricing_cache_hit_ratio', cache)
    t.ok(ratio > 0 && ratio < 1, `${cache}: hit ratio ${ratio}`)
  }
  // the fixing sets of the process, the floater plans (bounded as instruments) and fixing histories of the worker
  // (one thread): bounded and reported
  for (const [cache, bound] of Object.entries({ fixing_sets: 1, worker_floater_plans: 2, worker_fixings: 64 })) {
    t.equal(metric(text, 'pricing_cache_capacity', cache), bound, `${cache}: bound ${bound}`)
    const size = metric(text, 'pricing_cache_entries', cache)
    t.ok(size >= 1 && size <= bound, `${cache}: ${size} entries within the bound`)
    t.ok(metric(text, 'pricing_cache_misses', cache) >= 1, `${cache}: misses counted`)
  }
  // the caches bounded by weight (one thread): their estimated bytes beside their bound in bytes, within it
  for (const [cache, mb] of Object.entries({ worker_instruments: 3, worker_floater_plans: 1.5 })) {
    t.equal(metric(text, 'pricing_cache_capacity_bytes', cache), mb * 1048576, `${cache}: bound ${mb} MB`)
    const bytes = metric(text, 'pricing_cache_estimated_bytes', cache)
    t.ok(bytes > 0 && bytes <= mb * 1048576, `${cache}: ${bytes} estimated bytes within the bound`)
  }
  t.ok(
    Number.isNaN(metric(text, 'pricing_cache_estimated_bytes', 'terms')),
    'a cache bounded by count alone reports no bytes',
  )
  // tasks priced away from their home thread (src/pricing/batcher.ts): counted, never more than were priced
  const guests = Number(/^pricing_guest_tasks_total (\S+)$/m.exec(text)?.[1] ?? Number.NaN)
  t.ok(guests >= 0 && guests <= bonds.length * 3, `pricing_guest_tasks_total: ${guests}`)
})
