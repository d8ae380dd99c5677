/** Retried transactions and multi-row chunks (src/db/transaction.ts), without a database. */
import t from 'tap'
import type { Sql } from '../../src/db/client.ts'
import {
  MAX_BIND_PARAMETERS,
  TRANSACTION_ATTEMPTS,
  chunksForParameters,
  retryingTransaction,
  rowChunks,
} from '../../src/db/transaction.ts'

/** An Sql whose begin() fails with the given codes, in turn, then runs the work. */
function failingSql(codes: string[]) {
  let calls = 0
  const sql = {
    begin: async (work: (tx: unknown) => Promise<unknown>) => {
      const code = codes[calls++]
      if (code) throw Object.assign(new Error(`failure ${code}`), { code })
      return work({})
    },
  }
  return { sql: sql as unknown as Sql, calls: () => calls }
}

t.test('deadlocks and serialization failures are retried, whole, a bounded number of times', async (t) => {
  const twice = failingSql(['40P01', '40001'])
  t.equal(await retryingTransaction(twice.sql, async () => 'done'), 'done')
  t.equal(twice.calls(), 3)

  const always = failingSql(Array.from({ length: 20 }, () => '40P01'))
  await t.rejects(
    retryingTransaction(always.sql, async () => 'never'),
    { code: '40P01' },
  )
  t.equal(always.calls(), TRANSACTION_ATTEMPTS, 'then the failure goes to the error handler (503)')

  const other = failingSql(['23505'])
  await t.rejects(
    retryingTransaction(other.sql, async () => 'never'),
    { code: '23505' },
  )
  t.equal(other.calls(), 1, 'anything else is not retried')
})

t.test('chunks keep every statement under the bind-parameter limit', async (t) => {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ a: i, b: i, c: i, d: i, e: i, f: i, g: i, h: i, i }))
  const chunks = rowChunks(rows)
  t.ok(chunks.every((c) => c.length * 9 <= MAX_BIND_PARAMETERS))
  t.ok(MAX_BIND_PARAMETERS < 65_534, "below postgres.js's own limit")
  t.same(chunks.flat(), rows, 'every row once, in order')
  t.same(rowChunks([]), [])
  t.same(chunksForParameters([1, 2, 3], 100_000), [[1], [2], [3]], 'a row wider than the limit goes alone')
})
