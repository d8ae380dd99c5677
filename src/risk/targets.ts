/**
 * What a risk calculation prices (scenarios, P&L explain, VaR): an asset list (each asset once per mention,
 * quantity 1) or an account's holdings snapshot at or before `holdings_date` (signed quantities, as account
 * risk weighs them; no bound on their count: a large account is a job). A holding whose asset does not exist stays
 * an item: it is answered with its 404.
 */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import { DateTime, Nullable, Uid } from '../contracts/common.ts'
import { conflict, notFound, unprocessable } from '../http/errors.ts'
import { MAX_HOLDING_QUANTITY } from '../holdings/snapshot.ts'
import { accountExists, holdingsSnapshot, riskHoldings } from './repository.ts'
import { MAX_BATCH } from './schemas.ts'

export const Target = Type.Object(
  {
    asset_uids: Type.Optional(
      Type.Array(Uid, { minItems: 1, maxItems: MAX_BATCH, description: `1 to ${MAX_BATCH} assets, quantity 1 each` }),
    ),
    account_uid: Type.Optional({ ...Uid, description: "an account: its holdings snapshot's positions" }),
    holdings_date: Type.Optional(
      Nullable({
        ...DateTime,
        description:
          "with account_uid: the account's latest holdings snapshot at or before this time (default: latest)",
      }),
    ),
  },
  {
    additionalProperties: false,
    title: 'RiskTarget',
    description: 'either asset_uids or account_uid (with an optional holdings_date)',
  },
)
export type Target = Static<typeof Target>

export interface TargetItem {
  asset_uid: string | null
  /** the holding's identifier (accounts), else the asset uid */
  asset_identifier: string
  quantity: number
}

export interface ResolvedTarget {
  items: TargetItem[]
  /** an account's: the snapshot priced */
  account?: { account_uid: string; holdings_set_uid: string; holdings_date: string }
}

export async function resolveTarget(app: FastifyInstance, target: Target): Promise<ResolvedTarget> {
  const { asset_uids: assets, account_uid: account } = target
  if ((assets === undefined) === (account === undefined))
    throw unprocessable('target: give either asset_uids or account_uid, not both and not neither.')
  if (assets) {
    if (target.holdings_date !== undefined && target.holdings_date !== null)
      throw unprocessable('target.holdings_date: only an account target has holdings; drop it or give account_uid.')
    return { items: assets.map((uid) => ({ asset_uid: uid, asset_identifier: uid, quantity: 1 })) }
  }
  const accountUid = account as string
  if (!(await accountExists(app.sql, accountUid))) throw notFound(`Account '${accountUid}' was not found.`)
  const snapshot = await holdingsSnapshot(app.sql, accountUid, target.holdings_date)
  if (!snapshot)
    throw notFound(
      `Account '${accountUid}' has no holdings ` +
        `snapshot${target.holdings_date ? ` at or before ${target.holdings_date}` : ''}.`,
    )
  const holdings = await riskHoldings(app.sql, snapshot.uid)
  const items = holdings.map((h) => {
    const quantity = Number(h.quantity)
    // stored by the loader or before the API bounded quantities: figures beyond a double's range cannot be answered
    if (!(Math.abs(quantity) <= MAX_HOLDING_QUANTITY))
      throw conflict(
        `Holding '${h.asset_identifier}' of snapshot ${snapshot.uid} has quantity ` +
          `${h.quantity.length > 40 ? `${h.quantity.slice(0, 40)}…` : h.quantity}, beyond ` +
          `${MAX_HOLDING_QUANTITY.toExponential()}: its risk cannot be computed.`,
      )
    return { asset_uid: h.asset_uid, asset_identifier: h.asset_identifier, quantity }
  })
  return {
    items,
    account: {
      account_uid: accountUid,
      holdings_set_uid: snapshot.uid,
      holdings_date: snapshot.time_index.toISOString(),
    },
  }
}
