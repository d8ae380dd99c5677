/**
 * Seeded request generation from the service's own OpenAPI document: valid values from each JSON Schema
 * (starting from the documented examples, which name real demo rows), and hostile ones (wrong types, unknown
 * fields, NUL, huge numbers, deep nesting, long strings, odd unicode, bad path parameters and date-times).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Schema = { [key: string]: unknown }

/** mulberry32: small, fast and deterministic for a seed. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('')
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`
    },
  }
}
export type Rng = ReturnType<typeof rng>

/** Date-times at the edges of the rule in src/http/date-time.ts (accepted or refused, never a 5xx). */
export const EDGE_DATE_TIMES = [
  '2026-11-20T00:00:00Z',
  '2026-11-20',
  '2026-11-20T00:00:00',
  '2026-11-20T12:30:00+14:00',
  '2026-11-20T12:30:00-12:00',
  '2026-06-30T23:59:60Z',
  '2026-11-20T00:00:00+14',
  '2026-11-20T00:00:00+1400',
  '2026-11-20T24:00:00Z',
  '2026-02-29',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1901-01-01T00:00:00Z',
  '2199-12-31T23:59:59.999999999Z',
  '1900-12-31T23:00:00-01:00',
  '2199-12-31T23:30:00-01:00',
  '2026-11-20T00:00:00.123456789Z',
  '2026-11-20t00:00:00z',
  '2026-11-20 00:00:00Z',
  '20261120',
  'now',
  '',
  '+002026-11-20T00:00:00Z',
  '2026-13-01',
  '1e400',
]

export const EDGE_DATES = [
  '2026-11-20',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '1901-01-01',
  '2199-12-31',
  '26-11-20',
  '',
]

const ODD_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x'.repeat(10_000),
  'é'.repeat(3_000),
  '😀'.repeat(300),
  '\u202eRTL\u202c',
  'e\u0301\u0301\u0301',
  '\u200b\u200d\ufeff',
  '\u2028\u2029',
  '\ud800',
  '\udfff lone',
  "' OR '1'='1",
  '1; DROP TABLE assets --',
  '../../etc/passwd',
  '%00%ff',
  '<script>alert(1)</script>',
  '   ',
  '\t\n\r',
  'NaN',
  '-0',
  '${jndi:x}',
  '{{7*7}}',
  'ﬀ',
  'İ',
  '\\',
  '"',
  '1e400',
  '9'.repeat(400),
  '1e-400',
  '0x1F',
  '1_000',
]

export const HUGE_NUMBERS = [
  1e308,
  -1e308,
  9007199254740993,
  -9007199254740993,
  2 ** 31,
  -(2 ** 31) - 1,
  1e-320,
  0.1 + 0.2,
  123456789.123456789,
]

export const BAD_PATH_SEGMENTS = [
  'not-a-uuid',
  '0',
  '-1',
  '%00',
  'a%00b',
  '%ZZ',
  '%',
  '%2e%2e',
  '..',
  '%2F',
  'x'.repeat(300),
  '%F0%9F%98%80',
  '%C0%AF',
  '%ED%A0%80',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'D4037E5C-6E60-5619-B1CD-8B02CCCB5792',
  '%20',
  "'",
  'null',
  '1e400',
]

export const BAD_QUERY_VALUES = [
  '1e400',
  '99999999999999999999',
  '-1',
  'NaN',
  'Infinity',
  '',
  '%00',
  '%ZZ',
  'true',
  '[]',
  'x'.repeat(5000),
  '2026-06-30T23:59:60Z',
  '%ED%A0%80',
]

export class SchemaWalker {
  constructor(private readonly components: Record<string, Schema>) {}

  resolve(schema: Schema): Schema {
    let s = schema
    for (let i = 0; i < 20 && typeof s.$ref === 'string'; i++)
      s = this.components[(s.$ref as string).split('/').pop() as string] ?? {}
    return s
  }

