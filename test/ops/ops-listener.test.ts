/**
 * OPS_PORT: /metrics and /ops/queues are served only by the ops listener, which serves nothing of the API but
 * /health and /ready; without OPS_PORT (the default) the API listener serves them.
 */
import t from 'tap'
import type { Server } from 'node:http'
import { build } from '../helpers/app.ts'
import { createOpsServer } from '../../src/http/ops-surface.ts'

const API_PORT = 15440
const OPS_PORT = 15441

const status = (url: string) => fetch(url).then((r) => r.status)

t.test('with OPS_PORT: ops pages on their own listener only', async (t) => {
  const { app } = await build(t, { env: { OPS_PORT: String(OPS_PORT) } })
  await app.listen({ host: '127.0.0.1', port: API_PORT })
  const ops: Server = createOpsServer(app)
  await new Promise<void>((resolve) => ops.listen(OPS_PORT, '127.0.0.1', resolve))
  t.teardown(() => new Promise((resolve) => ops.close(resolve)))
  const api = `http://127.0.0.1:${API_PORT}`
  const opsBase = `http://127.0.0.1:${OPS_PORT}`

  t.equal(await status(`${api}/metrics`), 404, 'API listener: no /metrics')
  t.equal(await status(`${api}/ops/queues`), 404, 'API listener: no dashboard')
  t.equal(await status(`${api}/ops/queues/api/queues`), 404)
  t.equal(await status(`${api}/health`), 200)
  t.equal(await status(`${api}/api/v1/asset/`), 200)

  const metrics = await fetch(`${opsBase}/metrics`)
  t.equal(metrics.status, 200, 'ops listener: /metrics')
  t.match(await metrics.text(), /http_request_duration_seconds/)
  t.equal(await status(`${opsBase}/ops/queues`), 200, 'ops listener: dashboard')
  t.equal(await status(`${opsBase}/health`), 200, 'ops listener: probes')
  t.equal(await status(`${opsBase}/ready`), 200)
  t.equal(await status(`${opsBase}/api/v1/asset/`), 404, 'ops listener: no API')
  t.equal(await status(`${opsBase}/openapi.json`), 404)
})

t.test('without OPS_PORT: the API listener serves the ops pages', async (t) => {
  const { app } = await build(t)
  t.equal(app.config.opsPort, null)
  t.equal((await app.inject({ method: 'GET', url: '/metrics' })).statusCode, 200)
  t.equal((await app.inject({ method: 'GET', url: '/ops/queues' })).statusCode, 200)
})
