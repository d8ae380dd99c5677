/**
 * Unknown query parameters are treated the same way on every API route: refused with a 422 naming the
 * parameter (discovery routes: 400 with the peer's wording), never silently ignored. Sent to every documented
 * operation's example request, so no route is left out; nothing is written (validation runs first).
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'
import { documentedOperations } from '../helpers/examples.ts'
import { exampleRequest } from '../../src/api-docs/examples.ts'

t.test('every route refuses a query parameter it does not declare', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const operations = documentedOperations(app)
  t.ok(operations.length > 130)
  for (const op of operations) {
    const example = exampleRequest(op.operationId, op.path)
    const query = new URLSearchParams({
      ...Object.fromEntries(Object.entries(example.query ?? {}).map(([k, v]) => [k, String(v)])),
      colour: 'red',
    })
    const url = `${op.path.replace(/\{(\w+)\}/g, (_m, name: string) => example.params[name])}?${query}`
    const res = await app.inject({
      method: op.method as 'GET',
      url,
      ...(example.body !== undefined ? { payload: example.body as object } : {}),
    })
    const discovery = op.operationId.startsWith('discover')
    t.equal(res.statusCode, discovery ? 400 : 422, `${op.operationId}: ${op.method} ${url}`)
    t.match(
      body<{ detail: string }>(res).detail,
      discovery ? /Unsupported resource discovery query keys: colour/ : /query: unknown field 'colour'/,
    )
  }
  t.equal((await app.inject({ url: '/api/v1/asset/?limit=5' })).statusCode, 200, 'declared parameters still work')
  t.equal((await app.inject({ url: '/explorer?asset=x' })).statusCode, 200, 'pages are not API routes')
})
