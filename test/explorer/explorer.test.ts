/**
 * The explorer in headless Chromium (Debian `chromium`, installed by .ci/run): the page loads from the service
 * alone, draws its charts, and nothing it (or /docs or /redoc) asks for leaves the machine. Any console error
 * fails the test; every request to another host is aborted and fails it too. Saves a screenshot.
 */
import t from 'tap'
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { build } from '../helpers/app.ts'
import { DEMO } from '../../src/db/demo/demo-ids.ts'

const CHROMIUM = '/usr/bin/chromium'
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const SCREENSHOTS = new URL('../../.tap/screenshots/', import.meta.url).pathname
const FRN = '138fe3e2-b549-5390-868b-7ca3ba030ef3'
const UST = 'd4037e5c-6e60-5619-b1cd-8b02cccb5792'
const SWAP = '2d6117cc-cb59-5f03-bc04-2d22e3cadc77'
const SOFR_FRN = DEMO.assets.sofrFrn

interface Watch {
  errors: string[]
  outside: string[]
}

async function browser(t: { teardown(fn: () => unknown): void }): Promise<{ context: BrowserContext; watch: Watch }> {
  const watch: Watch = { errors: [], outside: [] }
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'explorer-profile-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
  })
  t.teardown(() => context.close())
  // the test itself must never send traffic off the machine: anything not on loopback is aborted and recorded
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url())
    if (url.hostname === '127.0.0.1') return route.continue()
    watch.outside.push(url.href)
    return route.abort()
  })
  context.on('page', (page) => watchPage(page, watch))
  return { context, watch }
}

/**
 * The page's document, typed just enough for the predicates below (the tests compile without the DOM library;
 * predicates run in the page, so each names it itself).
 */
interface MiniDocument {
  documentElement: { dataset: Record<string, string> }
  getElementById(id: string): { value: string; textContent: string }
}

function watchPage(page: Page, watch: Watch): void {
  page.on('console', (m) => {
    if (m.type() === 'error') watch.errors.push(m.text())
  })
  page.on('pageerror', (e) => watch.errors.push(e.message))
}

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await page.waitForSelector('html[data-state=ready]', { timeout: 30_000 })
}

t.test('the explorer draws analytics, zero-rate curves and cash flows, from local assets only', async (t) => {
  t.ok(existsSync(CHROMIUM), `${CHROMIUM} exists (apt-get install -y chromium)`)
  const { app } = await build(t, { bundle: 'demo' })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const { context, watch } = await browser(t)
  const page = await context.newPage()

  await ready(page, `${base}/explorer?asset=${FRN}&set=default&date=2026-11-20`)
  t.match(await page.textContent('#status'), /FloatingRateBond priced with set 'default' on 2026-11-20: 3 curve\(s\)/)
  t.same(
    await page.$$eval('#curves h3', (hs) => hs.map((h) => h.textContent)),
    ['discount: USD-SOFR-OIS', 'projection: USD-TERM-SOFR-3M-PROJ', 'z_spread_base: USD-UST-ZERO'],
    'the floater: discount and projection curves, and its z-spread benchmark',
  )
  const analytics = await page.$$eval('#analytics tr', (rows) => rows.map((r) => r.cells[0].textContent))
  t.ok(
    analytics.includes('clean price') && analytics.includes('dirty price') && analytics.includes('accrued amount'),
    analytics.join(),
  )
  // what Chart.js drew: type, data points and labels of every chart instance on the page
  const drawn = (await page.evaluate(
    `Object.values(window.Chart.instances).map((c) => ({
    type: c.config.type, points: c.data.datasets.reduce((n, d) => n + d.data.length, 0), labels: c.data.labels ? ` +
      `c.data.labels.length : 0 }))`,
  )) as {
    type: string
    points: number
    labels: number
  }[]
  t.equal(drawn.length, 5, 'three curve charts, the cash-flow chart and the price over time')
  t.ok(
    drawn.filter((c) => c.type === 'line').every((c) => c.points >= 10),
    'each zero curve has its nodes',
  )
  const bars = drawn.find((c) => c.type === 'bar')
  t.ok(bars && bars.labels >= 9, 'cash flows by payment date')
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, 'explorer.png'), fullPage: true })

  // another asset through the form: a fixed bond shows its discount and z-spread benchmark curves
  await page.selectOption('#asset', UST)
  await page.waitForFunction(
    () => (globalThis as unknown as { document: MiniDocument }).document.getElementById('date').value !== '',
  )
  t.equal(await page.inputValue('#date'), '2026-11-20', "the date defaults to the asset's pricing-details date")
  await page.click('button[type=submit]')
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as { document: MiniDocument }
    return (
      document.documentElement.dataset.state === 'ready' &&
      /FixedRateBond/.test(document.getElementById('status').textContent)
    )
  })
  t.same(await page.$$eval('#curves h3', (hs) => hs.map((h) => h.textContent)), [
    'discount: USD-UST-ZERO',
    'z_spread_base: USD-UST-ZERO',
  ])
  t.match(page.url(), `asset=${UST}`, 'the choice is kept in the address')

  // an overnight FRN: the daily fixings of its current coupon, fixed so far and forecast after
  await ready(page, `${base}/explorer?asset=${SOFR_FRN}&set=default&date=2026-11-20`)
  t.match(await page.textContent('#daily-title'), /Daily fixings of the overnight coupon 2026-09-16 to 2026-12-16/)
  const daily = (await page.evaluate(
    `Object.values(window.Chart.instances).filter((c) => c.canvas.id === 'daily').map((c) =>
      c.data.datasets.map((d) => d.data.filter((v) => v !== null).length))`,
  )) as number[][]
  t.equal(daily.length, 1, 'one daily-fixings chart')
  const [fixed, forecast] = daily[0]
  t.ok(fixed > 40 && forecast > 10, `${fixed} fixings so far, ${forecast} forecast`)
  await page.screenshot({ path: join(SCREENSHOTS, 'explorer-overnight.png'), fullPage: true })
  await ready(page, `${base}/explorer?asset=${UST}&set=default&date=2026-11-20`)
  t.equal(await page.isHidden('#daily-section'), true, 'no daily fixings for a fixed bond')

  // a CPI bond: its zero-inflation curve charted beside the discount curve
  await ready(page, `${base}/explorer?asset=${DEMO.assets.tips}&set=default&date=2026-11-20`)
  t.same(await page.$$eval('#curves h3', (hs) => hs.map((h) => h.textContent)), [
    'discount: USD-UST-ZERO',
    'inflation: USD-CPI-ZC',
    'z_spread_base: USD-UST-ZERO',
  ])
  await page.screenshot({ path: join(SCREENSHOTS, 'explorer-cpi.png'), fullPage: true })

  await ready(page, `${base}/explorer?asset=${SWAP}&set=default&date=2026-11-20`)
  t.match(
    await page.textContent('#status'),
    /Not priced: Instrument type is not registered/,
    'an unsupported asset says so',
  )

  t.same(watch.errors, [], 'no console error')
  t.same(watch.outside, [], 'no request left the machine')
})

