/** Bulk work second to pricing: the job's PostgreSQL backend is reniced while within its budget, local only. */
import t from 'tap'
import { getPriority } from 'node:os'
import { createTestDatabase } from '../helpers/database.ts'
import { isLocalDatabase, lowerBackendPriority } from '../../src/bulk/priority.ts'

const db = await createTestDatabase(t)
const silent = { info() {}, warn() {} }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('only a database on this host is local', async (t) => {
  for (const url of ['postgres://postgres@127.0.0.1:5432/x', 'postgres://u@localhost/x', 'postgres://u@[::1]:5432/x', 'postgres://u@pg/x?host=/var/run/postgresql']) t.ok(isLocalDatabase(url), url)
  for (const url of ['postgres://u@db.internal:5432/x', 'postgres://u@10.0.0.5/x', 'not a url']) t.notOk(isLocalDatabase(url), url)
})

// renicing a backend owned by the postgres user needs root (CAP_SYS_NICE); the shared cluster runs on this host
const canRenice = process.getuid?.() === 0 && isLocalDatabase(db.url)

t.test('the backend runs niced within the budget, then at normal priority', { skip: canRenice ? false : 'needs root and a local PostgreSQL' }, async (t) => {
  await db.sql.begin(async (tx) => {
    const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`
    const restore = await lowerBackendPriority(tx, { nice: 7, budgetMs: 150, databaseUrl: db.url, log: silent })
    t.equal(getPriority(pid), 7, 'lowered for the job')
    await sleep(400)
    t.equal(getPriority(pid), 0, 'restored once the budget is spent')
    restore()
  })
  await db.sql.begin(async (tx) => {
    const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`
    const restore = await lowerBackendPriority(tx, { nice: 12, budgetMs: 60_000, databaseUrl: db.url, log: silent })
    t.equal(getPriority(pid), 12)
    restore()
    t.equal(getPriority(pid), 0, 'restored when the job ends')
  })
})

t.test('a remote database or nice 0 leaves the backend alone', async (t) => {
  await db.sql.begin(async (tx) => {
    const [{ pid }] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`
    const before = canRenice ? getPriority(pid) : 0
    ;(await lowerBackendPriority(tx, { nice: 9, budgetMs: 1000, databaseUrl: 'postgres://u@db.internal/x', log: silent }))()
    ;(await lowerBackendPriority(tx, { nice: 0, budgetMs: 1000, databaseUrl: db.url, log: silent }))()
    if (canRenice) t.equal(getPriority(pid), before)
    else t.pass('nothing to observe without root')
  })
})
