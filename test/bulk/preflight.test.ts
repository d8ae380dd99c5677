import t from 'tap'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'

const { app, db } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })
const { sql } = db
const MISSING = '00000000-0000-4000-8000-00000000abcd'

const preflight = (collection: string, payload: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1/${collection}/bulk-delete/preflight/`, payload: payload as object })

t.test('asset categories: allowed, counts, then a missing uid blocks', async (t) => {
  const uids = await fx.assetCategories(sql, 2, true)
  let r = await preflight('asset-category', explicit(uids))
  t.equal(r.statusCode, 200)
  t.same(body(r), {
    allowed: true,
    detail: '2 asset categories are ready for deletion.',
    matched_count: 2,
    blockers: [],
    warnings: [],
  })
  r = await preflight('asset-category', explicit([uids[0]]))
  t.equal(body(r).detail, '1 asset category is ready for deletion.')
  r = await preflight('asset-category', explicit([uids[0], MISSING]))
  t.same(body(r), {
    allowed: false,
    detail: 'The asset-category selection cannot be deleted as submitted.',
    matched_count: 1,
    blockers: [`Asset category ${MISSING} was not found.`],
    warnings: [],
  })
  t.equal(await fx.count(sql, 'asset_categories', uids), 2, 'preflight writes nothing')
})

t.test('portfolios: protected virtual-fund and target-position references block, prefixed by the uid', async (t) => {
  const [free, funded, targeted] = await fx.portfolios(sql, 3, 2)
  await fx.virtualFund(sql, funded)
  await fx.targetPosition(sql, targeted)
  let r = await preflight('portfolio', explicit([free]))
  t.same(body(r), {
    allowed: true,
    detail: '1 portfolio is ready for deletion.',
    matched_count: 1,
    blockers: [],
    warnings: [],
  })
  r = await preflight('portfolio', explicit([free, funded, MISSING, targeted.toUpperCase()]))
  t.equal(r.statusCode, 200)
  t.same(body(r), {
    allowed: false,
    detail: 'The portfolio selection cannot be deleted as submitted.',
    matched_count: 3,
    blockers: [
      `Portfolio ${funded}: VirtualFundTable.target_portfolio_uid references this portfolio (count=1). Delete or ` +
        `retarget those virtual funds first.`,
      `Portfolio ${MISSING} was not found.`,
      `Portfolio ${targeted}: TargetPositionsStorage.portfolio_uid references this portfolio (count=1). Delete or ` +
        `retarget account target positions first.`,
    ],
    warnings: [],
  })
  t.equal(await fx.count(sql, 'portfolios', [free, funded, targeted]), 3)
  t.equal(await fx.count(sql, 'portfolio_weights'), 6, 'weights untouched')
})

t.test('portfolio groups: missing uid blocker and detail wording', async (t) => {
  const uids = await fx.portfolioGroups(sql, 3)
  t.same(body(await preflight('portfolio-group', explicit(uids))).detail, '3 portfolio groups are ready for deletion.')
  const r = await preflight('portfolio-group', explicit([MISSING]))
  t.same(body(r), {
    allowed: false,
    detail: 'The portfolio-group selection cannot be deleted as submitted.',
    matched_count: 0,
    blockers: [`Portfolio group ${MISSING} was not found.`],
    warnings: [],
  })
})

t.test(
  'request validation: 400 for unadvertised modes, options and non-UUID ids; 422 for malformed bodies',
  async (t) => {
    const [uid] = await fx.portfolioGroups(sql, 1)
    const cases: [unknown, number, RegExp][] = [
      [
        { selection: { mode: 'all_matching', uids: [uid] }, options: {} },
        400,
        /^This bulk action supports only explicit UID selection\.$/,
      ],
      [
        { selection: { mode: 'all_matching', query: { filters: {} } }, options: {} },
        400,
        /^This bulk action supports only explicit UID selection\.$/,
      ],
      [
        explicit([uid], { cascade: true, force: 1 }),
        400,
        /^This bulk action does not support options: cascade, force\.$/,
      ],
      [explicit(['not-a-uuid']), 400, /^Bulk-action resource id "not-a-uuid" is not a UUID\.$/],
      [{ selection: { mode: 'explicit', uids: [42] }, options: {} }, 422, /body\.selection\.uids\.0/],
      [{ selection: { mode: 'explicit', uids: [uid, uid] }, options: {} }, 422, /body\.selection\.uids.*duplicate/],
      [{ selection: { mode: 'explicit', uids: [] }, options: {} }, 422, /body\.selection\.uids/],
      [{ selection: { mode: 'explicit' }, options: {} }, 422, /body\.selection\.uids: field required/],
      [{ selection: { mode: 'explicit', uids: [uid], query: {} }, options: {} }, 422, /unknown field 'query'/],
      [{ selection: { mode: 'explicit', uids: [uid] } }, 422, /body\.options: field required/],
      [{ selection: { mode: 'explicit', uids: [uid] }, options: {}, dry_run: true }, 422, /unknown field 'dry_run'/],
      [{ uids: [uid], select_all: false }, 422, /unknown field/],
    ]
    for (const [payload, status, detail] of cases) {
      for (const url of ['/api/v1/portfolio-group/bulk-delete/preflight/', '/api/v1/portfolio-group/bulk-delete/']) {
        const r = await app.inject({ method: 'POST', url, payload: payload as object })
        t.equal(r.statusCode, status, `${url} ${JSON.stringify(payload)}`)
        t.match(body(r).detail, detail)
      }
    }
    t.equal(await fx.count(sql, 'portfolio_groups', [uid]), 1, 'nothing deleted by a rejected request')
    const r = await preflight('portfolio-group', explicit([uid, uid.toUpperCase()]))
    t.same(body(r).matched_count, 1, 'one uid in two letter cases is one uid')
  },
)
