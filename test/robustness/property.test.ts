/**
 * A bounded property test over every operation of /openapi.json: a few thousand seeded requests, valid and
 * hostile, against the demo data. Whatever the input, the service answers within a bound, never with a 5xx, and
 * no body carries a stack trace, SQL, a file path or a connection string.
 * PROPERTY_SEED, PROPERTY_PER_OPERATION and PROPERTY_CONCURRENCY widen the search locally (PROPERTY_LOG_LEVEL=error
 * shows the causes); the defaults keep the file under a minute.
 */
import t from 'tap'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildBulk } from '../bulk/app.ts'
import {
  BAD_PATH_SEGMENTS,
  BAD_QUERY_VALUES,
  EDGE_DATE_TIMES,
  HUGE_NUMBERS,
  SchemaWalker,
  leafPaths,
  nest,
  rng,
  setAt,
  type Json,
  type Rng,
  type Schema,
} from './generate.ts'

const SEED = Number(process.env.PROPERTY_SEED ?? 1124)
const PER_OPERATION = Number(process.env.PROPERTY_PER_OPERATION ?? 16)
const VALID_SHARE = 0.25
const CONCURRENCY = Number(process.env.PROPERTY_CONCURRENCY ?? 4)
const ANSWER_WITHIN_MS = 15_000
/** A refusal lists a bounded number of failures, whatever the input. */
const MAX_REFUSAL_BYTES = 16_384

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required?: boolean
  schema: Schema
  example?: Json
}
interface Operation {
  method: string
  path: string
  operationId: string
  parameters: Parameter[]
  body?: { schema: Schema; example?: Json }
}

/** What a body must never show: frames of a stack, SQL the server ran or refused, paths and connection strings. */
const LEAKS: [string, RegExp][] = [
  ['stack trace', /\bat (?:async )?[\w$.<>[\] ]+ \([^)]*:\d+:\d+\)|\n\s+at \S|[\w/.-]+\.(?:ts|js|mjs|cjs):\d+:\d+/],
  [
    'SQL',
    /\b(?:insert into|delete from|select .{1,80} from \w|update \w+ set|syntax error at or near|violates (?:unique|foreign key|check|not-null) constraint|duplicate key value|relation "\w+"|column "\w+"|SQLSTATE)\b/i,
  ],
  ['file path', /(?:\/work\/|\/home\/|node_modules|\/src\/\w+\/[\w-]+\.ts|file:\/\/)/],
  ['connection string', /(?:postgres(?:ql)?|redis):\/\/|ECONNREFUSED|127\.0\.0\.1:(?:5432|6379)/i],
]

