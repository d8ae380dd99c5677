/** Rows the bulk-delete tests need and the demo bundle lacks: portfolios with series, groups, categories, blockers. */
import { randomUUID } from 'node:crypto'
import type { Sql } from '../../src/db/client.ts'

export async function calendar(sql: Sql): Promise<string> {
  const uid = randomUUID()
  await sql`insert into calendars (uid, unique_identifier, display_name, calendar_type, valid_from, valid_to)
            values (${uid}, ${`cal-${uid}`}, 'Bulk test calendar', 'exchange', '2020-01-01', '2030-12-31')`
  return uid
}

export async function asset(sql: Sql): Promise<{ uid: string; identifier: string }> {
  const uid = randomUUID()
  const identifier = `ASSET-${uid}`
  await sql`insert into assets (uid, unique_identifier, asset_type) values (${uid}, ${identifier}, 'bond')`
  return { uid, identifier }
}

/** `count` portfolios on one calendar, each with `series` weights rows and `series` values rows. */
export async function portfolios(sql: Sql, count: number, series = 0): Promise<string[]> {
  const cal = await calendar(sql)
  const uids = Array.from({ length: count }, () => randomUUID())
  await sql`insert into portfolios (uid, unique_identifier, calendar_uid)
            select u, 'PF-' || u::text, ${cal}::uuid from unnest(${uids}::uuid[]) as u`
  if (series > 0) {
    const a = await asset(sql)
    await sql`insert into portfolio_weights (portfolio_identifier, time_index, asset_identifier, weight)
              select 'PF-' || u::text, timestamptz '2026-01-01' + (n || ' days')::interval, ${a.identifier}, 0.5
              from unnest(${uids}::uuid[]) as u, generate_series(1, ${series}) as n`
    await sql`insert into portfolio_values (portfolio_identifier, time_index, close)
              select 'PF-' || u::text, timestamptz '2026-01-01' + (n || ' days')::interval, 100
              from unnest(${uids}::uuid[]) as u, generate_series(1, ${series}) as n`
  }
  return uids
}

export async function portfolioGroups(sql: Sql, count: number, members: string[] = []): Promise<string[]> {
  const uids = Array.from({ length: count }, () => randomUUID())
  await sql`insert into portfolio_groups (uid, unique_identifier, display_name)
            select u, 'PG-' || u::text, 'Group ' || u::text from unnest(${uids}::uuid[]) as u`
  if (members.length) {
    await sql`insert into portfolio_group_memberships (portfolio_group_uid, portfolio_uid)
              select g, p from unnest(${uids}::uuid[]) as g, unnest(${members}::uuid[]) as p`
  }
  return uids
}

export async function assetCategories(sql: Sql, count: number, withAsset = false): Promise<string[]> {
  const uids = Array.from({ length: count }, () => randomUUID())
  await sql`insert into asset_categories (uid, unique_identifier, display_name)
            select u, 'AC-' || u::text, 'Category ' || u::text from unnest(${uids}::uuid[]) as u`
  if (withAsset) {
    const a = await asset(sql)
    await sql`insert into asset_category_memberships (category_uid, asset_uid) select u, ${a.uid}::uuid from
      unnest(${uids}::uuid[]) as u`
  }
  return uids
}

/** A virtual fund targeting `portfolioUid` (blocker 1). */
export async function virtualFund(sql: Sql, portfolioUid: string): Promise<void> {
  const account = randomUUID()
  await sql`insert into accounts (uid, unique_identifier, account_name) values (${account}, ${`ACC-${account}`},
    'Bulk test account')`
  await sql`insert into virtual_funds (unique_identifier, account_uid, target_portfolio_uid) values
    (${`VF-${account}`}, ${account}, ${portfolioUid})`
}

/** An account target position on `portfolioUid` (blocker 2). */
export async function targetPosition(sql: Sql, portfolioUid: string): Promise<void> {
  const account = randomUUID()
  const model = randomUUID()
  const allocation = randomUUID()
  const set = randomUUID()
  await sql`insert into accounts (uid, unique_identifier, account_name) values (${account}, ${`ACC-${account}`},
    'Bulk test account')`
  await sql`insert into account_allocation_models (uid, allocation_model_name) values (${model},
    ${`model-${model}`.slice(0, 100)})`
  await sql`insert into account_target_allocations (uid, unique_identifier, account_uid, account_allocation_model_uid)
            values (${allocation}, ${`ATA-${allocation}`}, ${account}, ${model})`
  await sql`insert into position_sets (uid, account_target_allocation_uid, position_set_time) values (${set},
    ${allocation}, now())`
  await sql`insert into target_positions (position_set_uid, time_index, target_type, target_uid, portfolio_uid,
    weight_notional_exposure)
            values (${set}, now(), 'portfolio', ${portfolioUid}, ${portfolioUid}, 1)`
}

export async function count(
  sql: Sql,
  table:
    | 'portfolios'
    | 'portfolio_weights'
    | 'portfolio_values'
    | 'portfolio_groups'
    | 'portfolio_group_memberships'
    | 'asset_categories'
    | 'asset_category_memberships',
  uids?: string[],
): Promise<number> {
  const column =
    table === 'portfolio_group_memberships'
      ? 'portfolio_group_uid'
      : table === 'asset_category_memberships'
        ? 'category_uid'
        : 'uid'
  const [row] = uids
    ? await sql<
        { n: number }[]
      >`select count(*)::int as n from ${sql(table)} where ${sql(column)} = any(${uids}::uuid[])`
    : await sql<{ n: number }[]>`select count(*)::int as n from ${sql(table)}`
  return row.n
}
