/**
 * What migration 0090's triggers keep beside the rows (sort keys, labels, search values, counts, stamps) equals
 * what refresh_list_keys() recomputes from the tables, after every kind of write the service and loader make.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import type { Sql } from '../../src/db/client.ts'
import { goldenBundle, uidOf } from './golden-data.ts'

type Rows = Record<string, unknown>[]

async function maintained(sql: Sql): Promise<Record<string, Rows>> {
  return {
    keys: [
      ...(await sql`select asset_uid::text, sort_key, unique_identifier, asset_type, label, details_ticker,
        snapshot_name, snapshot_ticker, doc from asset_list_keys order by asset_uid`),
    ],
    members: [...(await sql`select uid::text, sort_key from asset_category_memberships order by uid`)],
    categories: [...(await sql`select category_uid::text, n::int from asset_category_counts where n > 0 order by 1`)],
    types: [...(await sql`select asset_type, n::int from asset_type_counts where n > 0 order by 1`)],
    lists: [...(await sql`select name, n::int from list_state order by 1`)],
  }
}

/** The maintained state, and the state refresh_list_keys() computes (in a transaction rolled back). */
async function compare(sql: Sql): Promise<{ kept: Record<string, Rows>; recomputed: Record<string, Rows> }> {
  const kept = await maintained(sql)
  let recomputed: Record<string, Rows> = {}
  await sql
    .begin(async (tx) => {
      await tx`select refresh_list_keys()`
      recomputed = await maintained(tx as unknown as Sql)
      throw new Error('rollback')
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e
    })
  return { kept, recomputed }
}

t.test('triggers keep list keys and counts equal to a recomputation', async (t) => {
  const { app, db } = await build(t, { bundle: goldenBundle() })
  const sql = db.sql
  const check = async (what: string) => {
    const { kept, recomputed } = await compare(sql)
    t.same(kept, recomputed, what)
  }
  const stamp = async () =>
    (await sql<{ stamp: string }[]>`select stamp::text from list_state where name = 'assets'`)[0].stamp
  await check('after the load')
  t.ok(
    (await maintained(sql)).keys.some((k) => k.snapshot_name !== null && k.label === k.snapshot_name),
    'labels from snapshot names',
  )

  const asset = uidOf('asset:5')
  const before = await stamp()
  await sql`update assets set unique_identifier = 'Renamed-ÄSSET-5', asset_type = 'Swap' where uid = ${asset}`
  t.not(await stamp(), before, 'a write renews the stamp')
  await check('after renaming an asset (its snapshots follow by cascade)')
  await sql`delete from asset_details where asset_uid in (select asset_uid from asset_details limit 30)`
  await sql`update asset_details set ticker = 'NEWT' where asset_uid in (select asset_uid from asset_details limit 30)`
  await check('after deleting and updating details')
  await sql`insert into asset_snapshots (asset_identifier, time_index, name, ticker) select unique_identifier,
    '2026-06-01T00:00:00Z', 'Later name', 'LTR' from assets order by uid limit 40`
  await sql`delete from asset_snapshots where time_index = '2026-06-01T00:00:00Z' and asset_identifier in (select
    unique_identifier from assets order by uid limit 10)`
  await sql`update asset_snapshots set name = null where time_index = '2026-06-01T00:00:00Z'`
  await check('after adding, deleting and updating snapshots')
  const category = uidOf('category:4')
  t.equal(
    (
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/asset-category/${category}/`,
        payload: { assets: [asset, uidOf('asset:6')] },
      })
    ).statusCode,
    200,
  )
  t.equal(
    (await app.inject({ method: 'DELETE', url: `/api/v1/asset-category/${uidOf('category:5')}/` })).statusCode,
    200,
  )
  await check("after replacing a category's members and deleting a category")
  await sql`delete from asset_category_memberships where asset_uid = ${uidOf('asset:300')}`
  await sql`delete from asset_snapshots where asset_identifier = (select unique_identifier from assets where uid =
    ${uidOf('asset:300')})`
  await sql`delete from assets where uid = ${uidOf('asset:300')}`
  await sql`insert into assets (uid, unique_identifier, asset_type) values (${uidOf('new-asset')}, 'NEW-asset', 'bond')`
  await sql`delete from portfolio_group_memberships where portfolio_uid = ${uidOf('portfolio:129')}`
  await sql`delete from portfolios where uid = ${uidOf('portfolio:129')}`
  await check('after deleting and inserting assets and deleting a portfolio')
  await t.rejects(
    sql`update asset_category_memberships set asset_uid = ${asset} where category_uid = ${category}`,
    /not updated/,
    'memberships are never updated in place',
  )
})

t.test('the list caches are bounded and visible on /metrics', async (t) => {
  const { app } = await build(t, { bundle: goldenBundle() })
  for (let i = 0; i < 2; i++)
    t.equal((await app.inject({ url: '/api/v1/asset/?search=bond&limit=7&offset=7' })).statusCode, 200)
  const text = (await app.inject({ url: '/metrics' })).body
  const value = (name: string, cache: string) =>
    Number(new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, 'm').exec(text)?.[1])
  t.ok(value('list_cache_entries', 'counts') >= 1, 'a count is cached')
  t.ok(value('list_cache_hits', 'counts') >= 1, 'and reused')
  t.equal(value('list_cache_capacity', 'counts'), 2000, 'LIST_COUNT_CACHE_SIZE')
  t.ok(value('list_cache_capacity', 'page_keys') > 0)
})
