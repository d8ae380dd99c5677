/**
 * Upserts a validated bundle in one transaction (idempotent by uid / natural key). Either everything is
 * written or nothing: validation runs first, and any database error rolls the whole bundle back.
 */
import { jsonValue, nul } from '../values.ts'
import type { Sql, TransactionSql } from '../client.ts'
import { encodeCurve, encodeInflationCurve, encodePayload } from '../curve-payload.ts'
import { isInflationObservation } from './schema.ts'
import type { Bundle } from './schema.ts'
import { validateBundle, type BundleIssue, type ValidateOptions } from './validate.ts'

type Row = Record<string, unknown>

const CHUNK = 1000

/** INSERT ... ON CONFLICT (keys) DO UPDATE every other column. Table and columns come from this file only. */
async function upsert(tx: TransactionSql, table: string, keys: string[], rows: Row[]): Promise<void> {
  if (!rows.length) return
  const columns = Object.keys(rows[0])
  const updates = columns.filter((c) => !keys.includes(c))
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK)
    const onConflict = updates.length
      ? tx`on conflict (${tx(keys)}) do update set
        ${tx.unsafe(updates.map((c) => `"${c}" = excluded."${c}"`).join(', '))}`
      : tx`on conflict (${tx(keys)}) do nothing`
    await tx`insert into ${tx(table)} ${tx(chunk as Row[], ...columns)} ${onConflict}`
  }
}

const json = jsonValue
const dec = (v: number | string | null | undefined) => (v === undefined || v === null ? null : String(v))

export interface LoadSummary {
  [entity: string]: number
}

export interface LoadOptions extends ValidateOptions {
  /** told about each warning (e.g. a rate that looks like a percentage); warnings do not stop the load */
  onWarning?: (warning: BundleIssue) => void
}

export async function loadBundle(sql: Sql, input: unknown, options: LoadOptions = {}): Promise<LoadSummary> {
  const { bundle, warnings } = await validateBundle(input, sql, options)
  for (const w of warnings) options.onWarning?.(w)
  return sql.begin(async (tx) => writeBundle(tx, bundle))
}

