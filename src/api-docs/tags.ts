/** The route groups of the OpenAPI document, in reading order, each with what it is for. */
export const TAGS = [
  {
    name: 'pricing',
    description:
      'The fixed-income pricer: pricing details with `pricing_support`, and one POST per registered operation ' +
      '(price, analytics, duration, yield, z-spread, cash flows, carry and roll-down, curve preview, fixings). ' +
      'Every call needs `valuation_date` and `market_data_set`; the demo prices with `2026-11-20T00:00:00Z` and ' +
      '`default`.',
  },
  {
    name: 'risk',
    description:
      'Risk beyond the peer: one pricer operation over up to 10,000 assets in one request (each item what its single ' +
      "route answers), and the NPV, DV01 and key-rate DV01 of an account's holdings with their totals; scenarios, " +
      'P&L explain, historical VaR and prices over time, large ones as jobs. ' +
      'Curve-bump durations, key-rate durations and the OAS of callables are parameters and keys of the pricer ' +
      'operations.',
  },
  {
    name: 'pricing curves',
    description:
      'Pricing curves: registry rows, summaries, the market-data-set selections that use them, the decompressed ' +
      'discount curve of an observation, and deletion with its delete-impact preflight.',
  },
  {
    name: 'pricing market data',
    description:
      'Market-data sets and their concept bindings: which storage holds the curves (`discount_curves`) and the ' +
      'fixings (`fixing_rates`) a set prices with.',
  },
  {
    name: 'market data ingestion',
    description:
      "Publishing over HTTP (write scope): the loader's bundle, a curve's dated observation, an index's fixings; " +
      'each checked as the loader checks it and priced at once by every instance.',
  },
  {
    name: 'audit',
    description: 'The audit trail of every write through the API or the loader (admin scope when AUTH_MODE is set).',
  },
  { name: 'assets', description: 'Assets, their latest snapshot, summaries and the asset monitor frame.' },
  {
    name: 'asset categories',
    description: 'Categories of assets, their memberships, and bulk deletion (discovery, preflight, execution).',
  },
  {
    name: 'indexes',
    description:
      'Rate and benchmark indexes with the conventions floating coupons fix on, and the delete-impact preflight.',
  },
  { name: 'portfolios', description: 'Portfolios, their weights, values and signal weights, and bulk deletion.' },
  { name: 'portfolio groups', description: 'Groups of portfolios, their memberships, and bulk deletion.' },
  { name: 'accounts', description: 'Accounts, holdings snapshots (also split by virtual fund) and target positions.' },
  {
    name: 'virtual funds',
    description: 'Virtual funds: slices of an account that track a target portfolio, and their holdings.',
  },
  { name: 'calendars', description: 'Calendars with their dates, sessions and events.' },
  { name: 'settings', description: 'Service settings and where the documentation lives.' },
  { name: 'adapter', description: 'Health and the adapter connection contract, at the root (not under /api/v1).' },
] as const
