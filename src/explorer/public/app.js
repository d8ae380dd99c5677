/* Curve explorer: reads the public API only. Chart.js (window.Chart) is loaded before this module. */
const $ = (id) => document.getElementById(id)
const setState = (state) => {
  document.documentElement.dataset.state = state
}
const charts = []
const LEG_COLOURS = { fixed: '#2563eb', floating: '#0d9488', amortization: '#d97706', redemption: '#7c3aed' }
const CURVE_COLOURS = ['#2563eb', '#dc2626', '#059669', '#9333ea']

function status(text, error = false) {
  $('status').textContent = text
  $('status').className = error ? 'error' : ''
}

async function api(path, body) {
  const init =
    body === undefined
      ? {}
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  const res = await fetch(path, { ...init, headers: { accept: 'application/json', ...init.headers } })
  const json = await res.json()
  if (!res.ok) throw new Error(`${path}: ${json.detail ?? res.status}`)
  return json
}

function option(select, value, text) {
  const o = document.createElement('option')
  o.value = value
  o.textContent = text
  select.append(o)
}

function clearCharts() {
  while (charts.length) charts.pop().destroy()
  $('daily-section').hidden = true
  $('series-section').hidden = true
  $('curves').replaceChildren()
  $('analytics').tBodies[0].replaceChildren()
}

const number = (v, digits = 6) =>
  typeof v === 'number' ? v.toLocaleString('en-US', { maximumFractionDigits: digits }) : String(v)

function showAnalytics(analytics) {
  const body = $('analytics').tBodies[0]
  for (const [key, value] of Object.entries(analytics)) {
    const row = body.insertRow()
    row.insertCell().textContent = key.replaceAll('_', ' ')
    row.insertCell().textContent = number(value)
  }
}

function curveChart(ref, curve, index) {
  const box = document.createElement('div')
  box.className = 'chart'
  const title = document.createElement('h3')
  title.textContent = `${ref.role}: ${ref.curve_identifier}`
  const canvas = document.createElement('canvas')
  canvas.setAttribute('aria-label', `${ref.role} zero curve`)
  box.append(title, canvas)
  $('curves').append(box)
  charts.push(
    new window.Chart(canvas, {
      type: 'line',
      data: {
        datasets: [
          {
            label: `${curve.curve_identifier} on ${curve.effective_date.slice(0, 10)}`,
            data: curve.nodes.map((n) => ({ x: n.days_to_maturity / 365, y: n.zero * 100 })),
            borderColor: CURVE_COLOURS[index % CURVE_COLOURS.length],
            pointRadius: 2,
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'maturity (years)' } },
          y: { title: { display: true, text: 'zero rate (%)' } },
        },
      },
    }),
  )
}

function cashflowChart(legs) {
  const dates = [
    ...new Set(
      Object.values(legs)
        .flat()
        .map((r) => r.payment_date),
    ),
  ].sort()
  const datasets = Object.entries(legs)
    .filter(([, rows]) => rows.length)
    .map(([leg, rows]) => {
      const byDate = new Map(rows.map((r) => [r.payment_date, r.amount]))
      return {
        label: leg,
        data: dates.map((d) => byDate.get(d) ?? null),
        backgroundColor: LEG_COLOURS[leg] ?? '#64748b',
      }
    })
  charts.push(
    new window.Chart($('cashflows'), {
      type: 'bar',
      data: { labels: dates, datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, title: { display: true, text: 'payment date' } },
          y: { stacked: true, title: { display: true, text: 'amount' } },
        },
      },
    }),
  )
}

