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
  export default function autocannon(options: Options): Promise<Result>
}
