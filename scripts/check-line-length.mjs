// Lines longer than 120 characters in the files Prettier formats (git's files, less .prettierignore's): Prettier
// wraps code at 120 but leaves comments and long strings as they are. Prints each long line and a count by folder
// and by what lies past the limit (comment, string, regex, import, code, data, markup), and exits 1 when there is
// one. A line holding a URL is allowed (a URL cannot be wrapped).
//   node scripts/check-line-length.mjs [--summary] [--max=120] [--allow=regex,...] [paths...]
// --summary: only the counts. --allow=KINDS: long lines of these kinds are counted but do not fail the check (npm test
// allows `regex` and `import`: a regular expression or an import's path cannot be wrapped without changing it).
import { readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SCRIPT_FILE, formattedFiles, rangeAt, sourceRanges } from './source-files.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const summaryOnly = args.includes('--summary')
const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 120)
const allowed = new Set(args.filter((a) => a.startsWith('--allow=')).flatMap((a) => a.slice(8).split(',')))
const only = args.filter((a) => !a.startsWith('--'))
const EXTENSIONS = /\.(ts|mts|cts|js|mjs|cjs|json|css|html|ya?ml)$/
const URL_RE = /\b[a-z][a-z0-9+.-]*:\/\/\S/i

const files = formattedFiles(root, only).filter((f) => EXTENSIONS.test(f))

/** What lies past the limit: a comment, a string (or template or regular expression) literal, or code. */
function kinds(file, text, lines) {
  if (/\.json$/.test(file))
    return (i) => (/^\s*("[^"]*"\s*:\s*)?"(?:[^"\\]|\\.)*",?\s*$/.test(lines[i]) ? 'string' : 'data')
  if (!SCRIPT_FILE.test(file)) return () => (/\.ya?ml$/.test(file) ? 'data' : 'markup')
  const { comments, literals } = sourceRanges(file, text)
  const starts = [0]
  for (const line of lines) starts.push(starts.at(-1) + line.length + 1)
  return (i) => {
    // the offset of the first character past the limit (counted in code points, as the length is)
    let at = starts[i] + [...lines[i]].slice(0, max).join('').length
    // only closing punctuation past the limit (`'...',` or `...)`): what it closes is what made the line long
    if (/^[\s,;:)\]}]*$/.test(text.slice(at, starts[i + 1] - 1))) {
      while (at > starts[i] && /[\s,;:)\]}]/.test(text[at])) at--
    }
    if (rangeAt(comments, at)) return 'comment'
    const literal = rangeAt(literals, at)
    if (literal) {
      // neither can be wrapped without changing what it is: a regular expression, the path of an import
      if (text[literal.pos] === '/') return 'regex'
      if (/^\s*(?:import|export)\b/.test(lines[i]) && /\bfrom\s+['"]/.test(lines[i])) return 'import'
      return 'string'
    }
    return 'code'
  }
}

const byFolder = new Map()
const byKind = new Map()
let count = 0
let failing = 0
for (const file of files) {
  const text = readFileSync(join(root, file), 'utf8')
  const lines = text.split('\n')
  let kindOf
  lines.forEach((line, i) => {
    const length = [...line].length
    if (length <= max || URL_RE.test(line)) return
    count++
    const folder = posix.dirname(file).split('/').slice(0, 2).join('/')
    kindOf ??= kinds(file, text, lines)
    const k = kindOf(i)
    byFolder.set(folder, (byFolder.get(folder) ?? 0) + 1)
    byKind.set(k, (byKind.get(k) ?? 0) + 1)
    if (!allowed.has(k)) failing++
    if (!summaryOnly && !allowed.has(k)) console.log(`${file}:${i + 1}: ${length} characters (${k})`)
  })
}
if (count > 0) {
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')
  console.log(`${count} lines longer than ${max} characters in ${files.length} files`)
  console.log(`by folder: ${list(byFolder)}`)
  console.log(`by kind: ${list(byKind)}`)
  if (allowed.size > 0) console.log(`${failing} not allowed (allowed: ${[...allowed].join(', ')})`)
  if (failing > 0) process.exit(1)
  process.exit(0)
}
console.log(`no line longer than ${max} characters in ${files.length} files`)