/** An overnight coupon accruing at the valuation date: its daily rates, the fixings so far and the forecasts after. */
function dailyChart(legs) {
  const coupon = (legs.floating ?? []).find((r) => Array.isArray(r.daily_fixings))
  if (!coupon) return
  const days = coupon.daily_fixings
  $('daily-section').hidden = false
  $('daily-title').textContent =
    `Daily fixings of the overnight coupon ${coupon.accrual_start_date} to ${coupon.accrual_end_date} ` +
    `(${coupon.averaging.toLowerCase()}, rate ${number(coupon.index_fixing * 100, 4)}%)`
  const series = (source) => days.map((d) => (d.source === source ? d.rate * 100 : null))
  charts.push(
    new window.Chart($('daily'), {
      type: 'bar',
      data: {
        labels: days.map((d) => d.fixing_date),
        datasets: [
          { label: 'fixing', data: series('fixing'), backgroundColor: '#0d9488' },
          { label: 'forecast', data: series('forecast'), backgroundColor: '#94a3b8' },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        scales: {
          x: { stacked: true, title: { display: true, text: 'fixing date' } },
          y: { title: { display: true, text: 'rate (%)' } },
        },
      },
    }),
  )
}

/** `date` less `days` calendar days, YYYY-MM-DD. */
const daysBefore = (date, days) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

/**
 * The asset's price and z-spread on each business day of the last 90 (the series route): the z-spread to the dirty
 * value it has on the chosen date, so the line shows how its spread over the benchmark would have moved.
 */
async function seriesChart(asset, set, date, dirty) {
  const request = (operation, parameters) => ({
    market_data_set: set,
    from_date: `${daysBefore(date, 90)}T00:00:00Z`,
    to_date: `${date}T00:00:00Z`,
    operation,
    parameters,
    asset_uids: [asset],
  })
  const [prices, spreads] = await Promise.all([
    api('/api/v1/pricing/series/', request('price', {})),
    api('/api/v1/pricing/series/', request('z-spread', { target_dirty_ccy: dirty })),
  ])
  const price = prices.series[0]
  const spread = spreads.series[0]
  if (price.status !== 200 || price.points.length === 0) return
  const bp = new Map(spread.points.map((p) => [p.date, p.result.z_spread * 1e4]))
  $('series-section').hidden = false
  $('series-title').textContent =
    `Over time: price and z-spread on the ${price.calendar} business days since ${daysBefore(date, 90)} ` +
    `(${price.missing.length} without market data)`
  charts.push(
    new window.Chart($('series'), {
      type: 'line',
      data: {
        labels: price.points.map((p) => p.date),
        datasets: [
          { label: 'price (NPV)', data: price.points.map((p) => p.result.price), borderColor: '#2563eb', yAxisID: 'y' },
          {
            label: `z-spread to ${number(dirty, 4)} (bp)`,
            data: price.points.map((p) => bp.get(p.date) ?? null),
            borderColor: '#dc2626',
            yAxisID: 'spread',
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        elements: { point: { radius: 0 } },
        scales: {
          y: { title: { display: true, text: 'price' } },
          spread: {
            position: 'right',
            title: { display: true, text: 'z-spread (bp)' },
            grid: { drawOnChartArea: false },
          },
        },
      },
    }),
  )
}

async function show() {
  const asset = $('asset').value
  const set = $('set').value
  const date = $('date').value
  if (!asset || !set || !date) return
  setState('loading')
  clearCharts()
  history.replaceState(null, '', `?${new URLSearchParams({ asset, set, date })}`)
  const request = { valuation_date: `${date}T00:00:00Z`, market_data_set: set }
  const base = `/api/v1/pricing/assets/${asset}`
  try {
    status('Pricing…')
    const details = await api(`/api/v1/asset/${asset}/get_pricing_details/`)
    if (!details.pricing_support.supported) {
      status(`Not priced: ${details.pricing_support.reason}`, true)
      return setState('ready')
    }
    const [analytics, preview, cashflows] = await Promise.all([
      api(`${base}/analytics/`, request),
      api(`${base}/curve-preview/`, request),
      api(`${base}/cashflows/`, request),
    ])
    showAnalytics(analytics.analytics)
    const curves = await Promise.all(
      preview.curves.map((ref) =>
        api(`${ref.discount_curve_url}?${new URLSearchParams(ref.discount_curve_query_params)}`),
      ),
    )
    preview.curves.forEach((ref, i) => curveChart(ref, curves[i], i))
    cashflowChart(cashflows.legs)
    dailyChart(cashflows.legs)
    const a = analytics.analytics
    await seriesChart(asset, set, date, a.settlement_value ?? a.npv)
    status(
      `${details.instrument_type} priced with set '${set}' on ${date}: ${preview.curves.length} curve(s), ` +
        `${Object.values(cashflows.legs).flat().length} cash flows.`,
    )
  } catch (error) {
    status(error.message, true)
  }
  setState('ready')
}

const riskCharts = []

/** A vertical line per VaR and ES on the histogram (index scale: the bin the value falls in, interpolated). */
const varLines = {
  id: 'varLines',
  afterDatasetsDraw(chart, _args, options) {
    const { ctx, chartArea, scales } = chart
    for (const line of options.lines ?? []) {
      const x = scales.x.getPixelForValue(line.at)
      ctx.save()
      ctx.strokeStyle = line.colour
      ctx.setLineDash(line.dash ?? [])
      ctx.beginPath()
      ctx.moveTo(x, chartArea.top)
      ctx.lineTo(x, chartArea.bottom)
      ctx.stroke()
      ctx.fillStyle = line.colour
      ctx.fillText(line.label, x + 3, chartArea.top + 10 + 12 * (line.row ?? 0))
      ctx.restore()
    }
  },
}

/** The account's P&L histogram over its historical scenarios, with each confidence's VaR and ES marked. */
function varHistogram(v) {
  const pnl = v.pnl
  const lo = Math.min(...pnl)
  const hi = Math.max(...pnl)
  const bins = 20
  const width = (hi - lo) / bins || 1
  const counts = new Array(bins).fill(0)
  for (const x of pnl) counts[Math.min(bins - 1, Math.floor((x - lo) / width))]++
  // the position on the category axis of a P&L (bin i spans [lo + i·width, lo + (i+1)·width), centred on i)
  const at = (x) => (x - lo) / width - 0.5
  const lines = v.var.flatMap((r, i) => [
    { at: at(-r.var), label: `VaR ${r.confidence * 100}%`, colour: '#dc2626', row: 2 * i },
    {
      at: at(-r.expected_shortfall),
      label: `ES ${r.confidence * 100}%`,
      colour: '#7c3aed',
      dash: [4, 3],
      row: 2 * i + 1,
    },
  ])
  riskCharts.push(
    new window.Chart($('var-histogram'), {
      type: 'bar',
      data: {
        labels: counts.map((_, i) => number(lo + (i + 0.5) * width, 0)),
        datasets: [{ label: `P&L of ${pnl.length} historical scenarios`, data: counts, backgroundColor: '#94a3b8' }],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: { varLines: { lines } },
        scales: {
          x: { title: { display: true, text: 'P&L (bin centre)' } },
          y: { title: { display: true, text: 'scenarios' } },
        },
      },
      plugins: [varLines],
    }),
  )
  const body = $('var-table').tBodies[0]
  body.replaceChildren()
  for (const r of v.var) {
    const row = body.insertRow()
    row.insertCell().textContent = `${r.confidence * 100}%`
    row.insertCell().textContent = `VaR ${number(r.var, 2)}`
    row.insertCell().textContent = `ES ${number(r.expected_shortfall, 2)}`
    row.insertCell().textContent = `scenario ${r.scenario_date}`
  }
}

const SCENARIOS = [
  { name: '+100bp', shocks: [{ parallel: 100 }] },
  { name: '-100bp', shocks: [{ parallel: -100 }] },
  { name: 'bear steepener', shocks: [{ twist: { pivot: '2Y', short_bp: 10, long_bp: 50 } }] },
  { name: 'bull flattener', shocks: [{ twist: { pivot: '2Y', short_bp: -10, long_bp: -50 } }] },
  { name: 'vol up', shocks: [{ optionlet_vol: 0.002 }, { short_rate_model: { sigma: 0.002 } }] },
]

function scenarioBars(s) {
  riskCharts.push(
    new window.Chart($('scenario-bars'), {
      type: 'bar',
      data: {
        labels: s.scenarios.map((x) => x.name),
        datasets: [
          {
            label: 'change in market value',
            data: s.scenarios.map((x) => x.totals.change),
            backgroundColor: s.scenarios.map((x) => (x.totals.change < 0 ? '#dc2626' : '#059669')),
          },
        ],
      },
      options: { animation: false, maintainAspectRatio: false },
    }),
  )
}

async function showRisk() {
  const account = $('account').value
  const set = $('set').value
  const date = $('date').value
  if (!account || !set || !date) return
  setState('loading')
  while (riskCharts.length) riskCharts.pop().destroy()
  const base = { valuation_date: `${date}T00:00:00Z`, market_data_set: set, target: { account_uid: account } }
  try {
    $('risk-status').textContent = 'Revaluing the account…'
    $('risk-status').className = ''
    const [v, s] = await Promise.all([
      api('/api/v1/pricing/var/', { ...base, lookback_days: 60, confidence: [0.95, 0.99] }),
      api('/api/v1/pricing/scenarios/', { ...base, scenarios: SCENARIOS }),
    ])
    varHistogram(v)
    scenarioBars(s)
    $('risk-status').textContent =
      `Market value ${number(v.base_value, 2)}: ${v.pnl.length} historical scenarios ` +
      `(${v.skipped_count} days skipped), ${s.scenarios.length} what-ifs.`
  } catch (error) {
    $('risk-status').textContent = error.message
    $('risk-status').className = 'error'
  }
  setState('ready')
}

async function defaultDate() {
  if ($('date').value || !$('asset').value) return
  const details = await api(`/api/v1/asset/${$('asset').value}/get_pricing_details/`)
  $('date').value = details.pricing_details_date.slice(0, 10)
}

async function start() {
  setState('loading')
  const params = new URLSearchParams(location.search)
  const [assets, sets, accounts] = await Promise.all([
    api('/api/v1/asset/?limit=500'),
    api('/api/v1/pricing/market_data/sets/?limit=500'),
    // the risk section is an extra: without accounts (or with their list refused) the explorer still prices
    api('/api/v1/account/?limit=100').catch(() => ({ items: [] })),
  ])
  for (const a of accounts.items) option($('account'), a.uid, `${a.account_name} (${a.unique_identifier})`)
  if (params.get('account')) $('account').value = params.get('account')
  $('risk-pick').addEventListener('submit', (event) => {
    event.preventDefault()
    showRisk()
  })
  for (const a of assets.items)
    option($('asset'), a.uid, `${a.unique_identifier}${a.asset_type ? ` (${a.asset_type})` : ''}`)
  for (const s of sets.items) option($('set'), s.set_key, `${s.display_name} (${s.set_key})`)
  if (params.get('asset')) $('asset').value = params.get('asset')
  if (params.get('set')) $('set').value = params.get('set')
  if (params.get('date')) $('date').value = params.get('date')
  $('asset').addEventListener('change', () => {
    $('date').value = ''
    defaultDate()
  })
  $('pick').addEventListener('submit', (event) => {
    event.preventDefault()
    show()
  })
  await defaultDate()
  if (params.get('asset')) await show()
  if (params.get('account')) await showRisk()
  setState('ready')
}

start().catch((error) => {
  status(error.message, true)
  setState('ready')
})
