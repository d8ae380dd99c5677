/**
 * A socket for postgres.js that notices a silent server. When packets are dropped (a network partition, a host
 * gone without a FIN), TCP alone takes many minutes to give up on a connection that has a query in flight, and
 * postgres.js has no query timeout: every request on that connection would hang. Here the connection is
 * destroyed when the server has sent nothing for `silenceMs` while a query waits for its answer; postgres.js then
 * fails the queries on it (CONNECTION_CLOSED, a 503) and opens a new connection for the next ones.
 *
 * "A query waits" is read from the protocol itself: every Sync and simple Query the client writes is answered by
 * exactly one ReadyForQuery ('Z'), and a Flush by some message. An idle or LISTENing connection is never watched.
 * The server's statement_timeout (shorter than `silenceMs`) makes a healthy server answer in time, so only a dead
 * link or a dead server trips the watchdog. Plain TCP only (TLS bytes cannot be read; see client.ts).
 */
import { connect, type Socket } from 'node:net'

const SYNC = 0x53 // 'S'
const QUERY = 0x51 // 'Q'
const FLUSH = 0x48 // 'H'
const READY_FOR_QUERY = 0x5a // 'Z'

export interface SocketTarget {
  host: string[]
  port: number[]
  path?: string | false
}

/** Counts the requests that expect an answer in one outbound chunk (postgres.js writes whole messages). */
function expectedAnswers(chunk: Buffer, untyped: boolean): { syncs: number; flush: boolean } {
  let syncs = 0
  let flush = false
  // the first message of a connection (startup, SSL or cancel request) has no type byte
  let at = untyped && chunk.length >= 4 ? chunk.readInt32BE(0) : 0
  while (at + 5 <= chunk.length) {
    const type = chunk[at]
    if (type === SYNC || type === QUERY) syncs++
    else if (type === FLUSH) flush = true
    at += 1 + chunk.readInt32BE(at + 1)
  }
  return { syncs, flush }
}

/** Splits the inbound stream into messages (they span chunks) and counts ReadyForQuery. */
class InboundReader {
  private header = Buffer.alloc(0)
  private skip = 0

  readyCount(chunk: Buffer): number {
    let ready = 0
    let at = 0
    while (at < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at)
        this.skip -= n
        at += n
        continue
      }
      const need = 5 - this.header.length
      this.header = Buffer.concat([this.header, chunk.subarray(at, at + need)])
      at += need
      if (this.header.length < 5) break
      if (this.header[0] === READY_FOR_QUERY) ready++
      this.skip = this.header.readInt32BE(1) - 4
      this.header = Buffer.alloc(0)
    }
    return ready
  }
}

/** Watches a connected or connecting socket; returns it. */
export function watchSocket(socket: Socket, silenceMs: number): Socket {
  let first = true
  let awaiting = 0
  let flushed = false
  let timer: NodeJS.Timeout | null = null
  const reader = new InboundReader()

  const disarm = () => {
    if (timer) clearTimeout(timer)
    timer = null
  }
  const rearm = () => {
    disarm()
    if (awaiting === 0 && !flushed) return
    timer = setTimeout(() => {
      timer = null
      // without an error: postgres.js then fails every query of the connection at once, on 'close' (given an
      // error, it fails them on 'error' but keeps, unanswered for good, those sent between 'error' and 'close')
      socket.destroy()
    }, silenceMs)
    timer.unref()
  }

  const write = socket.write.bind(socket) as (chunk: unknown, ...rest: unknown[]) => boolean
  socket.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (Buffer.isBuffer(chunk)) {
      const { syncs, flush } = expectedAnswers(chunk, first)
      first = false
      const idle = awaiting === 0 && !flushed
      awaiting += syncs
      flushed ||= flush
      // a request on an idle connection starts the clock; one pipelined behind others keeps it running
      if (idle) rearm()
    }
    return write(chunk, ...rest)
  }) as Socket['write']

  socket.on('data', (chunk: Buffer) => {
    flushed = false
    awaiting = Math.max(0, awaiting - reader.readyCount(chunk))
    // anything received is progress: the clock restarts while answers are still due
    rearm()
  })
  socket.on('close', disarm)
  return socket
}

/** The `socket` option of postgres.js: a plain TCP (or Unix) connection under the watchdog. */
export function watchedSocketFactory(silenceMs: number): (target: SocketTarget) => Socket {
  return (target) => {
    const socket = target.path ? connect(target.path) : connect(target.port[0] ?? 5432, target.host[0] ?? 'localhost')
    return watchSocket(socket, silenceMs)
  }
}