function operations(doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string
        parameters?: Parameter[]
        requestBody?: { content: Record<string, { schema: Schema; example?: Json }> }
      }
    >
  >
}): Operation[] {
  const ops: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = op.requestBody?.content['application/json']
      ops.push({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        parameters: op.parameters ?? [],
        body: content && { schema: content.schema, example: content.example },
      })
    }
  }
  return ops
}

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless client would send. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`
  }
}

/** Edge values put, one at a time, at every leaf of each documented example body. */
const BODY_EDGES: Json[] = [
  1e308,
  -1e308,
  0,
  -1,
  0.5,
  2 ** 53 + 1,
  '',
  'a\u0000',
  '1e400',
  '2026-06-30T23:59:60Z',
  '9999-12-31T23:59:59Z',
  null,
  [],
  {},
  Array.from({ length: 3000 }, () => 1),
]
/** Edge values for every declared query parameter. */
const QUERY_EDGES = [
  '-1',
  '0',
  '1e400',
  '99999999999999999999',
  '',
  'x'.repeat(300),
  '0001-01-01',
  '2026-11-20T00:00:00+1400',
  'true',
  '%00',
]

/** One request per (leaf of the example body × edge value) and (query parameter × edge value), deterministic. */
function sweep(op: Operation): InjectOptions[] {
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encode(String(op.parameters.find((p) => p.name === name)?.example ?? 'x')),
  )
  const out: InjectOptions[] = []
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    for (const v of QUERY_EDGES)
      out.push({ method: op.method as InjectOptions['method'], url: `${url}?${p.name}=${v === '%00' ? v : encode(v)}` })
  }
  if (op.body?.example !== undefined) {
    for (const path of leafPaths(op.body.example)) {
      for (const v of BODY_EDGES) {
        const payload = setAt(structuredClone(op.body.example), path, v)
        out.push({
          method: op.method as InjectOptions['method'],
          url,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
      }
    }
  }
  return out
}

/** Writes that remove rows run last, so the other operations meet the demo data whole. */
const destructive = (o: Operation) => o.method === 'DELETE' || o.path.includes('bulk-delete/')

const queryText = (v: Json): string[] =>
  Array.isArray(v) ? v.flatMap(queryText) : [typeof v === 'string' ? v : JSON.stringify(v)]

function request(walker: SchemaWalker, op: Operation, r: Rng, hostile: boolean): InjectOptions {
  // which part a hostile request spoils
  const part = hostile ? r.pick(['path', 'query', 'body', 'body', 'body', 'raw', 'headers'] as const) : null
  const pathParams = op.parameters.filter((p) => p.in === 'path')
  const spoiledParam = part === 'path' && pathParams.length ? r.pick(pathParams).name : null
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === spoiledParam) return r.pick(BAD_PATH_SEGMENTS)
    const p = pathParams.find((q) => q.name === name)
    const value =
      p?.example !== undefined && r.chance(0.85) ? p.example : walker.valid(p?.schema ?? { type: 'string' }, r)
    return encode(String(value))
  })
  const query: string[] = []
  const queryParams = op.parameters.filter((p) => p.in === 'query')
  for (const p of queryParams) {
    if (!p.required && !r.chance(0.3)) continue
    for (const v of queryText(p.example !== undefined && r.chance(0.5) ? p.example : walker.valid(p.schema, r)))
      query.push(`${p.name}=${encode(v)}`)
  }
  if (part === 'query') {
    const name =
      queryParams.length && r.chance(0.8)
        ? r.pick(queryParams).name
        : r.pick(['zz', 'limit', '%00', 'a[b]', '__proto__'])
    const value = r.chance(0.4)
      ? r.pick(BAD_QUERY_VALUES)
      : r.chance(0.3)
        ? `ok${r.pick(['%00', '%ED%A0%80', '%E2%80%AE', '%C3%A9'])}`
        : encode(r.chance(0.5) ? r.pick(EDGE_DATE_TIMES) : String(walker.hostile({}, r)))
    query.push(`${name}=${value}`)
    if (r.chance(0.3)) query.push(`${name}=${value}`)
  }
  const options: InjectOptions = {
    method: op.method as InjectOptions['method'],
    url: query.length ? `${url}?${query.join('&')}` : url,
    headers: {},
  }
  if (op.body) {
    let payload: Json =
      op.body.example !== undefined && r.chance(0.7)
        ? structuredClone(op.body.example)
        : walker.valid(op.body.schema, r)
    if (part === 'body') payload = spoilBody(walker, op.body.schema, payload, r)
    options.payload = JSON.stringify(payload)
    options.headers = { 'content-type': 'application/json' }
    if (part === 'raw') rawBody(options, options.payload as string, r)
  } else if (hostile && part !== 'path' && part !== 'query') {
    // no body expected: an empty one (or a stray one) with a JSON content type
    options.headers = { 'content-type': 'application/json' }
    if (r.chance(0.3)) options.payload = r.pick(['{}', '[]', 'null', '{"a":1}', '{'])
  }
  if (part === 'headers') {
    options.headers = {
      ...options.headers,
      ...r.pick([
        { 'content-type': 'application/json; charset=latin1' },
        { 'x-request-id': 'x'.repeat(2000) },
        { accept: 'text/csv' },
        { 'content-type': 'application/JSON' },
      ]),
    }
  }
  return options
}

function valueAt(root: Json, path: (string | number)[]): Json {
  let node = root
  for (const k of path) node = (node as { [key: string]: Json })[k as string]
  return node
}

function spoilBody(walker: SchemaWalker, schema: Schema, payload: Json, r: Rng): Json {
  const paths = leafPaths(payload)
  switch (r.int(0, 7)) {
    case 6:
    case 7: {
      // the request stays valid but for one character: a NUL, a lone surrogate or odd unicode inside a string value
      const strings = paths.filter((p) => typeof valueAt(payload, p) === 'string')
      if (!strings.length) return walker.hostile(schema, r)
      const at = r.pick(strings)
      const text = valueAt(payload, at) as string
      const cut = r.int(0, text.length)
      return setAt(
        payload,
        at,
        `${text.slice(0, cut)}${r.pick(['\u0000', '\ud800', '\udc00', '\u202e', '\ufeff', '😀', 'é'])}` +
          `${text.slice(cut)}`,
      )
    }
    case 0:
      return walker.hostile(schema, r)
    case 1: {
      if (payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
        const keys = Object.keys(payload)
        if (keys.length) delete payload[r.pick(keys)]
      }
      return payload
    }
    case 2:
      return paths.length ? setAt(payload, r.pick(paths), r.pick([...EDGE_DATE_TIMES, ...HUGE_NUMBERS])) : payload
    case 3:
      return paths.length ? setAt(payload, r.pick(paths), nest(r.int(30, 70))) : payload
    default:
      return paths.length ? setAt(payload, r.pick(paths), walker.hostile({}, r)) : walker.hostile(schema, r)
  }
}

/** Bodies JSON.stringify cannot write: 1e400, 5,000 levels, truncated text, empty, or another content type. */
function rawBody(options: InjectOptions, text: string, r: Rng): void {
  const choice = r.int(0, 7)
  if (choice === 0) options.payload = text.replace(/(?<=[:[,])\s*-?\d+(\.\d+)?(?=[,\]}])/, '1e400')
  else if (choice === 1) options.payload = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`
  else if (choice === 2) options.payload = text.slice(0, r.int(0, text.length - 1))
  else if (choice === 3) options.payload = ''
  else if (choice === 4)
    options.payload = r.pick([
      'null',
      '[]',
      '"text"',
      '0',
      'true',
      '\ufeff{}',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      `[${'{},'.repeat(20_000)}{}]`,
    ])
  else if (choice === 5)
    options.headers = {
      'content-type': r.pick([
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/xml',
      ]),
    }
  else if (choice === 6) options.payload = text.replace(/:"([^"\\]*)"/, ':"$1\\u0000"')
  else options.payload = text.replace(/:"([^"\\]*)"/, ':"\\ud800$1"')
}

