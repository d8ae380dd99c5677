/**
 * A load client for requests that differ from one another: it reads a JSON file of `{url, method?, body?}` (POST
 * with a JSON body, GET without one, unless `method` says) and sends each once, in order, over `concurrency`
 * keep-alive connections with autocannon (its `setupRequest` hands every request the next one of the list), then
 * prints `{count, seconds, rps, p50, p99, non2xx, errors}` as JSON. Run in its own process by the benchmarks.
 * autocannon rather than fetch: fetch's client cost capped the measured rate near 4,000 req/s on two cores and
 * put its own queueing into the p99 (29,000 req/s and p99 6 ms for the same route under autocannon).
 *
 *   node --import=tsx bench/batch/client.ts requests.json 50
 */
import { readFileSync } from 'node:fs'
import autocannon from 'autocannon'

const [file, concurrencyArg] = process.argv.slice(2)
const requests = JSON.parse(readFileSync(file, 'utf8')) as { url: string; method?: string; body?: unknown }[]
const concurrency = Number(concurrencyArg ?? 50)
const origin = new URL(requests[0].url).origin
const prepared = requests.map((r) => {
  const url = new URL(r.url)
  return r.body === undefined
    ? { method: r.method ?? 'GET', path: url.pathname + url.search }
    : { method: r.method ?? 'POST', path: url.pathname + url.search, headers: { 'content-type': 'application/json' }, body: JSON.stringify(r.body) }
})

let next = 0
const result = await autocannon({
  url: origin,
  connections: Math.min(concurrency, requests.length),
  amount: requests.length,
  timeout: 60,
  requests: [{ setupRequest: (request) => ({ ...request, ...prepared[next++ % prepared.length] }) }],
})
const seconds = result.duration
const count = result.requests.total
console.log(JSON.stringify({ count, seconds, rps: count / seconds, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts }))
