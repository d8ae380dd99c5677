/**
 * JSON Schemas of the peer's published contracts, written from the spec (spec/fixed-income-api-v1.md) and the
 * peer reference (reference/routes.md §0.2, §0.3, §13, §14, §15) and NOT from our TypeBox schemas, so a live
 * response that passes them conforms to what the peer's SDK expects, not merely to what we declared.
 */
type Json = Record<string, unknown>

const str = { type: 'string' }
const int = { type: 'integer' }
const bool = { type: 'boolean' }
const num = { type: 'number' }
const strOrNull = { type: ['string', 'null'] }
const obj = (
  properties: Json,
  required: string[] = Object.keys(properties),
  additionalProperties: boolean | Json = false,
): Json => ({ type: 'object', properties, required, additionalProperties })
const arr = (items: Json, extra: Json = {}): Json => ({ type: 'array', items, ...extra })

/** workspace.resource_collection@v1 (§0.2): controls and bulkActions are never set, so never present. */
export const collection = obj({
  items: arr({ type: 'object' }),
  pageInfo: obj({
    pageIndex: { type: 'integer', minimum: 0 },
    pageSize: { type: 'integer', minimum: 1 },
    totalItems: { type: 'integer', minimum: 0 },
    hasNextPage: bool,
    hasPreviousPage: bool,
  }),
})

/** core.tabular_frame@v1 (§0.3 and the SDK): optional attributes are absent, never null. */
export const tabularFrame = obj(
  {
    status: { enum: ['idle', 'loading', 'ready', 'error'] },
    error: { type: ['string', 'object'] },
    columns: arr({ type: 'string', minLength: 1, pattern: '\\S' }, { uniqueItems: true }),
    rows: arr({ type: 'object' }),
    fields: arr(
      obj(
        {
          key: str,
          type: { enum: ['string', 'number', 'integer', 'boolean', 'datetime', 'date', 'time', 'json', 'unknown'] },
          label: str,
          description: str,
          nullable: bool,
          nativeType: str,
          provenance: str,
          reason: str,
          derivedFrom: arr(str),
          warnings: arr(str),
        },
        ['key', 'type'],
      ),
    ),
    meta: { type: 'object' },
    source: obj({ kind: str, id: str, label: str, updatedAtMs: int, context: { type: 'object' } }, ['kind']),
  },
  ['status', 'columns', 'rows'],
)

const filter = {
  ...obj({ key: str, label: str, type: str, options: arr(obj({ label: str, value: str }), { minItems: 1 }) }, [
    'key',
    'label',
    'type',
  ]),
  // a select filter carries its options
  if: { properties: { type: { const: 'select' } } },
  then: { required: ['options'] },
}

/** workspace.resource_discovery@v1 (§13.4): snake_case, search present (null when the list has none). */
export const resourceDiscovery = obj({
  contract: { const: 'workspace.resource_discovery@v1' },
  resource: obj({ id: str, label: str, item_label: str, identity: obj({ fields: arr(str, { minItems: 1 }) }) }),
  list: obj({
    controls: obj({
      search: { oneOf: [{ type: 'null' }, obj({ placeholder: str, fields: arr(str) })] },
      filters: arr(filter),
      ordering: arr({}, { maxItems: 0 }),
    }),
    columns: arr(
      obj(
        {
          id: str,
          header: str,
          value_path: str,
          data_type: str,
          default_visible: bool,
          hideable: bool,
          filter_key: str,
          importance: str,
        },
        ['id', 'header', 'value_path', 'data_type', 'default_visible', 'hideable'],
      ),
    ),
  }),
  bulk_actions: arr(
    obj({
      id: str,
      label: str,
      endpoint: str,
      method: { const: 'POST' },
      selection_modes: { const: ['explicit'] },
      options: arr({}),
      tone: str,
      confirmation: obj({ title: str, word: str, button_label: str, warning: str }),
      preflight_endpoint: str,
    }),
  ),
})

/** workspace.bulk_action_preflight@v1 (§13.2): extra keys allowed, blockers and warnings are strings. */
export const bulkPreflight = obj(
  {
    allowed: bool,
    detail: strOrNull,
    matched_count: { type: ['integer', 'null'], minimum: 0 },
    blockers: { type: ['array', 'null'], items: str },
    warnings: { type: ['array', 'null'], items: str },
  },
  ['allowed'],
  true,
)