async function writeBundle(tx: TransactionSql, b: Bundle): Promise<LoadSummary> {
  const summary: LoadSummary = {}
  const count = (key: string, n: number) => {
    if (n) summary[key] = (summary[key] ?? 0) + n
  }

  const indexes = b.indexes ?? []
  await upsert(
    tx,
    'indexes',
    ['uid'],
    indexes.map((x) => ({
      uid: x.uid,
      unique_identifier: x.unique_identifier,
      index_type: x.index_type,
      display_name: x.display_name,
      calculation_method: x.calculation_method ?? 'custom',
      value_format: x.value_format ?? 'decimal',
      value_suffix: nul(x.value_suffix),
      description: nul(x.description),
      metadata_json: json(tx, x.metadata_json),
    })),
  )
  await upsert(
    tx,
    'index_convention_details',
    ['index_uid'],
    indexes
      .filter((x) => x.convention)
      .map((x) => ({
        index_uid: x.uid,
        index_family: x.convention!.index_family,
        convention_dump: json(tx, x.convention!.convention_dump),
        serialization_format: 'fixed_income.index_convention@v1',
        source: nul(x.convention!.source),
        metadata_json: null,
      })),
  )
  count('indexes', indexes.length)

  await upsert(
    tx,
    'data_nodes',
    ['uid'],
    (b.data_nodes ?? []).map((x) => ({
      uid: x.uid,
      storage_table_identifier: x.storage_table_identifier,
      kind: x.kind,
      description: nul(x.description),
      metadata_json: null,
    })),
  )
  count('data_nodes', b.data_nodes?.length ?? 0)

  const curves = b.curves ?? []
  await upsert(
    tx,
    'pricing_curves',
    ['uid'],
    curves.map((x) => ({
      uid: x.uid,
      unique_identifier: x.unique_identifier,
      display_name: x.display_name,
      curve_type: x.curve_type,
      currency_code: nul(x.currency_code),
      quote_side: nul(x.quote_side),
      interpolation_method: x.interpolation_method ?? x.building_details?.interpolation_method ?? null,
      compounding: x.compounding ?? x.building_details?.compounding ?? null,
      source: nul(x.source),
      status: x.status ?? 'ACTIVE',
      metadata_json: json(tx, x.metadata_json),
    })),
  )
  await upsert(
    tx,
    'curve_building_details',
    ['curve_uid'],
    curves
      .filter((x) => x.building_details)
      .map((x) => {
        const d = x.building_details!
        return {
          curve_uid: x.uid,
          quote_convention: d.quote_convention ?? 'zero',
          rate_unit: d.rate_unit ?? 'decimal',
          compounding: d.compounding,
          frequency: d.frequency,
          day_counter: d.day_counter,
          calendar: json(tx, d.calendar),
          interpolation_method: d.interpolation_method,
          extrapolation: d.extrapolation ?? true,
          metadata_json: null,
        }
      }),
  )
  count('curves', curves.length)

  await upsert(
    tx,
    'discount_curve_observations',
    ['data_node_uid', 'curve_identifier', 'time_index'],
    (b.curve_observations ?? []).map((o) => ({
      data_node_uid: o.data_node_uid,
      curve_identifier: o.curve_identifier,
      time_index: o.time_index,
      curve: isInflationObservation(o)
        ? encodeInflationCurve({ lag: o.lag!, day_counter: o.day_counter!, nodes: o.nodes })
        : encodeCurve(o.nodes as { days_to_maturity: number; zero: number }[]),
      key_nodes: o.key_nodes === undefined || o.key_nodes === null ? null : encodePayload(o.key_nodes),
    })),
  )
  count('curve_observations', b.curve_observations?.length ?? 0)

  const fixingRows = (b.fixings ?? []).flatMap((f) =>
    f.fixings.map((x) => ({
      data_node_uid: f.data_node_uid,
      index_identifier: f.index_identifier,
      fixing_date: x.date,
      rate: x.rate,
    })),
  )
  await upsert(tx, 'index_fixings', ['data_node_uid', 'index_identifier', 'fixing_date'], fixingRows)
  count('fixings', fixingRows.length)

  const parameters = b.market_parameters ?? []
  await upsert(
    tx,
    'pricing_market_parameters',
    ['uid'],
    parameters.map((p) => ({
      uid: p.uid,
      unique_identifier: p.unique_identifier,
      display_name: p.display_name,
      kind: p.kind,
      parameters: json(tx, p.parameters),
    })),
  )
  count('market_parameters', parameters.length)

  const sets = b.market_data_sets ?? []
  await upsert(
    tx,
    'pricing_market_data_sets',
    ['uid'],
    sets.map((s) => ({
      uid: s.uid,
      set_key: s.set_key,
      display_name: s.display_name,
      description: nul(s.description),
      status: s.status ?? 'ACTIVE',
      metadata_json: json(tx, s.metadata_json),
      max_curve_age_days: s.max_curve_age_days === undefined ? 7 : s.max_curve_age_days,
    })),
  )
  const bindings = sets.flatMap((s) =>
    (s.bindings ?? []).map((x) => ({
      uid: x.uid,
      market_data_set_uid: s.uid,
      concept_key: x.concept_key,
      data_node_uid: x.data_node_uid,
      storage_table_identifier: nul(x.storage_table_identifier),
      source: nul(x.source),
      metadata_json: json(tx, x.metadata_json),
    })),
  )
  await upsert(tx, 'pricing_market_data_bindings', ['market_data_set_uid', 'concept_key'], bindings)
  const selections = sets.flatMap((s) =>
    (s.curve_selections ?? []).map((x) => {
      const selectorType = x.selector_type ?? 'index'
      return {
        market_data_set_uid: s.uid,
        binding_key: `${x.role_key}:${selectorType}:${x.selector_key}:${x.quote_side}`,
        role_key: x.role_key,
        selector_type: selectorType,
        selector_key: x.selector_key,
        quote_side: x.quote_side,
        curve_uid: x.curve_uid,
        source: nul(x.source),
        priority: x.priority ?? 0,
        status: x.status ?? 'ACTIVE',
        metadata_json: json(tx, x.metadata_json),
        ...(x.uid ? { uid: x.uid } : {}),
      }
    }),
  )
  // rows with and without explicit uids have different column lists
  await upsert(
    tx,
    'pricing_curve_selections',
    ['market_data_set_uid', 'binding_key'],
    selections.filter((s) => 'uid' in s),
  )
  await upsert(
    tx,
    'pricing_curve_selections',
    ['market_data_set_uid', 'binding_key'],
    selections.filter((s) => !('uid' in s)),
  )
  count('market_data_sets', sets.length)
  count('market_data_bindings', bindings.length)
  count('curve_selections', selections.length)
  const parameterSelections = sets.flatMap((s) =>
    (s.parameter_selections ?? []).map((x) => ({
      market_data_set_uid: s.uid,
      binding_key: `${x.role_key}:index:${x.selector_key}:${x.quote_side}`,
      role_key: x.role_key,
      selector_key: x.selector_key,
      quote_side: x.quote_side,
      parameter_uid: x.parameter_uid,
    })),
  )
  await upsert(tx, 'pricing_parameter_selections', ['market_data_set_uid', 'binding_key'], parameterSelections)
  count('parameter_selections', parameterSelections.length)

  const assets = b.assets ?? []
  await upsert(
    tx,
    'assets',
    ['uid'],
    assets.map((a) => ({ uid: a.uid, unique_identifier: a.unique_identifier, asset_type: nul(a.asset_type) })),
  )
  await upsert(
    tx,
    'asset_details',
    ['asset_uid'],
    assets
      .filter((a) => a.details)
      .map((a) => {
        const d = a.details!
        return {
          asset_uid: a.uid,
          name: nul(d.name),
          ticker: nul(d.ticker),
          figi: nul(d.figi),
          composite_figi: nul(d.composite_figi),
          share_class_figi: nul(d.share_class_figi),
          isin: nul(d.isin),
          exchange_code: nul(d.exchange_code),
          security_type: nul(d.security_type),
          security_market_sector: nul(d.security_market_sector),
          currency: nul(d.currency),
          metadata_json: json(tx, d.metadata_json),
        }
      }),
  )
  await upsert(
    tx,
    'asset_snapshots',
    ['asset_identifier', 'time_index'],
    assets.flatMap((a) =>
      (a.snapshots ?? []).map((s) => ({
        asset_identifier: a.unique_identifier,
        time_index: s.time_index,
        name: nul(s.name),
        ticker: nul(s.ticker),
        exchange_code: nul(s.exchange_code),
        asset_ticker_group_id: nul(s.asset_ticker_group_id),
      })),
    ),
  )
  await upsert(
    tx,
    'asset_pricing_details',
    ['asset_uid'],
    assets
      .filter((a) => a.pricing_details)
      .map((a) => {
        const p = a.pricing_details!
        return {
          asset_uid: a.uid,
          instrument_type: p.instrument_type,
          instrument_dump: json(tx, p.instrument_dump),
          pricing_details_date: p.pricing_details_date,
          serialization_format: p.serialization_format ?? 'fixed_income.instrument@v1',
          pricing_package_version: nul(p.pricing_package_version),
          source: nul(p.source),
          metadata_json: json(tx, p.metadata_json),
        }
      }),
  )
  await upsert(
    tx,
    'future_asset_details',
    ['asset_uid'],
    assets
      .filter((a) => a.future_details)
      .map((a) => {
        const f = a.future_details!
        return {
          asset_uid: a.uid,
          underlying_index_uid: f.underlying_index_uid,
          expiry_date: nul(f.expiry_date),
          contract_size: nul(f.contract_size),
          metadata_json: json(tx, f.metadata_json),
        }
      }),
  )
  count('assets', assets.length)

  const categories = b.asset_categories ?? []
  await upsert(
    tx,
    'asset_categories',
    ['uid'],
    categories.map((c) => ({
      uid: c.uid,
      unique_identifier: c.unique_identifier,
      display_name: c.display_name,
      description: nul(c.description),
      metadata_json: json(tx, c.metadata_json),
    })),
  )
  await upsert(
    tx,
    'asset_category_memberships',
    ['category_uid', 'asset_uid'],
    categories.flatMap((c) => (c.asset_uids ?? []).map((u) => ({ category_uid: c.uid, asset_uid: u }))),
  )
  count('asset_categories', categories.length)

  const calendars = b.calendars ?? []
  await upsert(
    tx,
    'calendars',
    ['uid'],
    calendars.map((c) => ({
      uid: c.uid,
      unique_identifier: c.unique_identifier,
      display_name: c.display_name,
      calendar_type: c.calendar_type.toUpperCase().replace(/\s+/g, '_'),
      timezone: c.timezone ?? 'UTC',
      source: nul(c.source),
      source_identifier: nul(c.source_identifier),
      valid_from: c.valid_from,
      valid_to: c.valid_to,
      metadata_json: json(tx, c.metadata_json),
    })),
  )
  await upsert(
    tx,
    'calendar_dates',
    ['uid'],
    calendars.flatMap((c) =>
      (c.dates ?? []).map((d) => ({
        uid: d.uid,
        calendar_uid: c.uid,
        local_date: d.local_date,
        is_business_day: d.is_business_day ?? false,
        is_holiday: d.is_holiday ?? false,
        is_weekend: d.is_weekend ?? false,
        is_early_close: d.is_early_close ?? false,
        holiday_name: nul(d.holiday_name),
        metadata_json: json(tx, d.metadata_json),
      })),
    ),
  )
  await upsert(
    tx,
    'calendar_sessions',
    ['uid'],
    calendars.flatMap((c) =>
      (c.sessions ?? []).map((s) => ({
        uid: s.uid,
        calendar_uid: c.uid,
        local_date: s.local_date,
        session_label: s.session_label,
        opens_at: nul(s.opens_at),
        closes_at: nul(s.closes_at),
        timezone: s.timezone ?? 'UTC',
        is_primary: s.is_primary ?? true,
        metadata_json: json(tx, s.metadata_json),
      })),
    ),
  )
  await upsert(
    tx,
    'calendar_events',
    ['uid'],
    calendars.flatMap((c) =>
      (c.events ?? []).map((e) => ({
        uid: e.uid,
        calendar_uid: c.uid,
        event_date: nul(e.event_date),
        event_time: nul(e.event_time),
        event_type: e.event_type.toUpperCase().replace(/\s+/g, '_'),
        event_label: e.event_label ?? '',
        target_type: e.target_type ?? '',
        target_uid: nul(e.target_uid),
        target_identifier: e.target_identifier ?? '',
        metadata_json: json(tx, e.metadata_json),
      })),
    ),
  )
  count('calendars', calendars.length)

  await upsert(
    tx,
    'signal_metadata',
    ['uid'],
    (b.signals ?? []).map((s) => ({
      uid: s.uid,
      signal_uid: s.signal_uid,
      signal_description: nul(s.signal_description),
    })),
  )
  await upsert(
    tx,
    'signal_weights',
    ['signal_uid', 'time_index', 'asset_identifier'],
    (b.signals ?? []).flatMap((s) =>
      (s.weights ?? []).map((w) => ({
        signal_uid: s.signal_uid,
        time_index: w.time_index,
        asset_identifier: w.asset_identifier,
        signal_weight: nul(w.signal_weight),
      })),
    ),
  )

  const portfolios = b.portfolios ?? []
  await upsert(
    tx,
    'portfolios',
    ['uid'],
    portfolios.map((p) => ({
      uid: p.uid,
      unique_identifier: p.unique_identifier,
      calendar_uid: p.calendar_uid,
      published_index_uid: nul(p.published_index_uid),
      portfolio_weights_data_node_uid: nul(p.portfolio_weights_data_node_uid),
      signal_weights_data_node_uid: nul(p.signal_weights_data_node_uid),
      signal_uid: nul(p.signal_uid),
      portfolio_data_node_uid: nul(p.portfolio_data_node_uid),
      backtest_table_price_column_name: p.backtest_table_price_column_name ?? 'close',
    })),
  )
  await upsert(
    tx,
    'portfolio_metadata',
    ['unique_identifier'],
    portfolios
      .filter((p) => p.description !== undefined)
      .map((p) => ({ unique_identifier: p.unique_identifier, description: nul(p.description) })),
  )
  await upsert(
    tx,
    'portfolio_weights',
    ['portfolio_identifier', 'time_index', 'asset_identifier'],
    portfolios.flatMap((p) =>
      (p.weights ?? []).map((w) => ({
        portfolio_identifier: p.unique_identifier,
        time_index: w.time_index,
        asset_identifier: w.asset_identifier,
        weight: dec(w.weight),
        weight_before: dec(w.weight_before),
        price_current: dec(w.price_current),
        price_before: dec(w.price_before),
        volume_current: dec(w.volume_current),
        volume_before: dec(w.volume_before),
      })),
    ),
  )
  await upsert(
    tx,
    'portfolio_values',
    ['portfolio_identifier', 'time_index'],
    portfolios.flatMap((p) =>
      (p.values ?? []).map((v) => ({
        portfolio_identifier: p.unique_identifier,
        time_index: v.time_index,
        close: nul(v.close),
        return: nul(v.return),
        calculated_close: nul(v.calculated_close),
        close_time: nul(v.close_time),
      })),
    ),
  )
  count('portfolios', portfolios.length)

  const groups = b.portfolio_groups ?? []
  await upsert(
    tx,
    'portfolio_groups',
    ['uid'],
    groups.map((g) => ({
      uid: g.uid,
      unique_identifier: g.unique_identifier,
      display_name: g.display_name,
      description: nul(g.description),
      metadata_json: json(tx, g.metadata_json),
    })),
  )
  await upsert(
    tx,
    'portfolio_group_memberships',
    ['portfolio_group_uid', 'portfolio_uid'],
    groups.flatMap((g) => (g.portfolio_uids ?? []).map((u) => ({ portfolio_group_uid: g.uid, portfolio_uid: u }))),
  )
  count('portfolio_groups', groups.length)

  await writeAccounts(tx, b, count)
  return summary
}

