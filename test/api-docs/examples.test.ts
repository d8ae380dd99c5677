/**
 * Every example request of the OpenAPI document works against the demo (what `npm start` serves). Here: the
 * reads and calculations, on one copy of the demo; examples-writes.test.ts sends the writes.
 */
import t from 'tap'
import { build } from '../helpers/app.ts'
import { documentedOperations, readOnly, sendExample } from '../helpers/examples.ts'
import { PRICER_OPERATIONS } from '../../src/pricing/operations.ts'

const PRICER_IDS = PRICER_OPERATIONS.flatMap((op) => [op.operationId, ...(op.frame ? [op.frame.operationId] : [])])
const ok = (status: number) => status >= 200 && status < 300

t.test("each pricer operation's example answers 200", async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const operations = documentedOperations(app).filter((op) => PRICER_IDS.includes(op.operationId))
  t.equal(operations.length, 12, 'the twelve pricer routes')
  for (const op of operations) {
    const answer = await sendExample(app, op)
    t.equal(
      answer.status,
      200,
      `${op.operationId}: POST ${answer.url} ${JSON.stringify(answer.example.body)} → ` +
        `${JSON.stringify(answer.body).slice(0, 200)}`,
    )
  }
})

t.test('every other read example answers 2xx', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const operations = documentedOperations(app).filter((op) => readOnly(op) && !PRICER_IDS.includes(op.operationId))
  t.ok(operations.length > 60, `${operations.length} operations`)
  for (const op of operations) {
    const answer = await sendExample(app, op)
    t.ok(
      ok(answer.status),
      `${op.operationId}: ${op.method} ${answer.url} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
    )
  }
})