/** DeleteImpactResponse (spec "Delete-impact contract"). */
export const deleteImpact = obj(
  {
    resource_type: str,
    uid: str,
    identifier: str,
    display_name: str,
    can_delete: bool,
    blocking_count: int,
    affected_count: int,
    delete_endpoint: str,
    relationships: arr(
      obj(
        {
          key: str,
          label: str,
          model: str,
          column: str,
          relationship_type: { enum: ['direct', 'indirect', 'derived'] },
          on_delete: { enum: ['RESTRICT', 'NO ACTION', 'CASCADE', 'SET NULL', 'APPLICATION', 'UNKNOWN'] },
          count: { type: ['integer', 'null'] },
          count_accuracy: { enum: ['exact', 'unavailable'] },
          effect: {
            enum: [
              'blocks_delete',
              'blocks_cascade',
              'cascade_delete',
              'set_null',
              'delete_cleanup',
              'manual_cleanup_required',
              'informational',
            ],
          },
          severity: { enum: ['blocking', 'destructive', 'mutating', 'warning', 'info'] },
          blocks_delete: bool,
          description: str,
          samples: arr({ type: 'object' }),
        },
        [
          'key',
          'label',
          'model',
          'column',
          'relationship_type',
          'on_delete',
          'count',
          'effect',
          'severity',
          'blocks_delete',
          'description',
        ],
      ),
    ),
    warnings: arr(str),
  },
  [
    'resource_type',
    'uid',
    'identifier',
    'display_name',
    'can_delete',
    'blocking_count',
    'affected_count',
    'delete_endpoint',
    'relationships',
    'warnings',
  ],
)

const summaryField = obj(
  {
    key: str,
    label: str,
    value: { type: ['string', 'number', 'boolean', 'null'] },
    kind: str,
    icon: strOrNull,
    link_url: strOrNull,
  },
  ['key', 'label', 'value', 'kind'],
)
/** FrontEndDetailSummary (§0.3). */
export const detailSummary = obj({
  entity: obj({ id: { type: ['string', 'number'] }, type: str, title: str }),
  badges: arr(obj({ key: str, label: str, tone: str, link_url: strOrNull }, ['key', 'label', 'tone'])),
  inline_fields: arr(summaryField),
  highlight_fields: arr(summaryField),
  stats: arr(
    obj({ key: str, label: str, display: str, value: {}, kind: str, link_url: strOrNull }, [
      'key',
      'label',
      'display',
      'value',
      'kind',
    ]),
  ),
  label_management: {
    oneOf: [{ type: 'null' }, obj({ labels: arr(str), add_label_url: strOrNull, remove_label_url: strOrNull })],
  },
  summary_warning: strOrNull,
  extensions: { type: 'object' },
})

const OPERATION_KEYS = [
  'price',
  'analytics',
  'duration',
  'yield',
  'z-spread',
  'cashflows',
  'net-cashflows',
  'carry-roll-down',
  'curve-preview',
  'fixings-availability',
]
/** OperationDescriptor (spec, and §12): the peer's app_component is `response:$` with dotted flat outputs. */
const operationDescriptor = obj(
  {
    key: { enum: OPERATION_KEYS },
    label: str,
    method: { const: 'POST' },
    url: { type: 'string', pattern: '^/api/v1/pricing/assets/[0-9a-f-]{36}/[a-z-]+/$' },
    requires_valuation_date: { const: true },
    supports_market_data_set: bool,
    requires_market_data_set: bool,
    request_model: { const: 'AssetPricingOperationRequest' },
    response_model: { type: 'string', pattern: '^Bond[A-Za-z]+Response$' },
    response_contract: { const: 'provider-native-json' },
    app_component: obj({
      output_root: { const: 'response:$' },
      flat_outputs: arr({ type: 'string', pattern: '^[a-z_]+(\\.[a-z0-9_]+)*$' }, { minItems: 1 }),
    }),
    parameters: arr(obj({ key: str, required: bool })),
    response_mappings: arr({ type: 'object' }),
    frame_url: strOrNull,
    frame_response_model: strOrNull,
    frame_response_contract: strOrNull,
  },
  [
    'key',
    'label',
    'method',
    'url',
    'requires_valuation_date',
    'supports_market_data_set',
    'requires_market_data_set',
    'request_model',
    'response_model',
    'response_contract',
    'app_component',
    'parameters',
    'response_mappings',
  ],
)
/** Pricing details row with pricing_support (spec). */
export const pricingDetails = obj({
  asset_uid: str,
  instrument_type: str,
  instrument_dump: { type: 'object' },
  pricing_details_date: { type: 'string', format: 'date-time' },
  serialization_format: str,
  pricing_package_version: strOrNull,
  source: strOrNull,
  metadata_json: { type: ['object', 'null'] },
  pricing_support: {
    ...obj({ supported: bool, instrument_type: str, operations: arr(operationDescriptor), reason: strOrNull }, [
      'supported',
      'instrument_type',
      'operations',
    ]),
    if: { properties: { supported: { const: false } } },
    then: { properties: { operations: { maxItems: 0 }, reason: str }, required: ['reason'] },
  },
})