t.test("prices over time, and an account's VaR histogram and scenario P&L", async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const { context, watch } = await browser(t)
  const page = await context.newPage()
  await ready(page, `${base}/explorer?asset=${UST}&set=default&date=2026-11-20&account=${DEMO.account}`)
  const chart = async (id: string) =>
    (await page.evaluate(
      `Object.values(window.Chart.instances).filter((c) => c.canvas.id === '${id}').map((c) => ({
        type: c.config.type, labels: c.data.labels, data: c.data.datasets.map((d) => d.data),
        lines: (c.options.plugins.varLines || {}).lines || [] }))`,
    )) as { type: string; labels: string[]; data: (number | null)[][]; lines: { label: string; at: number }[] }[]

  // the series route: the Treasury's price and z-spread each business day since late August (the demo's history)
  const [series] = await chart('series')
  t.equal(series.type, 'line')
  const [prices, spreads] = series.data
  t.ok(prices.length > 55, `${prices.length} days priced`)
  t.ok(
    prices.every((p) => typeof p === 'number' && p > 50 && p < 150),
    'prices per 100',
  )
  t.equal(spreads.length, prices.length)
  t.ok(Math.abs(spreads[spreads.length - 1]!) < 1e-3, 'on the chosen date the z-spread to its own value is zero')
  t.ok(
    spreads.some((s) => Math.abs(s!) > 0.5),
    'and moves with the curves before it (bp)',
  )
  t.match(await page.textContent('#series-title'), /Over time: price and z-spread/)

  // the VaR route: a histogram of the account's P&L over its historical scenarios, VaR and ES marked
  const [histogram] = await chart('var-histogram')
  t.equal(histogram.type, 'bar')
  const counts = histogram.data[0] as number[]
  t.equal(counts.length, 20, 'twenty bins')
  const total = counts.reduce((a, b) => a + b, 0)
  t.ok(total > 55, `${total} scenarios in the bins`)
  t.match(await page.textContent('#risk-status'), new RegExp(`${total} historical scenarios`))
  t.same(
    histogram.lines.map((l) => l.label),
    ['VaR 95%', 'ES 95%', 'VaR 99%', 'ES 99%'],
    'a line per VaR and ES',
  )
  const [var95, es95] = histogram.lines
  t.ok(es95.at <= var95.at, 'ES lies at or beyond VaR on the loss side')
  const table = await page.$$eval('#var-table tr', (rows) => rows.map((r) => r.textContent))
  t.match(table, [/^95%VaR [\d,.]+ES [\d,.]+scenario 2026-/, /^99%VaR [\d,.]+ES [\d,.]+scenario 2026-/], 'a table')
  t.equal(table.length, 2, 'VaR and ES per confidence')

  // the scenarios route: the account's change in value under five what-ifs
  const [bars] = await chart('scenario-bars')
  t.same(bars.labels, ['+100bp', '-100bp', 'bear steepener', 'bull flattener', 'vol up'])
  const [up, down] = bars.data[0] as number[]
  t.ok(up < 0 && down > 0, `rates up lose (${up}), rates down gain (${down})`)
  await page.screenshot({ path: join(SCREENSHOTS, 'explorer-risk.png'), fullPage: true })
  t.same(watch.errors, [], 'no console error')
  t.same(watch.outside, [], 'no request left the machine')
})

t.test('/docs and /redoc load without the network', async (t) => {
  const { app } = await build(t)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const { context, watch } = await browser(t)
  const page = await context.newPage()
  await page.goto(`${base}/redoc`)
  await page.waitForSelector('.menu-content', { timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  t.ok(await page.$('img[alt="redocly logo"][src="/redoc/logo-mini.svg"]'), "Redoc's logo is served locally")
  await page.goto(`${base}/docs`)
  await page.waitForSelector('.swagger-ui .info', { timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  t.same(watch.errors, [], 'no console error')
  t.same(watch.outside, [], 'no request left the machine')
})
