/**
 * Every write example of the OpenAPI document works against the demo (what `npm start` serves). The writes run
 * one after another on one copy of the demo; one that fails there (an earlier example deleted or changed what it
 * names) must then work alone on a fresh copy. The examples name only demo rows, so none depends on another.
 */
import t from 'tap'
import { buildBulk } from '../bulk/app.ts'
import { documentedOperations, readOnly, sendExample, sendOnFreshDemo } from '../helpers/examples.ts'

const ok = (status: number) => status >= 200 && status < 300

t.test('every write example answers 2xx against the demo', async (t) => {
  const { app } = await buildBulk(t, { bundle: 'demo' })
  const writes = documentedOperations(app).filter((op) => !readOnly(op))
  t.ok(writes.length > 40, `${writes.length} writes`)
  let alone = 0
  for (const op of writes) {
    let answer = await sendExample(app, op)
    if (!ok(answer.status)) {
      alone++
      answer = await sendOnFreshDemo(op)
    }
    t.ok(
      ok(answer.status),
      `${op.operationId}: ${op.method} ${answer.url} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
    )
  }
  t.ok(alone < writes.length / 4, `${alone} writes needed a fresh demo`)
})
