/** Execution responses of the three bulk deletes (reference §13.3): no shared contract, one model each. */
import { Type } from 'typebox'

export const BulkDeleteResponse = Type.Object(
  { detail: Type.String(), deleted_count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false, title: 'BulkDeleteResponse' },
)

export const PortfolioBulkDeleteResponse = Type.Object(
  {
    detail: Type.String(),
    deleted_count: Type.Integer({ minimum: 0 }),
    deleted_weights_count: Type.Integer({ minimum: 0 }),
    deleted_values_count: Type.Integer({ minimum: 0 }),
    failed: Type.Array(Type.Object({ uid: Type.String(), reason: Type.String() }, { additionalProperties: false }), {
      description: 'always empty in a 200: any per-item failure makes the execution 409',
    }),
  },
  { additionalProperties: false, title: 'PortfolioBulkDeleteResponse' },
)
