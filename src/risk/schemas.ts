/** Wire shapes of batch pricing and account risk (beyond the peer: risk teams' portfolio-level figures). */
import { Type, type Static } from 'typebox'
import { DateTime, JsonObject, Nullable, Uid } from '../contracts/common.ts'
import { BumpBp, CurveQuoteSide, KeyRateTenors, OPERATION_KEYS } from '../pricing/schemas.ts'

const MarketDataSet = Type.String({ minLength: 1, pattern: '\\S', description: 'market-data set key or uid' })

export const MAX_BATCH = 10_000

export const BatchPricingRequest = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: MarketDataSet,
    operation: Type.Enum(OPERATION_KEYS, { description: 'one of the ten pricer operations' }),
    parameters: Type.Optional({
      ...JsonObject,
      default: {},
      description: "the operation's parameters, exactly as on its single-asset route (validated the same way)",
    }),
    asset_uids: Type.Array(Uid, {
      minItems: 1,
      maxItems: MAX_BATCH,
      description: `1 to ${MAX_BATCH} assets; each is priced as its single-asset route would price it`,
    }),
  },
  { additionalProperties: false, title: 'BatchPricingRequest' },
)
export type BatchPricingRequest = Static<typeof BatchPricingRequest>

export const BatchItem = Type.Object(
  {
    asset_uid: Type.String(),
    status: Type.Integer({ description: 'the status the single-asset route answers for this asset' }),
    result: Type.Optional({ ...JsonObject, description: "the single-asset route's 200 body" }),
    detail: Type.Optional(Type.String({ description: "the single-asset route's error detail" })),
  },
  { additionalProperties: false, title: 'BatchPricingItem' },
)
export type BatchItem = Static<typeof BatchItem>

export const BatchPricingResponse = Type.Object(
  {
    operation: Type.String(),
    valuation_date: DateTime,
    market_data_set: Type.String(),
    results: Type.Array(BatchItem),
  },
  { additionalProperties: false, title: 'BatchPricingResponse' },
)

export const AccountRiskParams = Type.Object({ account_uid: Uid }, { additionalProperties: false })

export const AccountRiskRequest = Type.Object(
  {
    valuation_date: DateTime,
    market_data_set: MarketDataSet,
    holdings_date: Type.Optional(
      Nullable({
        ...DateTime,
        description: 'price the latest holdings snapshot at or before this time (default: the latest)',
      }),
    ),
    parameters: Type.Optional(
      Type.Object(
        { curve_quote_side: CurveQuoteSide, bump_bp: BumpBp, key_rate_tenors: KeyRateTenors },
        { additionalProperties: false, default: {} },
      ),
    ),
  },
  { additionalProperties: false, title: 'AccountRiskRequest' },
)
export type AccountRiskRequest = Static<typeof AccountRiskRequest>

const KeyRateDv01 = Type.Record(Type.String(), Type.Number(), {
  description: 'tenor → quantity × key-rate duration × NPV × 1e-4 (currency per basis point)',
})

export const RiskPosition = Type.Object(
  {
    asset_uid: Nullable(Type.String()),
    asset_identifier: Type.String(),
    quantity: Type.Number({ description: 'signed quantity (quantity × direction) of the snapshot' }),
    status: Type.Integer({ description: 'the status pricing this asset answers (200 when priced)' }),
    npv: Type.Optional(Type.Number({ description: 'NPV of one unit of the instrument, in currency' })),
    market_value: Type.Optional(Type.Number({ description: 'quantity × npv' })),
    dv01: Type.Optional(Type.Number({ description: 'quantity × DV01 of one unit (currency per basis point)' })),
    key_rate_dv01: Type.Optional(KeyRateDv01),
    detail: Type.Optional(
      Type.String({ description: 'why the position could not be priced; it is left out of the totals' }),
    ),
  },
  { additionalProperties: false, title: 'AccountRiskPosition' },
)
export type RiskPosition = Static<typeof RiskPosition>

export const AccountRiskResponse = Type.Object(
  {
    account_uid: Type.String(),
    valuation_date: DateTime,
    market_data_set: Type.String(),
    holdings_set_uid: Type.String(),
    holdings_date: DateTime,
    key_rate_tenors: Type.Array(Type.String()),
    positions: Type.Array(RiskPosition),
    totals: Type.Object(
      {
        market_value: Type.Number(),
        dv01: Type.Number(),
        key_rate_dv01: KeyRateDv01,
        priced_positions: Type.Integer(),
        unpriced_positions: Type.Integer(),
      },
      { additionalProperties: false, description: 'sums over the priced positions only' },
    ),
  },
  { additionalProperties: false, title: 'AccountRiskResponse' },
)
export type AccountRiskResponse = Static<typeof AccountRiskResponse>

export const RiskJobParams = Type.Object({ job_id: Uid }, { additionalProperties: false })

/** A queued risk request (src/risk/risk-jobs.ts): what the 202 and `GET .../jobs/{job_id}/` answer. */
export const RiskJobStatus = Type.Object(
  {
    job_id: Type.String(),
    route: Type.String({ description: 'scenarios, var, pnl-explain or series' }),
    state: Type.String({
      description:
        'waiting-children (parts being priced), waiting or active (the parts are being composed), completed, failed',
    }),
    status_url: Type.String({ description: 'where to GET this status, then the result' }),
    progress: Type.Object(
      {
        done_parts: Type.Integer(),
        total_parts: Type.Integer(),
        assets: Type.Integer(),
        valuations: Type.Integer({ description: 'what the request costs: items × scenarios (or dates)' }),
      },
      { additionalProperties: false },
    ),
    created_at: DateTime,
    finished_at: Type.Optional(DateTime),
    result: Type.Optional({ ...JsonObject, description: "once completed: the route's 200 answer" }),
    detail: Type.Optional(Type.String({ description: 'once failed: why' })),
  },
  { additionalProperties: false, title: 'RiskJobStatus' },
)
export type RiskJobStatus = Static<typeof RiskJobStatus>
