/** openapi.url of the connection contract follows X-Forwarded-Proto/Host only when TRUST_PROXY allows it. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const CONTRACT = '/.well-known/workspace/connection-contract'
const FORWARDED = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.com' }
const urlOf = async (app: Awaited<ReturnType<typeof build>>['app'], headers: Record<string, string>) =>
  body<{ openapi: { url: string } }>(await app.inject({ url: CONTRACT, headers })).openapi.url

t.test('without a trusted proxy the forwarded headers are ignored', async (t) => {
  const { app } = await build(t)
  t.equal(await urlOf(app, { host: 'service.internal:8000' }), 'http://service.internal:8000/openapi.json')
  t.equal(
    await urlOf(app, { host: 'service.internal:8000', ...FORWARDED }),
    'http://service.internal:8000/openapi.json',
    'a client cannot redirect it',
  )
})

t.test('behind a trusted proxy the contract names the public URL', async (t) => {
  const { app } = await build(t, { env: { TRUST_PROXY: 'true' } })
  t.equal(await urlOf(app, { host: 'service.internal:8000', ...FORWARDED }), 'https://api.example.com/openapi.json')
  t.equal(
    await urlOf(app, { host: 'service.internal:8000' }),
    'http://service.internal:8000/openapi.json',
    'no headers, the request itself',
  )
})

t.test('a proxy trusted by address', async (t) => {
  const { app } = await build(t, { env: { TRUST_PROXY: '127.0.0.1' } })
  // app.inject comes from 127.0.0.1
  t.equal(await urlOf(app, { host: 'service.internal:8000', ...FORWARDED }), 'https://api.example.com/openapi.json')
  const { app: other } = await build(t, { env: { TRUST_PROXY: '10.0.0.0/8' } })
  t.equal(
    await urlOf(other, { host: 'service.internal:8000', ...FORWARDED }),
    'http://service.internal:8000/openapi.json',
    'from an untrusted address',
  )
})
