/** The rules and transactions of portfolio writes and lookups; the SQL is in repository.ts. */
import type { Sql } from '../db/client.ts'
import { deletePortfolios, findPortfolioDeleteBlockers } from '../bulk/deletions/portfolios.ts'
import { conflict, notFound } from '../http/errors.ts'
import * as repo from './repository.ts'
import type { Portfolio, PortfolioDeleteResponse, PortfolioWeightsDeleteResponse } from './schemas.ts'

export const missing = (uid: string) => notFound(`Portfolio '${uid}' was not found.`)

/** The portfolio, or 404. */
export async function loadPortfolio(sql: Sql, uid: string): Promise<Portfolio> {
  return (await repo.findPortfolio(sql, uid)) ?? Promise.reject(missing(uid))
}

/** Deletes the weights of a portfolio at or after `date`, or all of them. */
export async function deletePortfolioWeights(
  sql: Sql,
  uid: string,
  date: string | undefined,
): Promise<PortfolioWeightsDeleteResponse> {
  const p = await loadPortfolio(sql, uid)
  const deleted = await repo.deleteWeights(sql, p.unique_identifier, date)
  return {
    detail: 'Portfolio weights deleted.',
    portfolio_uid: p.uid,
    portfolio_identifier: p.unique_identifier,
    weights_date: date ? new Date(date).toISOString() : null,
    deleted_count: deleted,
  }
}

/** Deletes a portfolio with its weights and values; 409 while anything protected references it. */
export async function deletePortfolio(sql: Sql, uid: string): Promise<PortfolioDeleteResponse> {
  return sql.begin(async (tx) => {
    if (!(await repo.lockPortfolio(tx, uid))) throw missing(uid)
    const blockers = (await findPortfolioDeleteBlockers(tx, [uid])).get(uid)
    if (blockers?.length) throw conflict(`Portfolio delete is blocked. ${blockers.join(' ')}`)
    const counts = await deletePortfolios(tx, [uid])
    return { detail: 'Portfolio deleted.', ...counts }
  })
}
