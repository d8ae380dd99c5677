import t from 'tap'
import { body } from '../helpers/app.ts'
import { buildBulk, explicit } from './app.ts'
import * as fx from './fixtures.ts'

const { app, db } = await buildBulk(t)
const { sql } = db
const MISSING = '00000000-0000-4000-8000-00000000abcd'

const execute = (collection: string, uids: string[]) =>
  app.inject({ method: 'POST', url: `/api/v1/${collection}/bulk-delete/`, payload: explicit(uids) })
const jobsAdded = async () => {
  const counts = await app.bulkQueue.queue.getJobCounts()
  return Object.values(counts).reduce((a, b) => a + b, 0)
}

t.test('asset categories: deleted with their memberships, assets stay', async (t) => {
  const uids = await fx.assetCategories(sql, 3, true)
  const r = await execute('asset-category', uids)
  t.equal(r.statusCode, 200)
  t.same(body(r), { detail: 'Deleted 3 asset categories.', deleted_count: 3 })
  t.equal(await fx.count(sql, 'asset_categories', uids), 0)
  t.equal(await fx.count(sql, 'asset_category_memberships', uids), 0)
  const [single] = await fx.assetCategories(sql, 1)
  t.same(body(await execute('asset-category', [single])), { detail: 'Deleted 1 asset category.', deleted_count: 1 })
})

t.test('portfolios: weights and values by identifier, memberships cascade, failed is empty', async (t) => {
  const uids = await fx.portfolios(sql, 4, 3)
  const [group] = await fx.portfolioGroups(sql, 1, uids)
  const r = await execute('portfolio', uids)
  t.equal(r.statusCode, 200)
  t.same(body(r), {
    detail: 'Deleted 4 portfolios.',
    deleted_count: 4,
    deleted_weights_count: 12,
    deleted_values_count: 12,
    failed: [],
  })
  t.equal(await fx.count(sql, 'portfolios', uids), 0)
  t.equal(await fx.count(sql, 'portfolio_group_memberships', [group]), 0)
  t.equal(await fx.count(sql, 'portfolio_groups', [group]), 1, 'the group stays')
})

t.test('portfolio groups: deleted, their portfolios stay', async (t) => {
  const members = await fx.portfolios(sql, 2)
  const uids = await fx.portfolioGroups(sql, 2, members)
  const r = await execute('portfolio-group', uids)
  t.equal(r.statusCode, 200)
  t.same(body(r), { detail: 'Deleted 2 portfolio groups.', deleted_count: 2 })
  t.equal(await fx.count(sql, 'portfolios', members), 2)
})

t.test('a blocked selection is 409, nothing is deleted and no job is queued', async (t) => {
  const before = await jobsAdded()
  const [free, funded] = await fx.portfolios(sql, 2, 1)
  await fx.virtualFund(sql, funded)
  let r = await execute('portfolio', [free, funded])
  t.equal(r.statusCode, 409)
  t.equal(
    body(r).detail,
    `Portfolio ${funded}: VirtualFundTable.target_portfolio_uid references this portfolio (count=1). Delete or ` +
      `retarget those virtual funds first.`,
  )
  t.equal(await fx.count(sql, 'portfolios', [free, funded]), 2)
  t.equal(await fx.count(sql, 'portfolio_weights'), 2)

  const groups = await fx.portfolioGroups(sql, 1)
  r = await execute('portfolio-group', [groups[0], MISSING])
  t.equal(r.statusCode, 409)
  t.equal(body(r).detail, `Portfolio group ${MISSING} was not found.`)
  t.equal(await fx.count(sql, 'portfolio_groups', groups), 1)
  t.equal(await jobsAdded(), before, 'the delete logic was never reached')
})

t.test('overlapping executions: every row deleted once, no 5xx', async (t) => {
  const a = await fx.assetCategories(sql, 30)
  const b = await fx.assetCategories(sql, 30)
  // three requests at once: two on the same selection, one overlapping half of it
  const selections = [a, a, [...a.slice(15), ...b]]
  const responses = await Promise.all(selections.map((uids) => execute('asset-category', uids)))
  const statuses = responses.map((r) => r.statusCode)
  t.comment(`statuses ${statuses.join(', ')}`)
  t.notOk(
    statuses.some((s) => s >= 500),
    `no 5xx: ${statuses.join(', ')}`,
  )
  const deleted = responses
    .filter((r) => r.statusCode === 200)
    .reduce((n, r) => n + body<{ deleted_count: number }>(r).deleted_count, 0)
  const remaining = await fx.count(sql, 'asset_categories', [...a, ...b])
  t.equal(deleted + remaining, 60, 'each row deleted at most once (the counts add up)')
  t.ok(statuses.includes(200), 'one of them deleted')
  for (const r of responses.filter((x) => x.statusCode !== 200)) {
    t.equal(r.statusCode, 409)
    t.match(body(r).detail, /Asset category [0-9a-f-]+ was not found\./)
  }
})

t.test('ops: metrics count jobs per state and time them; the dashboard serves offline', async (t) => {
  const metrics = await app.inject({ method: 'GET', url: '/metrics' })
  t.equal(metrics.statusCode, 200)
  t.match(metrics.headers['content-type'], /^text\/plain/)
  const text = metrics.body
  t.match(text, /bulk_delete_jobs\{state="completed"\} [1-9]/)
  t.match(text, /bulk_delete_job_duration_seconds_count\{resource="portfolios",state="completed",phase="run"\} 1/)
  t.match(text, /bulk_delete_executions_total\{resource="portfolios",outcome="blocked"\} 1/)
  t.match(
    text,
    /http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/portfolio\/bulk-delete\/",status_code="200"\} 1/,
  )
  t.match(text, /pricing_pool_utilization_ratio \d/)
  t.match(text, /pricing_pool_queue_size 0/)

  const page = await app.inject({ method: 'GET', url: '/ops/queues' })
  t.equal(page.statusCode, 200)
  t.match(page.headers['content-type'], /text\/html/)
  t.notMatch(page.body, /https?:\/\//, 'no external asset: the page works offline')
  const css = /href="(static\/css\/[^"]+)"/.exec(page.body)
  t.ok(css)
  t.equal(
    (await app.inject({ method: 'GET', url: `/ops/queues/${css?.[1]}` })).statusCode,
    200,
    'assets served locally',
  )
  const api = body<{ queues: { name: string; counts: Record<string, number> }[] }>(
    await app.inject({ method: 'GET', url: '/ops/queues/api/queues' }),
  )
  t.equal(api.queues[0].name, 'bulk-delete')
  t.ok(api.queues[0].counts.completed >= 3)
  const empty = await app.inject({ method: 'PUT', url: '/ops/queues/api/queues/bulk-delete/empty' })
  t.ok(empty.statusCode >= 400, `read-only dashboard refuses to empty the queue (${empty.statusCode})`)
  for (const [method, url] of [
    ['PATCH', '/ops/queues/api/queues/bulk-delete/1/update-data'],
    ['PUT', '/ops/queues/api/queues/bulk-delete/concurrency'],
    ['POST', '/ops/queues/api/queues/bulk-delete/add'],
  ] as const) {
    const r = await app.inject({ method, url, payload: {} })
    t.equal(r.statusCode, 405, `${method} ${url} refused`)
    t.same(body(r), { detail: 'The queue dashboard is read-only.' })
  }
  t.ok((await app.bulkQueue.queue.getJobCounts('completed')).completed >= 3)
})
