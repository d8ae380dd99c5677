// The part of autocannon's programmatic API the load client uses (the package ships no types).
declare module 'autocannon' {
  interface RequestSpec {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  interface Options {
    url: string
    connections: number
    amount: number
    timeout?: number
    /** ms between autocannon's samples; a run ends at the first sample after its last response */
    sampleInt?: number
    requests: { setupRequest: (request: RequestSpec) => RequestSpec }[]
  }
  interface Result {
    duration: number
    requests: { total: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
    timeouts: number
  }
  interface Tracker {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void
  }
  export default function autocannon(options: Options): Promise<Result>
  export default function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Tracker
}
