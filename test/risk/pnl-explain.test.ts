/**
 * P&L explain: the components sum to the total (1e-9 relative), the total is V1 − V0 + paid, V0 and V1 are the
 * single route's prices at each date, coupons paid between the dates are counted, floaters show a fixings effect, key
 * rates explain a parallel-like move of a fixed bond's curve to first order, and totals are the sums of their items.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { DEMO, DEMO_SET_KEY } from '../../src/db/demo/demo-ids.ts'
import { market } from './history.ts'

interface Split {
  value_from: number
  value_to: number
  paid: number
  total: number
  carry: number
  curves: number
  fixings: number
  key_rates: Record<string, number>
  residual: number
}
interface Answer {
  totals: Split & { priced_items: number; unpriced_items: number }
  items: (Partial<Split> & {
    asset_uid: string | null
    asset_identifier: string
    quantity: number
    status: number
    detail?: string
  })[]
}

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(a), Math.abs(b))
const BONDS = Object.entries(DEMO.assets).filter(([k]) => k !== 'future' && k !== 'swap')

t.test('components sum to the total; values are the single route prices', async (t) => {
  const { app } = await build(t, { bundle: market() })
  const explain = async (from: string, to: string, target: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/pricing/pnl-explain/',
      payload: { market_data_set: DEMO_SET_KEY, from_date: from, to_date: to, target },
    })
    t.equal(res.statusCode, 200, res.body.slice(0, 300))
    return body<Answer>(res)
  }
  const price = async (uid: string, date: string) =>
    body<{ price: number }>(
      await app.inject({
        method: 'POST',
        url: `/api/v1/pricing/assets/${uid}/price/`,
        payload: { valuation_date: date, market_data_set: DEMO_SET_KEY },
      }),
    ).price
  const check = (name: string, s: Partial<Split>) => {
    t.ok(rel(s.carry! + s.curves! + s.fixings!, s.total!) < 1e-9, `${name}: carry + curves + fixings = total`)
    t.ok(rel(s.value_to! - s.value_from! + s.paid!, s.total!) < 1e-9, `${name}: total = V1 − V0 + paid`)
    const keyRates = Object.values(s.key_rates!).reduce((a, b) => a + b, 0)
    t.ok(rel(keyRates + s.residual!, s.curves!) < 1e-9, `${name}: key rates + residual = curves`)
  }
  const uids = [...BONDS.map(([, uid]) => uid), DEMO.assets.swap]
  for (const [from, to] of [
    ['2026-11-19', '2026-11-20'],
    ['2026-10-01', '2026-11-20'],
  ]) {
    const answer = await explain(from, to, { asset_uids: uids })
    const byName = new Map(BONDS.map(([name], i) => [name, answer.items[i]]))
    for (const [name, uid] of BONDS) {
      const item = byName.get(name)!
      t.equal(item.status, 200, `${name} ${from}: ${item.detail ?? ''}`)
      check(`${name} ${from}`, item)
      t.ok(rel(item.value_from!, await price(uid, from)) < 1e-12, `${name}: V0 is the price at ${from}`)
      t.ok(rel(item.value_to!, await price(uid, to)) < 1e-12, `${name}: V1 is the price at ${to}`)
    }
    t.match(answer.items[uids.length - 1], { status: 400, detail: /not supported/ })
    check(`totals ${from}`, answer.totals)
    t.equal(answer.totals.priced_items, BONDS.length)
    for (const k of ['total', 'carry', 'curves', 'fixings', 'paid'] as const)
      t.ok(
        rel(
          answer.totals[k],
          answer.items.filter((i) => i.status === 200).reduce((a, i) => a + i[k]!, 0),
        ) < 1e-12,
        `totals.${k} is the sum of the items`,
      )
    const ust = byName.get('ust')!
    if (from === '2026-10-01') {
      t.ok(ust.paid! > 0, 'the November coupon of the Treasury was paid between the dates')
      // the overnight floaters' current coupons read the daily fixings published between the dates; the Term SOFR
      // FRN's current coupon was fixed in September
      for (const name of ['sofrFrn', 'estrFrn', 'amortizingFrn'])
        t.not(byName.get(name)!.fixings, 0, `${name}: fixings published between the dates move it`)
      t.equal(byName.get('frn')!.fixings, 0, 'no fixing of the Term SOFR FRN fell between the dates')
    } else {
      // the demo's curves move 4 bp in parallel from one day to the next: key rates explain it to first order
      t.ok(Math.abs(ust.residual!) < 0.02 * Math.abs(ust.curves!), `UST: residual ${ust.residual} of ${ust.curves}`)
      t.equal(ust.fixings, 0, 'a fixed bond has no fixings effect')
    }
  }
  const account = await explain('2026-11-19', '2026-11-20', { account_uid: DEMO.account })
  check('account', account.totals)
  t.ok(account.items.every((i) => i.quantity !== 0))
})

t.test('P&L explain refusals', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const post = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/pnl-explain/',
      payload: { market_data_set: DEMO_SET_KEY, target: { asset_uids: [DEMO.assets.ust] }, ...payload },
    })
  const backwards = await post({ from_date: '2026-11-20', to_date: '2026-11-19' })
  t.equal(backwards.statusCode, 422)
  t.match(body<{ detail: string }>(backwards).detail, /must be before to_date/)
  const noData = await post({ from_date: '2026-08-01', to_date: '2026-11-20' })
  t.equal(noData.statusCode, 200)
  t.match(body<Answer>(noData).items[0], { status: 409, detail: /^At from_date: .*observation/ })
})