  /** A value the schema accepts (best effort: formats, bounds, enums, required fields). */
  valid(schema: Schema, r: Rng, depth = 0): Json {
    const s = this.resolve(schema)
    if ('const' in s) return s.const as Json
    if (Array.isArray(s.enum)) return r.pick(s.enum as Json[])
    if (depth < 6 && 'example' in s && r.chance(0.5)) return structuredClone(s.example as Json)
    if (Array.isArray(s.examples) && s.examples.length && r.chance(0.5))
      return structuredClone(r.pick(s.examples as Json[]))
    if ('default' in s && r.chance(0.3)) return structuredClone(s.default as Json)
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined
    if (branches?.length) return this.valid(r.pick(branches), r, depth + 1)
    if (Array.isArray(s.allOf) && s.allOf.length) return this.valid(s.allOf[0] as Schema, r, depth + 1)
    const type = Array.isArray(s.type) ? r.pick(s.type as string[]) : (s.type as string | undefined)
    switch (type) {
      case 'null':
        return null
      case 'boolean':
        return r.chance(0.5)
      case 'integer':
      case 'number': {
        const lo =
          typeof s.minimum === 'number'
            ? s.minimum
            : typeof s.exclusiveMinimum === 'number'
              ? s.exclusiveMinimum + 1
              : -1000
        const hi =
          typeof s.maximum === 'number'
            ? s.maximum
            : typeof s.exclusiveMaximum === 'number'
              ? s.exclusiveMaximum - 1
              : lo + 2000
        const x = lo + r.next() * Math.min(hi - lo, 1e6)
        return type === 'integer' ? Math.round(Math.min(Math.max(x, lo), hi)) : x
      }
      case 'string':
        return this.validString(s, r)
      case 'array': {
        const min = typeof s.minItems === 'number' ? s.minItems : 0
        const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, min + 3)
        return Array.from({ length: r.int(min, max) }, () => this.valid((s.items as Schema) ?? {}, r, depth + 1))
      }
      case 'object':
      default: {
        if (depth > 8) return {}
        const props = (s.properties ?? {}) as Record<string, Schema>
        const required = new Set((s.required ?? []) as string[])
        const out: { [key: string]: Json } = {}
        for (const [k, p] of Object.entries(props))
          if (required.has(k) || r.chance(0.4)) out[k] = this.valid(p, r, depth + 1)
        if (!s.properties && s.additionalProperties !== false && r.chance(0.5))
          out[`k${r.int(0, 9)}`] = r.pick([1, 'v', true, null, { nested: [1, 2] }])
        return out
      }
    }
  }

  private validString(s: Schema, r: Rng): string {
    if (s.format === 'date-time') return r.pick(EDGE_DATE_TIMES.slice(0, 5))
    if (s.format === 'date') return r.pick(['2026-11-20', '2027-01-04', '2025-12-31'])
    if (s.format === 'uuid') return r.uuid()
    const min = typeof s.minLength === 'number' ? s.minLength : 1
    const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 24, min + 24)
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789_-'
    return Array.from({ length: r.int(min, Math.max(min, max)) }, () => r.pick([...alphabet])).join('')
  }

  /** A value the schema refuses, or a valid one made hostile at the edges of what a parser or database takes. */
  hostile(schema: Schema, r: Rng): Json {
    const s = this.resolve(schema)
    const formatted = s.format ?? (this.branchFormat(s) as string | undefined)
    if (formatted === 'date-time' && r.chance(0.7)) return r.pick(EDGE_DATE_TIMES)
    if (formatted === 'date' && r.chance(0.7)) return r.pick(EDGE_DATES)
    return r.pick<() => Json>([
      () => r.pick(ODD_STRINGS),
      () => r.pick(HUGE_NUMBERS),
      () => r.pick<Json>([true, null, [], {}, [null], { $ne: 1 }, '', 0, -1]),
      () => nest(r.int(10, 70)),
      () => ({ ...(this.valid(s, r) as object), __unknown_field: 1 }),
      () => Array.from({ length: r.int(50, 500) }, () => r.pick(ODD_STRINGS.slice(0, 12))),
    ])()
  }

  private branchFormat(s: Schema): unknown {
    const branches = (s.anyOf ?? s.oneOf) as Schema[] | undefined
    return branches?.map((b) => this.resolve(b).format).find(Boolean)
  }
}

/** An object nested `depth` levels deep. */
export function nest(depth: number): Json {
  let v: Json = 1
  for (let i = 0; i < depth; i++) v = { a: v }
  return v
}

/** Every string and number leaf path of a JSON value, so a mutation can target one. */
export function leafPaths(
  value: Json,
  path: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (value !== null && typeof value === 'object') {
    const entries: [string | number, Json][] = Array.isArray(value)
      ? value.map((v, i) => [i, v])
      : Object.entries(value)
    if (path.length > 0) out.push(path)
    for (const [k, v] of entries) leafPaths(v, [...path, k], out)
  } else if (path.length > 0) out.push(path)
  return out
}

export function setAt(root: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value
  let node = root as { [key: string]: Json }
  for (const k of path.slice(0, -1)) node = node[k as string] as { [key: string]: Json }
  node[path[path.length - 1] as string] = value
  return root
}
