/**
 * The pricer end to end — HTTP, validation, SQL, market-data resolution, the worker pool — on oracle
 * instruments of every class loaded as a bundle, compared with QuantLib 1.29 at the core's tolerances
 * (prices 1e-10 relative, callable tree 1e-8; yields and z-spreads 1e-9 absolute).
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { oracleBundle, oracleFixture, SET_KEY, type LoadedCase } from './oracle-bundle.ts'
import type { OracleCase } from '../operations/oracle-cases.ts'
import { fromIso } from '../../workers/quant/time/date.ts'

const bonds = oracleFixture('bonds')
const callables = oracleFixture('callable')
const KINDS = [
  'FixedRateBond',
  'AmortizingFixedRateBond',
  'ZeroCouponBond',
  'FloatingRateBond',
  'AmortizingFloatingRateBond',
]

function pick(source: typeof bonds, name: string, kind: string, count: number) {
  const chosen: { name: string; index: number; c: OracleCase; curves: typeof bonds.curves }[] = []
  // prefer instruments with oracle cash flows, then any priced instrument
  for (const wantCashflows of [true, false]) {
    for (const [index, c] of source.cases.entries()) {
      if (chosen.length >= count) break
      const e = c.expected as Record<string, unknown> | undefined
      if (
        c.kind !== kind ||
        c.error ||
        !e ||
        e.yield === undefined ||
        e.z_spread === undefined ||
        !!e.cashflows !== wantCashflows
      )
        continue
      if (chosen.some((x) => x.index === index)) continue
      chosen.push({ name, index, c, curves: source.curves })
    }
  }
  return chosen
}

const selected = [
  ...KINDS.flatMap((k) => pick(bonds, 'bonds', k, 3)),
  ...pick(callables, 'callable', 'CallableFixedRateBond', 3),
]
const { bundle, loaded } = oracleBundle(selected)

const rel = (got: unknown, want: number, tol: number) =>
  typeof got === 'number' && Math.abs(got - want) <= tol * Math.max(1, Math.abs(want))
const abs = (got: unknown, want: number, tol = 1e-9) => typeof got === 'number' && Math.abs(got - want) <= tol

t.test('every class × operation through HTTP matches QuantLib', async (t) => {
  const { app } = await build(t, { bundle })
  t.equal(new Set(loaded.map((l) => l.case.kind)).size, 6, 'all six classes are loaded')
  const post = async (l: LoadedCase, op: string, parameters: Record<string, unknown> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${l.assetUid}/${op}/`,
      payload: { valuation_date: l.valuation, market_data_set: SET_KEY, parameters },
    })
    return { status: res.statusCode, body: body<Record<string, unknown>>(res) }
  }
  for (const l of loaded) {
    const c = l.case
    const e = c.expected as Record<string, number> & { carry: Record<string, number>; cashflows?: [number, number][] }
    const tol = c.kind === 'CallableFixedRateBond' ? 1e-8 : 1e-10
    const base: Record<string, unknown> =
      c.parameters.with_yield !== undefined
        ? { with_yield: c.parameters.with_yield, flat_compounding: c.parameters.flat_compounding }
        : {}
    const label = `${c.kind} ${c.terms.issue_date}→${c.terms.maturity_date}`

    const price = await post(l, 'price', base)
    t.equal(price.status, 200, `${label} price`)
    t.ok(rel(price.body.price, e.npv, tol), `${label} price ${price.body.price} vs ${e.npv}`)
    t.match(price.body, {
      asset_uid: l.assetUid,
      instrument_type: c.kind,
      operation: 'price',
      market_data_set: SET_KEY,
      units: 'npv',
    })

    const a = (await post(l, 'analytics', base)).body.analytics as Record<string, number>
    t.ok(
      rel(a.clean_price, e.clean, tol) && rel(a.dirty_price, e.dirty, tol) && rel(a.accrued_amount, e.accrued, 1e-10),
      `${label} analytics`,
    )
    t.ok(abs(a.yield, e.yield), `${label} analytics yield`)

    const d = (await post(l, 'duration', { ...base, duration_type: 'Macaulay' })).body
    t.ok(d.duration_type === 'Macaulay' && rel(d.duration, e.macaulay, 1e-8), `${label} duration`)
    const dm = (await post(l, 'duration', base)).body
    t.ok(dm.duration_type === 'Modified' && rel(dm.duration, e.modified, 1e-8), `${label} modified duration by default`)

    // the yield operation prices on the selected curve (it takes no with_yield)
    if (c.parameters.with_yield === undefined) t.ok(abs((await post(l, 'yield')).body.yield, e.yield), `${label} yield`)
    if (e.override_yield !== undefined)
      t.ok(
        abs(
          (await post(l, 'yield', { override_clean_price: c.parameters.override_clean_price })).body.yield,
          e.override_yield,
        ),
        `${label} yield at a given clean price`,
      )

    const z = (
      await post(l, 'z-spread', {
        target_dirty_ccy: e.target_dirty_ccy,
        tol: c.parameters.tol,
        max_iter: c.parameters.max_iter,
        benchmark_expected_curve_type: 'discount',
      })
    ).body
    t.ok(abs(z.z_spread, e.z_spread), `${label} z-spread ${z.z_spread} vs ${e.z_spread}`)
    t.equal(z.units, 'decimal')
    t.equal(
      typeof z.oas,
      c.kind === 'CallableFixedRateBond' ? 'number' : 'undefined',
      `${label} an OAS only for callables`,
    )

    // curve-bump risk (values are checked against QuantLib in test/operations/risk.test.ts)
    const effective = await post(l, 'duration', { ...base, duration_type: 'Effective' })
    t.equal(effective.status, 200, `${label} effective duration`)
    const keyRate = (
      await post(l, 'duration', { ...base, duration_type: 'KeyRate', key_rate_tenors: ['1Y', '5Y', '10Y'] })
    ).body
    const krd = keyRate.key_rate_durations as { tenor: string; duration: number }[]
    t.same(
      krd.map((k) => k.tenor),
      ['1Y', '5Y', '10Y'],
      `${label} one key-rate duration per tenor`,
    )
    t.ok(
      rel(
        keyRate.duration,
        krd.reduce((sum, k) => sum + k.duration, 0),
        1e-12,
      ),
      `${label} the key-rate durations sum to the duration`,
    )
    t.ok(
      ['effective_duration', 'effective_convexity', 'dv01'].every((k) => typeof a[k] === 'number'),
      `${label} analytics carries curve-bump risk`,
    )

    const carry = (await post(l, 'carry-roll-down', { ...base, horizon_days: c.parameters.horizon_days })).body
    const m = carry.metrics as Record<string, number>
    t.equal(carry.horizon_days, c.parameters.horizon_days)
    t.ok(
      rel(m.p1_dirty_per100_unchanged_curve, e.carry.p1_curve, tol),
      `${label} carry on today's curve seen from the horizon`,
    )
    t.ok(rel(m.p1_dirty_per100_rolled_curve, e.carry.p1_rolled, tol), `${label} carry on the rolled curve`)
    t.ok(
      rel(m.p1_dirty_per100_const_yield, e.carry.p1_yield, 1e-8) && rel(m.coupons_between_ccy, e.carry.between, 1e-10),
      `${label} carry constant yield`,
    )
    t.ok(
      rel(m.accrued1_ccy, e.carry.accrued1, 1e-10) && rel(m.accrued0_ccy, e.carry.accrued0, 1e-10),
      `${label} accrued at both settlements`,
    )
    t.ok(
      rel(m.cr_plus_coupons_dirty, m.cr_dirty + (e.carry.between * 100) / e.carry.n0, 1e-12),
      `${label} coupons enter per 100 of the notional at s0`,
    )
    for (const key of [
      'p0_dirty_per100',
      'p0_clean_per100',
      'p1_dirty_per100_unchanged_curve',
      'p1_dirty_per100_const_yield',
      'cr_dirty',
      'carry_const_dirty',
      'roll_down_dirty',
      'coupons_between_ccy',
      'cr_plus_coupons_dirty',
      'accrued0_ccy',
      'accrued1_ccy',
      'accrued1_per100',
      'p1_clean_per100_unchanged_curve',
      'p1_clean_per100_const_yield',
      'cr_clean',
      'carry_const_clean',
    ]) {
      t.type(m[key], 'number', `${label} carry key ${key}`)
    }

    const cf = await post(l, 'cashflows')
    const net = await post(l, 'net-cashflows')
    const frame = await post(l, 'cashflows/frame')
    const netFrame = await post(l, 'net-cashflows/frame')
    t.equal(cf.status, 200, `${label} cashflows`)
    const legs = cf.body.legs as Record<string, { payment_date: string; amount: number }[]>
    const rows = Object.values(legs)
      .flat()
      .sort((x, y) => x.payment_date.localeCompare(y.payment_date))
    if (e.cashflows) {
      const want = [...e.cashflows].sort((x, y) => x[0] - y[0])
      t.ok(
        rows.length === want.length &&
          want.every((w, j) => fromIso(rows[j].payment_date) === w[0] && rel(rows[j].amount, w[1], 1e-10)),
        `${label} cashflows match QuantLib`,
      )
    }
    const netRows = net.body.cashflows as { payment_date: string; net_cashflow: number }[]
    const total = (xs: number[]) => xs.reduce((s, x) => s + x, 0)
    t.ok(
      rel(total(netRows.map((r) => r.net_cashflow)), total(rows.map((r) => r.amount)), 1e-12),
      `${label} net cashflows sum the legs`,
    )
    t.match(frame.body, { status: 'ready', columns: ['leg', 'payment_date', 'amount', 'rate'] })
    t.equal((frame.body.rows as unknown[]).length, rows.length, `${label} frame has every cash flow`)
    t.match(frame.body.source, {
      kind: 'api',
      id: 'getFixedIncomeAssetCashflowsFrame',
      context: { asset_uid: l.assetUid, instrument_type: c.kind, operation: 'cashflows', market_data_set: SET_KEY },
    })
    t.same((netFrame.body.columns as string[]).slice(0, 2), ['payment_date', 'net_cashflow'])
    t.ok((netFrame.body.fields as { provenance: string }[]).every((f) => f.provenance === 'manual'))

    const preview = (await post(l, 'curve-preview', base)).body
    t.equal(
      (preview.diagnostics as { pricing_engine_id: string }).pricing_engine_id,
      c.kind === 'CallableFixedRateBond' ? 'TreeCallableFixedRateBondEngine' : 'DiscountingBondEngine',
    )
    const refs = preview.curves as {
      role: string
      discount_curve_url: string
      discount_curve_query_params: { market_data_set: string }
    }[]
    t.ok(
      refs.some((r) => r.role === 'z_spread_base'),
      `${label} preview names the z-spread benchmark`,
    )
    t.ok(
      refs.every(
        (r) =>
          /^\/api\/v1\/pricing\/curves\/[0-9a-f-]{36}\/discount-curve\/$/.test(r.discount_curve_url) &&
          r.discount_curve_query_params.market_data_set === SET_KEY,
      ),
    )
    t.notOk(JSON.stringify(preview).includes('days_to_maturity'), 'no curve nodes in a preview')

    const fixings = (await post(l, 'fixings-availability')).body
    if (c.index) {
      const required = fixings.fixings as { missing_count: number; status: string }[]
      t.ok(
        ['complete', 'partial', 'missing'].includes(String(fixings.status)),
        `${label} fixings status ${fixings.status}`,
      )
      t.equal(required.length, 1, `${label} one row for its index`)
      t.ok(
        required.every((r) =>
          r.missing_count === 0 ? r.status === 'complete' : ['partial', 'missing'].includes(r.status),
        ),
      )
    } else {
      t.same(fixings, { ...fixings, status: 'not_required', fixings: [] })
    }
  }
})

t.test('a missing historical fixing is a 409 naming the index and the date', async (t) => {
  // a discount curve dated on the valuation date: then only coupons not yet paid are priced, so the missing fixing is
  // one they need
  const failing = bonds.cases.findIndex(
    (c) => c.error?.startsWith('Missing') && c.kind === 'FloatingRateBond' && c.ref_shift[0] === 0,
  )
  t.ok(failing >= 0, 'the oracle has a floater with a missing fixing')
  const {
    bundle: b,
    loaded: [l],
  } = oracleBundle([{ name: 'bonds', index: failing, c: bonds.cases[failing], curves: bonds.curves }])
  const { app } = await build(t, { bundle: b })
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/pricing/assets/${l.assetUid}/price/`,
    payload: { valuation_date: l.valuation, market_data_set: SET_KEY },
  })
  t.equal(res.statusCode, 409)
  t.match(body(res).detail, /^Missing bonds-\d+-IBOR fixing for \d{4}-\d{2}-\d{2}$/)
  const availability = body<{ status: string; fixings: { missing_count: number }[] }>(
    await app.inject({
      method: 'POST',
      url: `/api/v1/pricing/assets/${l.assetUid}/fixings-availability/`,
      payload: { valuation_date: l.valuation, market_data_set: SET_KEY },
    }),
  )
  t.ok(['partial', 'missing'].includes(availability.status), `fixings availability says ${availability.status}`)
  t.ok(availability.fixings[0].missing_count >= 1, 'and counts the missing fixing')
})
