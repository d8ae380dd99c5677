/**
 * Time limits of pricing tasks without a timer per task: one interval aborts the controllers whose deadline
 * passed (Piscina then ends the task's worker and starts another). AbortSignal.timeout would create and cancel
 * a timer on every request of the hot path.
 */
export class Deadlines {
  private readonly pending = new Map<AbortController, number>()
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly resolutionMs = 20) {}

  /** A signal aborted once `ms` have passed; call `done` when the task settles. */
  start(ms: number): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController()
    this.pending.set(controller, Date.now() + ms)
    if (!this.timer) {
      this.timer = setInterval(() => this.sweep(), Math.min(this.resolutionMs, ms))
      this.timer.unref()
    }
    return { signal: controller.signal, done: () => this.pending.delete(controller) }
  }

  private sweep(): void {
    const now = Date.now()
    for (const [controller, deadline] of this.pending) {
      if (deadline <= now) {
        this.pending.delete(controller)
        controller.abort(new Error('deadline'))
      }
    }
    if (this.pending.size === 0 && this.timer) {
      clearInterval(this.timer)
      this.timer = null
    }
  }
}