const envelope = {
  asset_uid: str,
  instrument_type: str,
  operation: str,
  valuation_date: { type: 'string', format: 'date-time' },
  market_data_set: str,
}
const op = (extra: Json, required = Object.keys(extra)) =>
  obj({ ...envelope, ...extra }, [...Object.keys(envelope), ...required], true)
/** The provider-native responses of the pricer (spec "Operation responses"). */
export const pricerResponses: Record<string, Json> = {
  price: op({ price: num, units: { const: 'npv' } }),
  analytics: op({
    analytics: obj(
      { clean_price: num, dirty_price: num, accrued_amount: num },
      ['clean_price', 'dirty_price', 'accrued_amount'],
      num,
    ),
  }),
  duration: op({ duration_type: str, duration: num }),
  yield: op({ yield: num }),
  'z-spread': op({ target_dirty_ccy: num, z_spread: num, units: { const: 'decimal' } }),
  cashflows: op({
    legs: {
      type: 'object',
      additionalProperties: arr(
        obj({ payment_date: { type: 'string', format: 'date' }, amount: num }, ['payment_date', 'amount'], true),
      ),
    },
  }),
  'net-cashflows': op({ cashflows: arr(obj({ payment_date: { type: 'string', format: 'date' }, net_cashflow: num })) }),
  'carry-roll-down': op({ horizon_days: int, metrics: { type: 'object', additionalProperties: num } }),
  'curve-preview': op({
    curves: arr(
      obj(
        {
          role: str,
          curve_uid: str,
          curve_identifier: str,
          curve_type: str,
          index_uid: strOrNull,
          binding_quote_side: strOrNull,
          source: strOrNull,
          discount_curve_url: { type: 'string', pattern: '^/api/v1/pricing/curves/[0-9a-f-]{36}/discount-curve/$' },
          discount_curve_query_params: obj({ market_data_set: str, valuation_date: str }, ['market_data_set']),
          // issue 33 adds the date of the observation that priced it (not in the peer's list)
          observation_date: { type: 'string', format: 'date' },
        },
        ['role', 'curve_uid', 'curve_identifier', 'curve_type', 'discount_curve_url', 'discount_curve_query_params'],
      ),
    ),
    diagnostics: obj({ pricing_engine_id: str }, ['pricing_engine_id'], true),
  }),
  'fixings-availability': op({
    status: { enum: ['complete', 'partial', 'not_required'] },
    fixings: arr(
      obj({
        index_uid: str,
        index_identifier: str,
        required_start_date: str,
        required_end_date: str,
        available_start_date: strOrNull,
        available_end_date: strOrNull,
        missing_count: int,
        status: { enum: ['complete', 'partial'] },
      }),
    ),
  }),
}

/** The connection contract (spec "Health and adapter contract"; strict). */
export const connectionContract = obj({
  contractVersion: { const: 1 },
  adapter: obj({ type: { const: 'adapter-from-api' }, id: str, title: str, description: str }),
  openapi: obj({
    url: str,
    version: { const: '3.1.0' },
    checksum: { oneOf: [{ type: 'null' }, { type: 'string', pattern: '^[0-9a-f]{64}$' }] },
  }),
  configVariables: { const: [] },
  secretVariables: { const: [] },
  availableOperations: arr(
    obj({
      operationId: str,
      label: str,
      description: str,
      method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
      path: { type: 'string', pattern: '^/' },
      kind: { enum: ['query', 'mutation', 'resource'] },
      capabilities: arr({ enum: ['query', 'mutation'] }, { minItems: 1 }),
      requiresTimeRange: bool,
      supportsVariables: bool,
      supportsMaxRows: bool,
      parameters: arr(obj({ name: str, in: { enum: ['path', 'query', 'header'] }, required: bool, type: str })),
      requestBody: { oneOf: [{ type: 'null' }, obj({ required: bool, contentType: str, schema: { type: 'object' } })] },
      responseMappings: arr(obj({ rowsPath: str }, ['rowsPath'], true)),
      cache: obj({ enabled: bool, ttlSeconds: { type: ['integer', 'null'] } }),
    }),
  ),
  health: obj({ operationId: { const: 'getApiHealth' }, expectedStatus: { const: 200 }, timeoutMs: { const: 5000 } }),
})

export const health = obj({ status: { const: 'ok' }, service: str, version: str })
