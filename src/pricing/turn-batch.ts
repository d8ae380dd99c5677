/**
 * Gathers the calls of one event-loop turn into one batch: under load, the cold pricing requests that arrive
 * together load their contexts in one SQL round trip instead of one each. A failed batch fails its callers.
 */
export class TurnBatch<I, O> {
  private pending: { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] = []

  constructor(private readonly run: (inputs: I[]) => Promise<O[]>) {}

  add(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      if (this.pending.push({ input, resolve, reject }) === 1) setImmediate(() => this.flush())
    })
  }

  private flush(): void {
    const batch = this.pending
    this.pending = []
    this.run(batch.map((p) => p.input)).then(
      (outputs) => batch.forEach((p, i) => p.resolve(outputs[i])),
      (error: unknown) => batch.forEach((p) => p.reject(error)),
    )
  }
}
