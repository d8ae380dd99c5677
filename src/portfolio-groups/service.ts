/** The rules and transactions of portfolio groups and their memberships; the SQL is in repository.ts. */
import type { Sql, TransactionSql } from '../db/client.ts'
import { jsonValue, missingUids, sentFields } from '../db/values.ts'
import { deletePortfolioGroups } from '../bulk/deletions/portfolio-groups.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import * as repo from './repository.ts'
import type { CreatePortfolioGroupRequest, PortfolioGroup, UpdatePortfolioGroupRequest } from './schemas.ts'

export const missing = (uid: string) => notFound(`Portfolio group '${uid}' was not found.`)

async function setMembers(tx: TransactionSql, groupUid: string, portfolioUids: string[]): Promise<void> {
  const unique = [...new Set(portfolioUids.map((u) => u.toLowerCase()))]
  const unknown = await missingUids(tx, 'portfolios', unique)
  if (unknown.length)
    throw unprocessable(`body.portfolio_uids: portfolio(s) ${unknown.map((u) => `'${u}'`).join(', ')} do not exist.`)
  await repo.replaceMembers(tx, groupUid, unique)
}

/** The group, or 404. */
export async function loadGroup(sql: Sql, uid: string): Promise<PortfolioGroup> {
  return (await repo.findGroup(sql, uid)) ?? Promise.reject(missing(uid))
}

export async function createGroup(sql: Sql, body: CreatePortfolioGroupRequest): Promise<PortfolioGroup> {
  const { portfolio_uids, ...b } = body
  return sql
    .begin(async (tx) => {
      const row = await repo.insertGroup(tx, {
        unique_identifier: b.unique_identifier.trim(),
        display_name: b.display_name.trim(),
        description: b.description ?? null,
        metadata_json: b.metadata_json ?? null,
      })
      if (portfolio_uids !== undefined) await setMembers(tx, row.uid, portfolio_uids)
      return row
    })
    .catch(
      conflictOnDuplicate(
        () => `A portfolio group with unique_identifier '${b.unique_identifier.trim()}' already exists.`,
      ),
    )
}

export async function updateGroup(sql: Sql, uid: string, b: UpdatePortfolioGroupRequest): Promise<PortfolioGroup> {
  return sql.begin(async (tx) => {
    if (!(await repo.findGroup(tx, uid, true))) throw missing(uid)
    const patch = sentFields(b, ['display_name', 'description'])
    if (typeof patch.display_name === 'string') patch.display_name = patch.display_name.trim()
    if (b.metadata_json !== undefined) patch.metadata_json = jsonValue(tx, b.metadata_json)
    const row = await repo.updateGroup(tx, uid, patch)
    if (b.portfolio_uids !== undefined) await setMembers(tx, uid, b.portfolio_uids)
    return row!
  })
}

/** Deletes a group with its memberships (the portfolios stay); 404 when there is none. */
export async function deleteGroup(sql: Sql, uid: string): Promise<void> {
  const { deleted_count } = await deletePortfolioGroups(sql, [uid])
  if (deleted_count === 0) throw missing(uid)
}

/** Adds a portfolio to a group; adding it again returns the existing membership. */
export async function addPortfolioToGroup(sql: Sql, uid: string, portfolioUid: string) {
  return sql.begin(async (tx) => {
    if (!(await repo.findGroup(tx, uid, true))) throw missing(uid)
    if ((await missingUids(tx, 'portfolios', [portfolioUid])).length)
      throw unprocessable(`body.portfolio_uid: portfolio '${portfolioUid}' does not exist.`)
    return repo.addMember(tx, uid, portfolioUid)
  })
}

/** Removes a portfolio from a group (the portfolio stays); 404 when it is not a member. */
export async function removePortfolioFromGroup(sql: Sql, uid: string, portfolioUid: string): Promise<void> {
  await loadGroup(sql, uid)
  if ((await repo.removeMember(sql, uid, portfolioUid)) === 0)
    throw notFound(`Portfolio '${portfolioUid}' is not a member of portfolio group '${uid}'.`)
}
