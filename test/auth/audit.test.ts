/**
 * The audit trail: every write through the API (done, refused by validation, refused for its scope) and through the
 * loader is recorded with its subject, operationId, status and what it touched; GET /api/v1/audit/ (admin) lists them
 * newest first and filters by subject, operation and time; nothing secret is recorded.
 */
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { build, body } from '../helpers/app.ts'
import { createKey } from '../../src/auth/api-keys.ts'
import type { AuditRow } from '../../src/audit/repository.ts'

const LOAD = fileURLToPath(new URL('../../src/db/load-cli.ts', import.meta.url))
const FIRST = fileURLToPath(new URL('../../examples/first-bundle.json', import.meta.url))

type Event = AuditRow

t.test('writes through the API and the loader are recorded with their subject', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo', env: { AUTH_MODE: 'api-keys' } })
  const writer = (await createKey(db.sql, 'feed', ['write'])).key
  const reader = (await createKey(db.sql, 'desk', ['read'])).key
  const admin = (await createKey(db.sql, 'ops', ['admin'])).key
  const as = (key: string) => ({ authorization: `Bearer ${key}` })
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/asset-category/',
    headers: as(writer),
    payload: { display_name: 'Audited', description: 'made by the feed' },
  })
  t.equal(created.statusCode, 200, created.body)
  const uid = body<{ uid: string }>(created).uid
  const refused = await app.inject({
    method: 'POST',
    url: '/api/v1/asset-category/',
    headers: as(writer),
    payload: { colour: 'red' },
  })
  t.equal(refused.statusCode, 422)
  const forbidden = await app.inject({
    method: 'DELETE',
    url: `/api/v1/asset-category/${uid}/`,
    headers: as(reader),
  })
  t.equal(forbidden.statusCode, 403)
  t.equal((await app.inject({ url: '/api/v1/asset/', headers: as(reader) })).statusCode, 200, 'a read is not audited')

  const load = spawnSync(process.execPath, ['--import=tsx', LOAD, FIRST], {
    env: { ...process.env, DATABASE_URL: db.url },
    encoding: 'utf8',
    timeout: 120_000,
  })
  t.equal(load.status, 0, load.stderr)

  const list = async (query = '') => {
    const res = await app.inject({ url: `/api/v1/audit/${query}`, headers: as(admin) })
    t.equal(res.statusCode, 200, res.body)
    return body<{ items: Event[]; pageInfo: { totalItems: number } }>(res)
  }
  const all = await list()
  t.same(
    all.items.map((e) => [e.subject, e.operation_id, e.status]),
    [
      ['loader', 'loadBundle', 200],
      ['desk', 'deleteAssetCategory', 403],
      ['feed', 'createAssetCategory', 422],
      ['feed', 'createAssetCategory', 200],
    ],
    'newest first, refused writes included, reads left out',
  )
  t.match(all.items[3], { method: 'POST', path: '/api/v1/asset-category/', touched: { uid } })
  t.match(all.items[2].touched, { route: '/api/v1/asset-category/' })
  t.match(all.items[1].touched, { params: { uid } })
  t.ok(Object.keys((all.items[0].touched.counts ?? {}) as object).length > 0, 'the loader says what it wrote')
  t.same(
    (await list('?subject=feed')).items.map((e) => e.status),
    [422, 200],
  )
  t.equal((await list('?operation=loadBundle')).items.length, 1)
  t.equal((await list(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).items.length, 0)
  t.equal((await list('?limit=1')).pageInfo.totalItems, 4)
  const text = JSON.stringify(all)
  for (const secret of [writer, reader, admin, 'made by the feed']) t.notOk(text.includes(secret), 'nothing secret')
  t.equal((await app.inject({ url: '/api/v1/audit/', headers: as(writer) })).statusCode, 403, 'admin only')
})