async function answer(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ANSWER_WITHIN_MS)))
  const res = await Promise.race([app.inject(options), timeout])
  clearTimeout(timer)
  return { res, ms: performance.now() - started }
}

t.test('every operation of /openapi.json, valid and hostile: no 5xx, no leak, no hang', async (t) => {
  const { app } = await buildBulk(t, {
    bundle: 'demo',
    env: {
      PRICING_WORKER_IN_PROCESS: 'true',
      BULK_WAIT_TIMEOUT_MS: '10000',
      LOG_LEVEL: process.env.PROPERTY_LOG_LEVEL ?? 'silent',
    },
  })
  const doc = JSON.parse((await app.inject({ url: '/openapi.json' })).body)
  const walker = new SchemaWalker(doc.components.schemas)
  const ops = operations(doc)
  t.ok(ops.length >= 100, `${ops.length} operations`)

  const r = rng(SEED)
  const plan: { op: Operation; options: InjectOptions; hostile: boolean }[] = []
  for (const op of ops) {
    for (let i = 0; i < PER_OPERATION; i++) {
      const hostile = i >= PER_OPERATION * VALID_SHARE
      plan.push({ op, options: request(walker, op, r, hostile), hostile })
    }
  }
  for (const op of ops) for (const options of sweep(op)) plan.push({ op, options, hostile: true })
  // the destructive operations last: the sweep of the others must meet the demo data whole
  plan.sort((a, b) => Number(destructive(a.op)) - Number(destructive(b.op)))
  const failures: string[] = []
  const statuses = new Map<number, number>()
  let slowest = 0
  let next = 0
  const runOne = async () => {
    for (let i = next++; i < plan.length; i = next++) {
      const { op, options } = plan[i]
      const { res, ms } = await answer(app, options)
      slowest = Math.max(slowest, ms)
      const what =
        `${op.operationId} #${i}: ${options.method} ${String(options.url).slice(0, 160)} ` +
        `${String(options.payload ?? '').slice(0, 200)}`
      if (!res) {
        failures.push(`${what} → no answer within ${ANSWER_WITHIN_MS} ms`)
        continue
      }
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 200)}`)
      if (res.statusCode >= 400 && typeof (safeJson(res.body) as { detail?: unknown } | null)?.detail !== 'string')
        failures.push(`${what} → ${res.statusCode} without a {detail}: ${res.body.slice(0, 200)}`)
      if (res.statusCode >= 400 && res.body.length > MAX_REFUSAL_BYTES)
        failures.push(`${what} → ${res.statusCode} of ${res.body.length} bytes: a refusal is short`)
      // a 2xx may echo what the generator stored (SQL-looking names among them): leaks are looked for in refusals
      const checked = res.statusCode >= 400 ? LEAKS : LEAKS.filter(([name]) => name !== 'SQL')
      for (const [name, pattern] of checked)
        if (pattern.test(res.body))
          failures.push(`${what} → ${res.statusCode} shows a ${name}: ${res.body.slice(0, 300)}`)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, runOne))
  t.comment(
    `${plan.length} requests (${plan.filter((p) => p.hostile).length} hostile), statuses ` +
      `${JSON.stringify(Object.fromEntries([...statuses].sort()))}, slowest ${Math.round(slowest)} ms`,
  )
  t.ok(plan.length >= 2000, 'a few thousand requests')
  t.ok(
    [...statuses.keys()].some((s) => s < 300),
    'some requests succeed (the generator reaches the handlers)',
  )
  t.same(failures.slice(0, 40), [], `${failures.length} failures`)
})

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
