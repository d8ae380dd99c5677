/**
 * `workspace.resource_discovery@v1` (snake_case keys, as reference/routes.md §13.4): how a front end lists a
 * resource and which bulk actions it may offer. Discovery documents are static.
 */
import { Type, type Static } from 'typebox'

export const RESOURCE_DISCOVERY_CONTRACT = 'workspace.resource_discovery@v1'

export const DiscoveryColumn = Type.Object(
  {
    id: Type.String(),
    header: Type.String(),
    value_path: Type.String(),
    data_type: Type.String(),
    default_visible: Type.Boolean(),
    hideable: Type.Boolean(),
    filter_key: Type.Optional(Type.String()),
    importance: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
)

export const DiscoveryFilter = Type.Object(
  {
    key: Type.String(),
    label: Type.String(),
    type: Type.String(),
    options: Type.Optional(
      Type.Array(Type.Object({ label: Type.String(), value: Type.String() }, { additionalProperties: false }), {
        description: 'the values a select filter offers (select filters only)',
      }),
    ),
  },
  { additionalProperties: false },
)

export const BulkActionDescriptor = Type.Object(
  {
    id: Type.String(),
    label: Type.String(),
    endpoint: Type.String(),
    method: Type.Literal('POST'),
    selection_modes: Type.Array(Type.Literal('explicit')),
    options: Type.Array(Type.Unknown()),
    tone: Type.String(),
    confirmation: Type.Object(
      { title: Type.String(), word: Type.String(), button_label: Type.String(), warning: Type.String() },
      { additionalProperties: false },
    ),
    preflight_endpoint: Type.String(),
  },
  { additionalProperties: false },
)

export const ResourceDiscovery = Type.Object(
  {
    contract: Type.Literal(RESOURCE_DISCOVERY_CONTRACT),
    resource: Type.Object(
      {
        id: Type.String(),
        label: Type.String(),
        item_label: Type.String(),
        identity: Type.Object({ fields: Type.Array(Type.String()) }, { additionalProperties: false }),
      },
      { additionalProperties: false },
    ),
    list: Type.Object(
      {
        controls: Type.Object(
          {
            search: Type.Union(
              [
                Type.Object(
                  { placeholder: Type.String(), fields: Type.Array(Type.String()) },
                  { additionalProperties: false },
                ),
                Type.Null(),
              ],
              {
                description: 'null when the list has no search',
              },
            ),
            filters: Type.Array(DiscoveryFilter),
            ordering: Type.Array(Type.Unknown()),
          },
          { additionalProperties: false },
        ),
        columns: Type.Array(DiscoveryColumn),
      },
      { additionalProperties: false },
    ),
    bulk_actions: Type.Array(BulkActionDescriptor),
  },
  { additionalProperties: false, title: 'ResourceDiscovery', 'x-ui-contract': RESOURCE_DISCOVERY_CONTRACT },
)
export type ResourceDiscovery = Static<typeof ResourceDiscovery>

export interface DiscoveryColumnSpec {
  path: string
  header: string
  type?: string
  filterKey?: string
  importance?: string
}

/** Column id = value_path with "_" and "." replaced by "-" (the peer's rule). */
export const columnId = (valuePath: string) => valuePath.replace(/[_.]/g, '-')

export function discoveryColumns(specs: DiscoveryColumnSpec[]): Static<typeof DiscoveryColumn>[] {
  return specs.map((s) => ({
    id: columnId(s.path),
    header: s.header,
    value_path: s.path,
    data_type: s.type ?? 'text',
    default_visible: true,
    hideable: true,
    ...(s.filterKey ? { filter_key: s.filterKey } : {}),
    ...(s.importance ? { importance: s.importance } : {}),
  }))
}

export type BulkActionDescriptor = Static<typeof BulkActionDescriptor>

export interface DiscoverySpec {
  id: string
  label: string
  itemLabel: string
  identity?: string[]
  /** value paths searched by `search` (advertised as column ids) */
  search?: { placeholder: string; paths: string[] }
  /** a `select` filter must list its options */
  filters?: { key: string; label: string; type: string; options?: { label: string; value: string }[] }[]
  columns: DiscoveryColumnSpec[]
  bulkActions?: BulkActionDescriptor[]
}

/** A discovery document from its spec; the keys a discovery route accepts follow from it (discoveryKeys). */
export function discoveryDocument(spec: DiscoverySpec): ResourceDiscovery {
  for (const f of spec.filters ?? []) {
    if (f.type === 'select' && !f.options?.length)
      throw new Error(`discovery '${spec.id}': select filter '${f.key}' has no options`)
  }
  return {
    contract: RESOURCE_DISCOVERY_CONTRACT,
    resource: {
      id: spec.id,
      label: spec.label,
      item_label: spec.itemLabel,
      identity: { fields: spec.identity ?? ['uid'] },
    },
    list: {
      controls: {
        search: spec.search ? { placeholder: spec.search.placeholder, fields: spec.search.paths.map(columnId) } : null,
        filters: spec.filters ?? [],
        ordering: [],
      },
      columns: discoveryColumns(spec.columns),
    },
    bulk_actions: spec.bulkActions ?? [],
  }
}

/** Semantic query keys of a discovery route: its filters, plus `search` when the list searches. */
export const discoveryKeys = (spec: DiscoverySpec): string[] => [
  ...(spec.search ? ['search'] : []),
  ...(spec.filters ?? []).map((f) => f.key),
]
