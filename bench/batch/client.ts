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
import autocannon, { type Result } from 'autocannon'

const [file, concurrencyArg] = process.argv.slice(2)
const requests = JSON.parse(readFileSync(file, 'utf8')) as { url: string; method?: string; body?: unknown }[]
const concurrency = Number(concurrencyArg ?? 50)
const origin = new URL(requests[0].url).origin
const prepared = requests.map((r) => {
  const url = new URL(r.url)
  return r.body === undefined
    ? { method: r.method ?? 'GET', path: url.pathname + url.search }
    : {
        method: r.method ?? 'POST',
        path: url.pathname + url.search,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(r.body),
      }
})

let next = 0
// the run's length from the first request sent to the last response received: autocannon's own `duration` ends
// at the sample tick after the last response (whole seconds by default), which understated short runs' rates by
// up to a third (50,000 requests in 2.6 s counted as 3 s)
const started = performance.now()
let last = started
const result = await new Promise<Result>((resolve, reject) => {
  const tracker = autocannon(
    {
      url: origin,
      connections: Math.min(concurrency, requests.length),
      amount: requests.length,
      timeout: 60,
      sampleInt: 100,
      requests: [{ setupRequest: (request) => ({ ...request, ...prepared[next++ % prepared.length] }) }],
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  )
  tracker.on('response', () => (last = performance.now()))
})
const seconds = (last - started) / 1000
const count = result.requests.total
console.log(
  JSON.stringify({
    count,
    seconds,
    rps: count / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }),
)
