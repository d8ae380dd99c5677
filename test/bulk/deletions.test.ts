import t from 'tap'
import { createTestDatabase } from '../helpers/database.ts'
import { deletePortfolios, findPortfolioDeleteBlockers } from '../../src/bulk/deletions/portfolios.ts'
import { deleteAssetCategories } from '../../src/bulk/deletions/asset-categories.ts'
import { deletePortfolioGroups } from '../../src/bulk/deletions/portfolio-groups.ts'
import { findMissing, uidArray } from '../../src/bulk/deletions/queryable.ts'
import * as fx from './fixtures.ts'

const db = await createTestDatabase(t)
const { sql } = db

t.test('portfolio blockers: exact sentences per uid, unblocked and unknown uids absent', async (t) => {
  const [free, byFund, byBoth] = await fx.portfolios(sql, 3)
  await fx.virtualFund(sql, byFund)
  await fx.virtualFund(sql, byBoth)
  await fx.virtualFund(sql, byBoth)
  await fx.targetPosition(sql, byBoth)
  const blockers = await findPortfolioDeleteBlockers(sql, [
    free,
    byFund,
    byBoth,
    '00000000-0000-4000-8000-000000000000',
  ])
  t.same([...blockers.keys()].sort(), [byFund, byBoth].sort())
  t.same(blockers.get(byFund), [
    'VirtualFundTable.target_portfolio_uid references this portfolio (count=1). Delete or retarget those virtual ' +
      'funds first.',
  ])
  t.same(blockers.get(byBoth), [
    'VirtualFundTable.target_portfolio_uid references this portfolio (count=2). Delete or retarget those virtual ' +
      'funds first.',
    'TargetPositionsStorage.portfolio_uid references this portfolio (count=1). Delete or retarget account target ' +
      'positions first.',
  ])
  t.same(await findPortfolioDeleteBlockers(sql, []), new Map())
})

t.test('deletePortfolios removes weights, values and memberships, and skips blocked rows', async (t) => {
  const uids = await fx.portfolios(sql, 3, 4)
  const [group] = await fx.portfolioGroups(sql, 1, uids)
  await fx.virtualFund(sql, uids[2])
  const result = await sql.begin((tx) => deletePortfolios(tx, uids))
  t.same(result, { deleted_count: 2, deleted_weights_count: 8, deleted_values_count: 8 })
  t.same([...(await findMissing(sql, 'portfolios', uids))], [uids[0], uids[1]])
  t.equal(await fx.count(sql, 'portfolio_group_memberships', [group]), 1, 'memberships of deleted portfolios cascade')
  const [w] = await sql<
    { n: number }[]
  >`select count(*)::int as n from portfolio_weights where portfolio_identifier = ${`PF-${uids[2]}`}`
  t.equal(w.n, 4, 'the blocked portfolio keeps its weights')
  t.same(await sql.begin((tx) => deletePortfolios(tx, [])), {
    deleted_count: 0,
    deleted_weights_count: 0,
    deleted_values_count: 0,
  })
})

t.test('asset categories and portfolio groups: memberships cascade, members stay', async (t) => {
  const categories = await fx.assetCategories(sql, 2, true)
  t.equal((await findMissing(sql, 'asset_categories', categories)).size, 0)
  t.same(await sql.begin((tx) => deleteAssetCategories(tx, categories)), { deleted_count: 2 })
  t.equal(await fx.count(sql, 'asset_category_memberships', categories), 0)
  const members = await fx.portfolios(sql, 2)
  const groups = await fx.portfolioGroups(sql, 2, members)
  t.equal((await sql.begin((tx) => findMissing(tx, 'portfolio_groups', groups, true))).size, 0)
  t.same(await sql.begin((tx) => deletePortfolioGroups(tx, [...groups, '00000000-0000-4000-8000-000000000000'])), {
    deleted_count: 2,
  })
  t.equal(await fx.count(sql, 'portfolios', members), 2, 'portfolios survive their group')
})

t.test(
  'findMissing: only the uids without a row, with and without locks; selections travel as one parameter',
  async (t) => {
    const uids = await fx.portfolioGroups(sql, 3)
    const absent = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']
    t.same(await findMissing(sql, 'portfolio_groups', []), new Set())
    t.same(await findMissing(sql, 'portfolio_groups', [...uids, ...absent]), new Set(absent))
    t.same(
      await sql.begin((tx) => findMissing(tx, 'portfolio_groups', [absent[0], ...uids], true)),
      new Set([absent[0]]),
    )
    t.same(await sql.begin((tx) => findMissing(tx, 'portfolio_groups', uids, true)), new Set())
    const [{ n }] = await sql<{ n: number }[]>`select cardinality(${uidArray(sql, [...uids, ...absent])})::int as n`
    t.equal(n, 5)
    t.throws(() => uidArray(sql, [`${uids[0]},${uids[1]}`]), TypeError, 'a comma could never smuggle a second uid')
  },
)
