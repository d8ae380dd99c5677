/** Account snapshots with more positions than one INSERT can bind (65,535 parameters): written whole, in slices. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/account'
const ACCOUNT = '4738aafb-ee10-504f-a54a-f9e9b4ec0527'

t.test('holdings and target positions beyond one statement', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo', env: { BODY_LIMIT_BYTES: String(4 * 1024 * 1024) } })
  // 9,000 holdings × 8 columns and 7,000 target positions × 10 columns each pass 65,535 parameters
  const assets = await db.sql<{ uid: string; unique_identifier: string }[]>`
    insert into assets (unique_identifier, asset_type) select 'BIG-' || g, 'bond' from generate_series(1, 9000) g
      returning uid::text, unique_identifier`
  const holdings = await app.inject({
    method: 'POST',
    url: `${BASE}/${ACCOUNT}/add-holdings/`,
    payload: {
      holdings_date: '2026-11-23T00:00:00Z',
      positions: assets.map((a) => ({ asset_identifier: a.unique_identifier, quantity: '1' })),
    },
  })
  t.equal(holdings.statusCode, 200, holdings.body.slice(0, 300))
  const [held] = await db.sql<{ n: number }[]>`select count(*)::int as n from account_holdings where holdings_set_uid =
    ${body<{ holdings_set_uid: string }>(holdings).holdings_set_uid}`
  t.equal(held.n, 9000)
  const targets = await app.inject({
    method: 'POST',
    url: `${BASE}/${ACCOUNT}/add-target-positions/`,
    payload: {
      target_positions_date: '2026-11-23T00:00:00Z',
      overwrite: false,
      positions: assets.slice(0, 7000).map((a) => ({
        target_type: 'asset',
        target_uid: a.uid,
        asset_uid: a.uid,
        weight_notional_exposure: '0.0001',
      })),
    },
  })
  t.equal(targets.statusCode, 200, targets.body.slice(0, 300))
  const [stored] = await db.sql<
    { n: number }[]
  >`select count(*)::int as n from target_positions tp join position_sets ps on ps.uid = tp.position_set_uid where
    ps.position_set_time = '2026-11-23T00:00:00Z'`
  t.equal(stored.n, 7000)
})
