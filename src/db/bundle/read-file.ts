/** Reads a bundle file as JSON; a syntax error names its line and column (jsonc-parser finds it, strictly). */
import { readFileSync } from 'node:fs'
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser'

export class BundleFileError extends Error {
  override readonly name = 'BundleFileError'
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n')
  return { line: before.length, column: before[before.length - 1].length + 1 }
}

/** "ColonExpected" → "colon expected" */
const describe = (e: ParseError) =>
  printParseErrorCode(e.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()

export function parseBundleText(text: string, file: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    const errors: ParseError[] = []
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false })
    const lines = errors.slice(0, 5).map((e) => {
      const { line, column } = lineAndColumn(text, e.offset)
      return `${file}:${line}:${column}: JSON syntax error: ${describe(e)}`
    })
    throw new BundleFileError(lines.length ? lines.join('\n') : `${file}: not valid JSON`)
  }
}

export function readBundleFile(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new BundleFileError(
      `cannot read ${file}: ` +
        `${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    )
  }
  return parseBundleText(text, file)
}
