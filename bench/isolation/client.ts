/**
 * The load client of bench/isolation, in its own process: cheap requests sent open-loop at a steady rate
 * (latency counted from the moment each was due, so a stalled server cannot hide its queue), rotating over
 * `cheap` URLs, and optionally `heavy` closed loops each keeping one pathological request in flight. Prints
 * `{cheap: {requests, p50, p99, failures}, heavy: {answered, failed}}` as JSON.
 *
 *   node --import=tsx bench/isolation/client.ts \
 *     '{"cheap": [...], "heavyUrl": "...", "body": {...}, "rate": 200, "heavy": 4, "seconds": 5}'
 */
interface Plan {
  cheap: string[]
  heavyUrl: string
  body: unknown
  rate: number
  heavy: number
  seconds: number
}

const plan = JSON.parse(process.argv[2]) as Plan
const body = JSON.stringify(plan.body)
const post = (url: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    async (r) => (await r.arrayBuffer(), r.status),
  )

const latencies: number[] = []
let failures = 0
let heavyAnswered = 0
let heavyFailed = 0
const start = performance.now()
const end = start + plan.seconds * 1000

// `heavy` pathological requests always in flight, until the cheap load is over
let stop = false
const heavy = Array.from({ length: plan.heavy }, async () => {
  while (!stop) {
    const status = await post(plan.heavyUrl).catch(() => 0)
    if (status === 200) heavyAnswered++
    else heavyFailed++
  }
})

const pending: Promise<void>[] = []
const interval = 1000 / plan.rate
for (let i = 0; ; i++) {
  const due = start + i * interval
  if (due >= end) break
  const wait = due - performance.now()
  if (wait > 1) await new Promise((r) => setTimeout(r, wait))
  pending.push(
    post(plan.cheap[i % plan.cheap.length]).then(
      (status) => {
        latencies.push(performance.now() - due)
        if (status !== 200) failures++
      },
      () => {
        latencies.push(performance.now() - due)
        failures++
      },
    ),
  )
}
await Promise.all(pending)
stop = true
await Promise.all(heavy)
latencies.sort((a, b) => a - b)
const at = (q: number) =>
  Number((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0).toFixed(1))
console.log(
  JSON.stringify({
    cheap: { requests: latencies.length, p50: at(0.5), p99: at(0.99), failures },
    heavy: { answered: heavyAnswered, failed: heavyFailed },
  }),
)
