/**
 * A serving pool's turns (src/db/admission.ts): at most `max` queries and transactions at once, a bounded wait for
 * the rest, and a query refused in the queue never runs. Against a real PostgreSQL, and against a port that refuses
 * connections (an outage).
 */
import t from 'tap'
import { QueueTimeoutError, Turns } from '../../src/db/admission.ts'
import { createSql } from '../../src/db/client.ts'
import { createTestDatabase } from '../helpers/database.ts'
import { TcpProxy, freePort } from '../helpers/tcp-proxy.ts'

t.test('turns: at most the permits at once, first come first served, a bounded wait', async (t) => {
  const turns = new Turns(2, 50)
  await turns.take()
  await turns.take()
  const order: string[] = []
  const third = turns.take().then(() => order.push('third'))
  const fourth = turns.take().then(() => order.push('fourth'))
  t.equal(turns.queued, 2)
  turns.give()
  turns.give()
  await Promise.all([third, fourth])
  t.same(order, ['third', 'fourth'])
  const late = await turns.take().then(
    () => null,
    (error: unknown) => error,
  )
  t.ok(late instanceof QueueTimeoutError, 'refused past the wait')
  t.equal((late as QueueTimeoutError).code, 'DB_QUEUE_TIMEOUT')
  t.equal(turns.queued, 0, 'the refused waiter left the queue')
})

t.test('a serving pool', async (t) => {
  const db = await createTestDatabase(t)
  await db.sql`create table marks (id int)`
  const sql = createSql(db.url, { max: 2, timeouts: { connectMs: 300, statementMs: 5_000 } })
  t.teardown(() => sql.end({ timeout: 1 }))

  t.test('fragments, helpers, values() and transactions work as they do on postgres.js', async (t) => {
    const [row] = await sql<{ x: number }[]>`select ${sql`1`}::int + ${2}::int as x`
    t.equal(row.x, 3)
    const [values] = await sql`select 1 as a, 2 as b`.values()
    t.same(values, [1, 2])
    const rows = await sql<{ id: number }[]>`select * from ${sql('marks')} where id = any(${[1, 2]})`
    t.same([...rows], [])
    const inTx = await sql.begin(async (tx) => (await tx<{ n: number }[]>`select 7 as n`)[0].n)
    t.equal(inTx, 7)
    const [unsafe] = await sql.unsafe<{ y: number }[]>('select 5 as y')
    t.equal(unsafe.y, 5)
    await t.rejects(sql`select nonsense_column from marks`, { code: '42703' }, 'a query error passes through')
  })

  t.test('a query that gets no turn in time fails with DB_QUEUE_TIMEOUT and never runs', async (t) => {
    // both connections busy past the wait
    // (a query starts when it is awaited: then() starts it here)
    const busy = [sql`select pg_sleep(1.5)`.then(() => 1), sql.begin((tx) => tx`select pg_sleep(1.5)`)]
    const refused = sql`insert into marks values (1)`.then(
      () => null,
      (error: unknown) => error,
    )
    const error = await refused
    t.ok(error instanceof QueueTimeoutError, 'refused')
    await Promise.all(busy)
    // given a moment in which a query left in postgres.js's queue would have run
    await sql`select 1`
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from marks`
    t.equal(n, 0, 'the refused insert never reached the database')
  })
})

t.test('an outage: every query is answered within the connect bound, however many wait', async (t) => {
  const port = await freePort()
  // a partition: connections accepted, nothing answered; each connection attempt lasts the connect timeout
  const proxy = await new TcpProxy(port, { host: '127.0.0.1', port: 5432 }).start()
  await proxy.set('blackhole')
  t.teardown(() => proxy.close())
  const sql = createSql(`postgres://postgres@127.0.0.1:${port}/postgres`, {
    max: 2,
    timeouts: { connectMs: 500, statementMs: 2_000 },
  })
  t.teardown(() => sql.end({ timeout: 0 }))
  const started = Date.now()
  const outcomes = await Promise.all(
    Array.from({ length: 40 }, () =>
      sql`select 1`.then(
        () => 'answered',
        (error: { code?: string }) => error.code ?? 'error',
      ),
    ),
  )
  t.notOk(outcomes.includes('answered'))
  t.ok(outcomes.includes('DB_QUEUE_TIMEOUT'), 'those behind the first ones were refused in the queue')
  // unbounded, postgres.js serves one queued query per connection attempt: 40 queries, 20 attempts of 500 ms each
  t.ok(Date.now() - started < 5_000, `all answered in ${Date.now() - started} ms`)
})
