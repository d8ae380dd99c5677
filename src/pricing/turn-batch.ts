/**
 * Gathers calls into batches: under load, the cold pricing requests that arrive together load their contexts in
 * one SQL round trip instead of one each. A batch leaves at the end of the event-loop turn its first call came
 * in, unless `maxInFlight` batches are already running: then the calls wait for one of them to finish and leave
 * together. A lone request never waits; under load the batches grow with the load instead of the round trips
 * multiplying (each costs PostgreSQL a fixed share of the two cores the service shares with it).
 * A failed batch fails its callers.
 */
export class TurnBatch<I, O> {
  private pending: { input: I; resolve: (output: O) => void; reject: (error: unknown) => void }[] = []
  private inFlight = 0
  private scheduled = false

  constructor(
    private readonly run: (inputs: I[]) => Promise<O[]>,
    private readonly maxInFlight = 2,
  ) {}

  add(input: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.pending.push({ input, resolve, reject })
      this.schedule()
    })
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.maxInFlight) return
    this.scheduled = true
    // after this turn's I/O callbacks: every call made in this turn joins the batch
    setImmediate(() => this.flush())
  }

  private flush(): void {
    this.scheduled = false
    const batch = this.pending
    this.pending = []
    this.inFlight++
    this.run(batch.map((p) => p.input))
      .then(
        (outputs) => batch.forEach((p, i) => p.resolve(outputs[i])),
        (error: unknown) => batch.forEach((p) => p.reject(error)),
      )
      .finally(() => {
        this.inFlight--
        this.schedule()
      })
  }
}
