/** Shared runner for command-line entry points: one clear line on failure, exit code 1, no stack for known errors. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main()
  } catch (error) {
    const known = error instanceof Error && error.name !== 'Error' && !(error instanceof TypeError)
    console.error(known ? `${error.name}: ${error.message}` : error)
    process.exitCode = 1
  }
}
