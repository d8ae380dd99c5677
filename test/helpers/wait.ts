/**
 * Waiting on a condition instead of for a fixed time. A passing run waits only as long as the condition takes; the
 * bound is generous (a minute by default) because it is reached only when the test is about to fail anyway, and a
 * machine busy with other test files (or other work) may take many times longer than an idle one to get there.
 */

export interface WaitOptions {
  /** give up after this long (default 60 s): far beyond any passing run, so never a matter of the machine's speed */
  timeoutMs?: number
  /** between two checks (default 20 ms) */
  intervalMs?: number
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Checks until `check` holds or the bound passes; true when it held. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 20 }: WaitOptions = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await check()) return true
    if (Date.now() >= deadline) return false
    await sleep(intervalMs)
  }
}
