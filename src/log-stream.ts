/**
 * Where a serving process's log lines go: standard output, written asynchronously. A reader that stops reading (a
 * supervisor's full pipe) must neither grow the process's memory without bound nor keep it alive at exit: pino's
 * default stream buffers without limit and, at exit, flushes synchronously until the reader drains it, which may be
 * never. Here the buffer is bounded (lines past it are dropped) and the last flush gets a deadline.
 */
import pino from 'pino'

/** Log bytes held for a reader that does not read; past this, new lines are dropped. */
export const LOG_BUFFER_MAX_BYTES = 16 * 1024 * 1024

export interface LogStream {
  readonly stream: pino.DestinationStream
  /** Writes what is buffered within `ms`, then lets the process exit without writing the rest. */
  close(ms: number): Promise<void>
}

export function createLogStream(fd = 1): LogStream {
  const stream = pino.destination({ dest: fd, sync: false, minLength: 0, maxLength: LOG_BUFFER_MAX_BYTES })
  let closed: Promise<void> | null = null
  return {
    stream,
    close: (ms) =>
      (closed ??= new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          // destroyed (a no-op once closed), the stream is skipped by pino's exit hook, which would otherwise write
          // what is left synchronously: forever when nobody reads
          stream.destroy()
          resolve()
        }
        const timer = setTimeout(done, ms)
        stream.once('close', done)
        // writes what is buffered, then closes ('close')
        stream.end()
      })),
  }
}
