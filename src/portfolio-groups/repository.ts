/** SQL of portfolio groups and their memberships. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { jsonValue } from '../db/values.ts'
import { containsPattern } from '../http/pagination.ts'
import type { Portfolio } from '../portfolios/schemas.ts'
import { PORTFOLIO } from '../portfolios/repository.ts'
import type { PortfolioGroup, PortfolioGroupListQuery } from './schemas.ts'

type Db = Sql | TransactionSql
const GROUP = 'uid::text, unique_identifier, display_name, description, metadata_json'

export async function listGroups(
  sql: Sql,
  f: PortfolioGroupListQuery,
): Promise<{ rows: PortfolioGroup[]; total: number }> {
  const p = f.search ? containsPattern(f.search.toLowerCase()) : undefined
  const where = sql`where true
    ${
      p
        ? sql`and (lower(uid::text) like ${p} or lower(unique_identifier) like ${p} or lower(display_name) like
      ${p})`
        : sql``
    }
    ${f.unique_identifier !== undefined ? sql`and unique_identifier = ${f.unique_identifier}` : sql``}
    ${f.display_name !== undefined ? sql`and display_name = ${f.display_name}` : sql``}`
  const [rows, [count]] = await Promise.all([
    sql<PortfolioGroup[]>`select ${sql.unsafe(GROUP)} from portfolio_groups ${where} order by lower(display_name),
      lower(unique_identifier), uid limit ${f.limit} offset ${f.offset}`,
    sql<{ n: number }[]>`select count(*)::int as n from portfolio_groups ${where}`,
  ])
  return { rows, total: count.n }
}

export async function findGroup(sql: Db, uid: string, lock = false): Promise<PortfolioGroup | undefined> {
  const [row] = await sql<
    PortfolioGroup[]
  >`select ${sql.unsafe(GROUP)} from portfolio_groups where uid = ${uid} ${lock ? sql`for update` : sql``}`
  return row
}

export async function insertGroup(
  tx: TransactionSql,
  v: { unique_identifier: string; display_name: string; description: string | null; metadata_json: unknown },
): Promise<PortfolioGroup> {
  const [row] = await tx<
    PortfolioGroup[]
  >`insert into portfolio_groups ${tx({ ...v, metadata_json: jsonValue(tx, v.metadata_json) })} returning
    ${tx.unsafe(GROUP)}`
  return row
}

export async function updateGroup(
  tx: TransactionSql,
  uid: string,
  patch: Record<string, unknown>,
): Promise<PortfolioGroup | undefined> {
  if (Object.keys(patch).length === 0) return findGroup(tx, uid)
  const [row] = await tx<
    PortfolioGroup[]
  >`update portfolio_groups set ${tx(patch)} where uid = ${uid} returning ${tx.unsafe(GROUP)}`
  return row
}

export async function replaceMembers(tx: TransactionSql, groupUid: string, portfolioUids: string[]): Promise<void> {
  await tx`delete from portfolio_group_memberships where portfolio_group_uid = ${groupUid}`
  if (portfolioUids.length)
    await tx`insert into portfolio_group_memberships (portfolio_group_uid, portfolio_uid) select ${groupUid}, u from
      unnest(${portfolioUids}::uuid[]) as u`
}

/** Adds a portfolio to a group; adding it again returns the existing membership. */
export async function addMember(tx: TransactionSql, groupUid: string, portfolioUid: string) {
  const [row] = await tx<{ uid: string; portfolio_group_uid: string; portfolio_uid: string }[]>`
    insert into portfolio_group_memberships (portfolio_group_uid, portfolio_uid) values (${groupUid}, ${portfolioUid})
    on conflict (portfolio_group_uid, portfolio_uid) do update set portfolio_uid = excluded.portfolio_uid
    returning uid::text, portfolio_group_uid::text, portfolio_uid::text`
  return row
}

export async function removeMember(sql: Sql, groupUid: string, portfolioUid: string): Promise<number> {
  return (
    await sql`delete from portfolio_group_memberships where portfolio_group_uid = ${groupUid} and portfolio_uid =
      ${portfolioUid}`
  ).count
}

export async function portfoliosInGroup(
  sql: Sql,
  groupUid: string,
  f: { limit: number; offset: number },
): Promise<{ rows: Portfolio[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    sql<
      Portfolio[]
    >`select ${sql.unsafe(PORTFOLIO.replace(/(^|,\s*)/g, '$1p.'))} from portfolios p join portfolio_group_memberships
      m on m.portfolio_uid = p.uid
                     where m.portfolio_group_uid = ${groupUid} order by p.unique_identifier collate "C", p.uid limit
                       ${f.limit} offset ${f.offset}`,
    sql<
      { n: number }[]
    >`select count(*)::int as n from portfolio_group_memberships where portfolio_group_uid = ${groupUid}`,
  ])
  return { rows, total: count.n }
}

export async function groupsOfPortfolio(
  sql: Sql,
  portfolioUid: string,
  f: { limit: number; offset: number },
): Promise<{ rows: PortfolioGroup[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    sql<PortfolioGroup[]>`select ${sql.unsafe(GROUP.replace(/(^|,\s*)/g, '$1g.'))} from portfolio_groups g join
      portfolio_group_memberships m on m.portfolio_group_uid = g.uid
                          where m.portfolio_uid = ${portfolioUid} order by lower(g.display_name),
                            lower(g.unique_identifier), g.uid limit ${f.limit} offset ${f.offset}`,
    sql<
      { n: number }[]
    >`select count(*)::int as n from portfolio_group_memberships where portfolio_uid = ${portfolioUid}`,
  ])
  return { rows, total: count.n }
}
