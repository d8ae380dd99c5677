/**
 * A load client for requests that differ from one another (autocannon repeats one request): it reads a JSON
 * file of `{url, method?, body?}` (POST with a JSON body, GET without one, unless `method` says) and sends them all, in order, over `concurrency` keep-alive connections, then prints
 * `{count, seconds, rps, p50, p99, non2xx, errors}` as JSON (fetch keeps its connections alive). Run in its own process by the benchmarks.
 *
 *   node --import=tsx bench/batch/client.ts requests.json 50
 */
import { readFileSync } from 'node:fs'

const [file, concurrencyArg] = process.argv.slice(2)
const requests = JSON.parse(readFileSync(file, 'utf8')) as { url: string; method?: string; body?: unknown }[]
const concurrency = Number(concurrencyArg ?? 50)

const latencies: number[] = []
let next = 0
let non2xx = 0
let errors = 0
const started = performance.now()
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < requests.length) {
      const r = requests[next++]
      const t0 = performance.now()
      try {
        const res =
          r.body === undefined
            ? await fetch(r.url, { method: r.method ?? 'GET' })
            : await fetch(r.url, { method: r.method ?? 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(r.body) })
        await res.arrayBuffer()
        if (res.status < 200 || res.status >= 300) non2xx++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t0)
    }
  }),
)
const seconds = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)
const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
console.log(JSON.stringify({ count: requests.length, seconds, rps: requests.length / seconds, p50: at(0.5), p99: at(0.99), non2xx, errors }))
