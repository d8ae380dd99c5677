/**
 * Load generator of the bulk benchmark, in its own process so it never shares the server's event loop: `C`
 * closed loops POST one pricing request each, back to back, recording when each request started and how long
 * it took. On the parent's 'stop' message it sends the samples back over IPC and exits.
 */
const [url, payload, connections] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 10)]

export type Sample = [startedAtMs: number, latencyMs: number, status: number]

const samples: Sample[] = []
let running = true

async function loop(): Promise<void> {
  while (running) {
    const started = performance.timeOrigin + performance.now()
    const t0 = performance.now()
    let status: number
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      })
      await response.arrayBuffer()
      status = response.status
    } catch {
      status = -1
    }
    samples.push([started, performance.now() - t0, status])
  }
}

const loops = Array.from({ length: connections }, () => loop())
async function stop(): Promise<void> {
  running = false
  await Promise.all(loops)
  process.send?.(samples, () => process.exit(0))
}
process.on('message', (message) => {
  if (message === 'stop') void stop()
})
process.send?.('ready')
