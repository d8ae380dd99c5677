/**
 * Shared runner for command-line entry points: on failure one clear message and exit code 1, never a stack
 * trace (a stack says nothing to the person loading a bundle; the message says what and where).
 */
export function cliMessage(error: unknown): string {
  if (!(error instanceof Error)) return `error: ${String(error)}`
  const known = error.name !== 'Error' && !(error instanceof TypeError)
  // a refused connection arrives as an AggregateError with no message, only a code
  const text = error.message || (error as { code?: string }).code || error.name
  return known ? `${error.name}: ${text}` : `error: ${text}`
}

export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main()
  } catch (error) {
    console.error(cliMessage(error))
    process.exitCode = 1
  }
}
