/**
 * Who may call what (AUTH_MODE api-keys or jwt): `read` every GET under /api/v1 and every read-only calculation (the
 * routes marked `config.readOnly`: pricer operations, batch, account risk, risk routes, bulk-delete preflights),
 * `write` every other /api/v1 route (the mutations), `admin` /metrics, the queue dashboard and the audit trail.
 * Public: the rest (/health, /ready, the connection contract, /openapi.json, /docs, /redoc, the explorer's files).
 * A scope includes those below it: admin ⊇ write ⊇ read.
 */
export const SCOPES = ['read', 'write', 'admin'] as const
export type Scope = (typeof SCOPES)[number]
export type RouteScope = Scope | 'public'

export function routeScope(method: string, path: string, readOnly: boolean): RouteScope {
  if (path === '/metrics' || path === '/ops' || path.startsWith('/ops/') || path.startsWith('/api/v1/audit'))
    return 'admin'
  if (!path.startsWith('/api/v1/')) return 'public'
  if (method === 'GET' || method === 'HEAD' || readOnly) return 'read'
  return 'write'
}

/** Whether granted scopes allow a route's scope. */
export function allows(granted: readonly string[], needed: Scope): boolean {
  const rank = (s: string) => SCOPES.indexOf(s as Scope)
  return granted.some((g) => rank(g) >= rank(needed))
}
