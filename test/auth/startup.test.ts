/**
 * Off only where it is safe: on a non-loopback HOST the server refuses to start with AUTH_MODE none unless
 * ALLOW_UNAUTHENTICATED=true, with one line naming both variables; a bad AUTH_MODE or a jwt mode without its
 * settings is refused by the configuration.
 */
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../../src/config.ts'
import { isLoopback } from '../../src/auth/loopback.ts'

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url))

t.test('a non-loopback HOST without authentication does not start', async (t) => {
  const run = spawnSync(process.execPath, ['--import=tsx', SERVER], {
    env: { ...process.env, HOST: '0.0.0.0', PORT: '0', AUTH_MODE: 'none', ALLOW_UNAUTHENTICATED: 'false' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  t.equal(run.status, 1)
  const lines = run.stderr.trim().split('\n')
  t.equal(lines.length, 1, 'one line')
  t.match(lines[0], /AUTH_MODE/)
  t.match(lines[0], /ALLOW_UNAUTHENTICATED=true/)
})

t.test('loopback hosts and the auth settings', async (t) => {
  for (const h of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.1.1']) t.ok(isLoopback(h), h)
  for (const h of ['0.0.0.0', '::', '10.0.0.5', 'api.example.com']) t.notOk(isLoopback(h), h)
  t.equal(loadConfig({}).authMode, 'none')
  t.throws(() => loadConfig({ AUTH_MODE: 'basic' }), /AUTH_MODE must be one of none, api-keys, jwt/)
  t.throws(() => loadConfig({ AUTH_MODE: 'jwt' }), /AUTH_MODE=jwt needs AUTH_JWKS_URL/)
  t.throws(
    () => loadConfig({ AUTH_MODE: 'jwt', AUTH_JWKS_URL: 'https://i/jwks.json', AUTH_ISSUER: 'i' }),
    /needs AUTH_AUDIENCE/,
  )
  t.match(
    loadConfig({ AUTH_MODE: 'jwt', AUTH_JWKS_URL: 'https://i/jwks.json', AUTH_ISSUER: 'i', AUTH_AUDIENCE: 'a' }),
    { authMode: 'jwt', authJwksUrl: 'https://i/jwks.json', authIssuer: 'i', authAudience: 'a' },
  )
})
