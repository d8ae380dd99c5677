/**
 * A TCP relay a test (or benchmark) controls, to fake an outage of PostgreSQL or Redis without touching the shared
 * servers:
 * - `up`: relays both ways;
 * - `down`: the server is stopped: connections are cut and new ones refused (ECONNREFUSED);
 * - `blackhole`: packets are dropped: connections are accepted and held, nothing is relayed either way, nothing is
 *   closed. Back `up`, a connection that lost bytes is cut (TCP would have given up on it).
 */
import { createServer, connect, type Server, type Socket } from 'node:net'

export type ProxyMode = 'up' | 'down' | 'blackhole'

/**
 * A loopback port nothing listens on: bound once to learn a free number, then released (a closed port, or one to listen
 * on).
 */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

interface Pair {
  client: Socket
  upstream: Socket | null
  lost: boolean
  /** silent for good: nothing relayed, nothing closed (a connection whose path died in a partition) */
  frozen?: boolean
}

export class TcpProxy {
  private server: Server | null = null
  private readonly pairs = new Set<Pair>()
  private current: ProxyMode = 'up'

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  get mode(): ProxyMode {
    return this.current
  }

  async start(): Promise<this> {
    await this.listen()
    return this
  }

  async set(mode: ProxyMode): Promise<void> {
    const previous = this.current
    this.current = mode
    if (mode === 'down') {
      this.cutAll()
      await this.unlisten()
    } else if (previous === 'down') {
      await this.listen()
    }
    if (mode === 'up') for (const pair of this.pairs) if ((pair.lost || !pair.upstream) && !pair.frozen) this.cut(pair)
  }

  /** The connections open now go silent for good; new ones are relayed as the mode says. */
  freezeExisting(): void {
    for (const pair of this.pairs) pair.frozen = true
  }

  async close(): Promise<void> {
    this.cutAll()
    await this.unlisten()
  }

  private accept(client: Socket): void {
    const pair: Pair = { client, upstream: null, lost: false }
    this.pairs.add(pair)
    client.on('error', () => {})
    client.on('close', () => this.cut(pair))
    if (this.current === 'up') this.open(pair)
    client.on('data', (chunk: Buffer) => {
      if (this.current === 'up' && pair.upstream && !pair.frozen) pair.upstream.write(chunk)
      else pair.lost = true
    })
  }

  private open(pair: Pair): void {
    const upstream = connect(this.target.port, this.target.host)
    pair.upstream = upstream
    upstream.on('error', () => {})
    upstream.on('close', () => this.cut(pair))
    upstream.on('data', (chunk: Buffer) => {
      if (this.current === 'up' && !pair.frozen) pair.client.write(chunk)
      else pair.lost = true
    })
  }

  private cut(pair: Pair): void {
    if (!this.pairs.delete(pair)) return
    pair.client.destroy()
    pair.upstream?.destroy()
  }

  private cutAll(): void {
    for (const pair of [...this.pairs]) this.cut(pair)
  }

  private listen(): Promise<void> {
    const server = createServer((client) => this.accept(client))
    this.server = server
    return new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
  }

  private unlisten(): Promise<void> {
    const server = this.server
    this.server = null
    return server ? new Promise((resolve) => server.close(() => resolve())) : Promise.resolve()
  }
}

/**
 * A TcpProxy on `port` in front of the PostgreSQL of `databaseUrl`, closed at teardown; `url` reaches it through the
 * proxy.
 */
export async function proxiedDatabase(
  t: { teardown(fn: () => unknown): void },
  databaseUrl: string,
  port: number,
): Promise<{ proxy: TcpProxy; url: string }> {
  const upstream = new URL(databaseUrl)
  const proxy = await new TcpProxy(port, { host: upstream.hostname, port: Number(upstream.port || 5432) }).start()
  t.teardown(() => proxy.close())
  const url = new URL(databaseUrl)
  url.port = String(port)
  return { proxy, url: url.toString() }
}
