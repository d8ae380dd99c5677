/** FrontEndDetailSummary: the header card every `get*Summary` route returns. */
import { Type, type Static } from 'typebox'
import { JsonObject, Nullable } from './common.ts'

const Scalar = Nullable(Type.Union([Type.String(), Type.Number(), Type.Boolean()]))

export const SummaryField = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    value: Scalar,
    kind: Type.String({ description: 'code, number, text, date, ...' }),
    icon: Nullable(Type.String()),
    link_url: Nullable(Type.String()),
  },
  { additionalProperties: false },
)
export type SummaryField = Static<typeof SummaryField>

export const FrontEndDetailSummary = Type.Object(
  {
    entity: Type.Object(
      { id: Type.Union([Type.String(), Type.Number()]), type: Type.String(), title: Type.String() },
      { additionalProperties: false },
    ),
    badges: Type.Array(
      Type.Object(
        { key: Type.String(), label: Type.String(), tone: Type.String(), link_url: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
    inline_fields: Type.Array(SummaryField),
    highlight_fields: Type.Array(SummaryField),
    stats: Type.Array(
      Type.Object(
        {
          key: Type.String(),
          label: Type.String(),
          display: Type.String(),
          value: Scalar,
          kind: Type.String(),
          link_url: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    label_management: Nullable(
      Type.Object(
        {
          labels: Type.Array(Type.String()),
          add_label_url: Nullable(Type.String()),
          remove_label_url: Nullable(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    summary_warning: Nullable(Type.String()),
    extensions: JsonObject,
  },
  { additionalProperties: false, title: 'FrontEndDetailSummary' },
)
export type FrontEndDetailSummary = Static<typeof FrontEndDetailSummary>

/** A summary field with the optional keys filled as null (summary routes serialize them). */
export function summaryField(
  key: string,
  label: string,
  value: SummaryField['value'],
  kind: string,
  extra: { icon?: string | null; link_url?: string | null } = {},
): SummaryField {
  return { key, label, value, kind, icon: extra.icon ?? null, link_url: extra.link_url ?? null }
}