async function writeAccounts(tx: TransactionSql, b: Bundle, count: (key: string, n: number) => void): Promise<void> {
  const accounts = b.accounts ?? []
  await upsert(
    tx,
    'accounts',
    ['uid'],
    accounts.map((a) => ({
      uid: a.uid,
      unique_identifier: a.unique_identifier,
      account_name: a.account_name,
      is_paper: a.is_paper ?? true,
      account_is_active: a.account_is_active ?? false,
      holdings_data_node_uid: nul(a.holdings_data_node_uid),
      metadata_json: json(tx, a.metadata_json),
    })),
  )
  const holdingSets = accounts.flatMap((a) => (a.holdings ?? []).map((h) => ({ account: a, h })))
  await upsert(
    tx,
    'account_holdings_sets',
    ['uid'],
    holdingSets.map(({ account, h }) => ({
      uid: h.uid,
      account_uid: account.uid,
      time_index: h.time_index,
      source_data_node_uid: null,
    })),
  )
  // a set's rows are replaced as a whole: the bundle states the complete snapshot
  if (holdingSets.length)
    await tx`delete from account_holdings where holdings_set_uid = any(${holdingSets.map((s) => s.h.uid)}::uuid[])`
  await upsert(
    tx,
    'account_holdings',
    ['holdings_set_uid', 'asset_identifier'],
    holdingSets.flatMap(({ account, h }) =>
      h.positions.map((p) => ({
        holdings_set_uid: h.uid,
        asset_identifier: p.asset_identifier,
        time_index: h.time_index,
        account_uid: account.uid,
        is_trade_snapshot: null,
        quantity: String(p.quantity),
        direction: p.direction ?? 1,
        target_trade_time: nul(p.target_trade_time),
        extra_details: json(tx, p.extra_details ?? {}),
      })),
    ),
  )

  // target positions hang off one allocation per account (as add-target-positions does)
  const targets = accounts.filter((a) => a.target_positions?.length)
  if (targets.length) {
    await upsert(
      tx,
      'account_allocation_models',
      ['allocation_model_name'],
      [
        {
          allocation_model_name: 'bundle',
          allocation_model_description: 'Loaded from a data bundle',
          metadata_json: null,
        },
      ],
    )
    const [model] = await tx<
      { uid: string }[]
    >`select uid from account_allocation_models where allocation_model_name = 'bundle'`
    await upsert(
      tx,
      'account_target_allocations',
      ['unique_identifier'],
      targets.map((a) => ({
        unique_identifier: a.uid,
        account_uid: a.uid,
        account_allocation_model_uid: model.uid,
        display_name: a.account_name,
        is_active: true,
        source: 'bundle',
        metadata_json: null,
      })),
    )
    const allocations = new Map(
      (
        await tx<
          { uid: string; unique_identifier: string }[]
        >`select uid, unique_identifier from account_target_allocations where unique_identifier =
          any(${targets.map((a) => a.uid)})`
      ).map((r) => [r.unique_identifier, r.uid]),
    )
    const sets = targets.flatMap((a) => a.target_positions!.map((t) => ({ a, t })))
    await upsert(
      tx,
      'position_sets',
      ['uid'],
      sets.map(({ a, t }) => ({
        uid: t.uid,
        account_target_allocation_uid: allocations.get(a.uid),
        position_set_time: t.time_index,
        source: 'bundle',
        metadata_json: null,
      })),
    )
    await tx`delete from target_positions where position_set_uid = any(${sets.map((s) => s.t.uid)}::uuid[])`
    await upsert(
      tx,
      'target_positions',
      ['position_set_uid', 'target_type', 'target_uid'],
      sets.flatMap(({ t }) =>
        t.positions.map((p) => ({
          position_set_uid: t.uid,
          time_index: t.time_index,
          target_type: p.target_type,
          target_uid: p.target_uid,
          asset_uid: p.target_type === 'asset' ? p.target_uid : null,
          portfolio_uid: p.target_type === 'portfolio' ? p.target_uid : null,
          weight_notional_exposure: dec(p.weight_notional_exposure),
          constant_notional_exposure: dec(p.constant_notional_exposure),
          single_asset_quantity: dec(p.single_asset_quantity),
          metadata_json: json(tx, p.metadata_json),
        })),
      ),
    )
  }
  count('accounts', accounts.length)

  const funds = b.virtual_funds ?? []
  await upsert(
    tx,
    'virtual_funds',
    ['uid'],
    funds.map((v) => ({
      uid: v.uid,
      unique_identifier: v.unique_identifier,
      account_uid: v.account_uid,
      target_portfolio_uid: v.target_portfolio_uid,
    })),
  )
  const fundSets = funds.flatMap((v) => (v.holdings ?? []).map((h) => ({ v, h })))
  await upsert(
    tx,
    'virtual_fund_holdings_sets',
    ['uid'],
    fundSets.map(({ v, h }) => ({
      uid: h.uid,
      virtual_fund_uid: v.uid,
      source_account_holdings_set_uid: h.source_account_holdings_set_uid,
      time_index: h.time_index,
    })),
  )
  if (fundSets.length)
    await tx`delete from virtual_fund_holdings where virtual_fund_holdings_set_uid =
      any(${fundSets.map((s) => s.h.uid)}::uuid[])`
  await upsert(
    tx,
    'virtual_fund_holdings',
    ['virtual_fund_holdings_set_uid', 'asset_identifier'],
    fundSets.flatMap(({ v, h }) =>
      h.positions.map((p) => ({
        virtual_fund_holdings_set_uid: h.uid,
        asset_identifier: p.asset_identifier,
        virtual_fund_uid: v.uid,
        source_account_holdings_set_uid: h.source_account_holdings_set_uid,
        time_index: h.time_index,
        allocated_quantity: String(p.allocated_quantity),
        allocation_strategy: p.allocation_strategy ?? 'explicit',
        direction: p.direction ?? 1,
        target_trade_time: nul(p.target_trade_time),
        extra_details: json(tx, p.extra_details ?? {}),
      })),
    ),
  )
  count('virtual_funds', funds.length)
}
