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
    status(
      `${details.instrument_type} priced with set '${set}' on ${date}: ${preview.curves.length} curve(s), ` +
        `${Object.values(cashflows.legs).flat().length} cash flows.`,
    )
  } catch (error) {
    status(error.message, true)
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
  const [assets, sets] = await Promise.all([
    api('/api/v1/asset/?limit=500'),
    api('/api/v1/pricing/market_data/sets/?limit=500'),
  ])
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
  else setState('ready')
}

start().catch((error) => {
  status(error.message, true)
  setState('ready')
})
