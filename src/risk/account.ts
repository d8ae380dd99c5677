/**
 * Account risk: the holdings snapshot priced position by position (NPV, DV01 and key-rate durations of one
 * unit, scaled by the signed quantity) and totals over the priced positions. A position that cannot be priced
 * is listed with its status and detail and left out of the totals, never dropped.
 */
import type { FastifyInstance } from 'fastify'
import { KEY_RATE_TENORS } from '../contracts/pricing.ts'
import { pricingRequest } from '../pricing/price.ts'
import { priceEach } from './items.ts'
import { resolveTarget } from './targets.ts'
import type { AccountRiskRequest, AccountRiskResponse, RiskPosition } from './schemas.ts'

interface UnitRisk {
  npv: number
  dv01: number
  key_rate_durations: { tenor: string; duration: number }[]
}

export async function accountRisk(
  app: FastifyInstance,
  accountUid: string,
  body: AccountRiskRequest,
): Promise<AccountRiskResponse> {
  const { items: holdings, account } = await resolveTarget(app, {
    account_uid: accountUid,
    holdings_date: body.holdings_date,
  })
  const snapshot = account!
  const parameters: NonNullable<AccountRiskRequest['parameters']> = body.parameters ?? {}
  const req = pricingRequest(
    { key: 'risk' },
    { valuation_date: body.valuation_date, market_data_set: body.market_data_set, parameters },
  )
  const tenors = parameters.key_rate_tenors ?? [...KEY_RATE_TENORS]
  const priceable = holdings.filter((h) => h.asset_uid !== null)
  const outcomes = new Map(
    (
      await priceEach(
        app,
        req,
        priceable.map((h) => h.asset_uid as string),
      )
    ).map((o, i) => [priceable[i].asset_identifier, o]),
  )

  const totals = {
    market_value: 0,
    dv01: 0,
    key_rate_dv01: Object.fromEntries(tenors.map((t) => [t, 0])) as Record<string, number>,
    priced_positions: 0,
    unpriced_positions: 0,
  }
  const positions = holdings.map((h): RiskPosition => {
    const quantity = h.quantity
    const base = { asset_uid: h.asset_uid, asset_identifier: h.asset_identifier, quantity }
    const outcome = outcomes.get(h.asset_identifier)
    if (!outcome) {
      totals.unpriced_positions++
      return { ...base, status: 404, detail: `Asset '${h.asset_identifier}' was not found.` }
    }
    if (outcome.status !== 200 || !('priced' in outcome)) {
      totals.unpriced_positions++
      return { ...base, status: outcome.status, detail: 'detail' in outcome ? outcome.detail : '' }
    }
    const unit = outcome.priced.result as unknown as UnitRisk
    const keyRateDv01 = Object.fromEntries(
      unit.key_rate_durations.map((k) => [k.tenor, quantity * k.duration * unit.npv * 1e-4]),
    )
    const position = {
      ...base,
      status: 200,
      npv: unit.npv,
      market_value: quantity * unit.npv,
      dv01: quantity * unit.dv01,
      key_rate_dv01: keyRateDv01,
    }
    totals.priced_positions++
    totals.market_value += position.market_value
    totals.dv01 += position.dv01
    for (const [tenor, value] of Object.entries(keyRateDv01)) totals.key_rate_dv01[tenor] += value
    return position
  })
  return {
    account_uid: accountUid,
    valuation_date: body.valuation_date,
    market_data_set: body.market_data_set,
    holdings_set_uid: snapshot.holdings_set_uid,
    holdings_date: snapshot.holdings_date,
    key_rate_tenors: tenors,
    positions,
    totals,
  }
}
