/**
 * The numerical core (workers/quant) is a pure library (issue 34, item 2): no module-level mutable state and no
 * hidden memo. What a computation reuses is passed in by its caller (a workspace such as TimeWorkspace) or
 * recomputed; a table built once when the module loads is a `const` typed Readonly* (or frozen, or `as const`)
 * and never changed after. This test reads every .ts file of workers/quant and fails naming file:line on:
 *
 *   - a module-level `let` or `var`;
 *   - a module-level `const` whose initializer makes a mutable container — `new Map|Set|WeakMap|WeakSet|Array(`,
 *     a typed array, an array or object literal, `Array.from(`, `Object.fromEntries(` ... — unless its type is
 *     Readonly or readonly, it is wrapped in Object.freeze, or it ends `as const` (a zero-length typed array holds
 *     nothing and is allowed);
 *   - a module-level statement that is not a declaration (a `for` loop filling a table, `X.set(...)`,
 *     `Object.assign(X, ...)`): tables are built inside their initializer;
 *   - a `static` class property that is not `readonly`.
 *
 * The scan is lexical (no TypeScript parser): comments, strings, template literals and regular expressions are
 * blanked first, then statements are the lines that start at brace depth 0 in column 0. It cannot see a memo kept
 * in the closure of a module-level object (as the registry's calendars once kept each date's answer); the
 * calendars' and Business/252's are checked below to be the caller's.
 */
import t from 'tap'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { calendarFromTerms } from '../../workers/quant/time/calendars/index.ts'
import { dayCounterFromCode } from '../../workers/quant/time/daycounters/index.ts'
import { timeWorkspace } from '../../workers/quant/time/workspace.ts'
import { fromYmd } from '../../workers/quant/time/date.ts'

const root = new URL('../../', import.meta.url).pathname

/**
 * Files whose module state their owner removes separately (the last test says when one has none left: drop it
 * from this list then).
 */
const ALLOWED: Readonly<Record<string, string>> = {}

export interface Finding {
  line: number
  why: string
}

/**
 * The source with comments, and the text of strings, template literals and regular expressions, replaced by spaces
 * (newlines kept).
 */
export function codeOnly(source: string): string {
  const out = source.split('')
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' '
  }
  // each open brace of a template's `${`, so that its `}` goes back into the template
  const templates: number[] = []
  let depth = 0
  let last = '' // the last significant character of code, to tell a regular expression from a division
  let lastWord = ''
  let i = 0
  const n = source.length
  const templateBody = (start: number): number => {
    // from just after ` or }: up to the closing ` (returns the index after it) or to a `${` (pushes the template)
    let k = start
    while (k < n) {
      const c = source[k]
      if (c === '\\') k += 2
      else if (c === '`') {
        blank(start, k)
        return k + 1
      } else if (c === '$' && source[k + 1] === '{') {
        blank(start, k + 2)
        templates.push(depth)
        depth++
        return k + 2
      } else k++
    }
    blank(start, n)
    return n
  }
  while (i < n) {
    const c = source[i]
    const next = source[i + 1]
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i)
      const stop = end < 0 ? n : end
      blank(i, stop)
      i = stop
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2)
      const stop = end < 0 ? n : end + 2
      blank(i, stop)
      i = stop
    } else if (c === "'" || c === '"') {
      let k = i + 1
      while (k < n && source[k] !== c && source[k] !== '\n') k += source[k] === '\\' ? 2 : 1
      blank(i + 1, k)
      i = k + 1
      last = c
    } else if (c === '`') {
      i = templateBody(i + 1)
      last = '`'
    } else if (
      c === '/' &&
      (last === '' ||
        '(,=:[!&|?{};+-*%<>~^'.includes(last) ||
        /^(return|typeof|case|of|in|do|else|void|delete|throw|new|yield|await)$/.test(lastWord))
    ) {
      // a regular expression literal: up to its closing slash outside a character class
      let k = i + 1
      let inClass = false
      while (k < n && source[k] !== '\n') {
        const r = source[k]
        if (r === '\\') k += 2
        else {
          if (r === '[') inClass = true
          else if (r === ']') inClass = false
          else if (r === '/' && !inClass) break
          k++
        }
      }
      blank(i + 1, k)
      i = k + 1
      last = '/'
      lastWord = ''
    } else {
      if (c === '{' || c === '(' || c === '[') depth++
      else if (c === '}' || c === ')' || c === ']') {
        depth--
        if (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth) {
          templates.pop()
          out[i] = ' '
          i = templateBody(i + 1)
          last = '`'
          continue
        }
      }
      if (/[A-Za-z0-9_$]/.test(c)) {
        lastWord = /[A-Za-z0-9_$]/.test(source[i - 1] ?? '') ? lastWord + c : c
        last = 'a'
      } else if (!/\s/.test(c)) {
        last = c
        lastWord = ''
      }
      i++
    }
  }
  return out.join('')
}

/** The brace/bracket/parenthesis depth at the start of each line of code-only text. */
function lineDepths(code: string): number[] {
  const depths = [0]
  let depth = 0
  for (const c of code) {
    if (c === '{' || c === '(' || c === '[') depth++
    else if (c === '}' || c === ')' || c === ']') depth--
    else if (c === '\n') depths.push(depth)
  }
  return depths
}

const MUTABLE_INIT =
  /^(?:new\s+(?:Map|Set|WeakMap|WeakSet|Array|[A-Za-z0-9]*Array)\b(?!\s*\(\s*0\s*\))|\[|\{|(?:Array\.from|Array\.of|Array|Object\.fromEntries|Object\.assign|Object\.create)\s*\()/
const DECLARATION =
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:import\b|export\b|const\b|function\b|async\s+function\b|class\b|abstract\s+class\b|interface\b|type\b|enum\b|namespace\b|module\b)/

/** `: Type = init` after a const's name: the type text (maybe '') and the initializer, or undefined without one. */
function splitConst(rest: string): { type: string; init: string } | undefined {
  let k = 0
  while (k < rest.length && /\s/.test(rest[k])) k++
  let typeStart = -1
  if (rest[k] === ':') typeStart = k + 1
  else if (rest[k] !== '=') return undefined
  let nest = 0
  for (let j = typeStart < 0 ? k : typeStart; j < rest.length; j++) {
    const c = rest[j]
    if (c === '<' || c === '(' || c === '[' || c === '{') nest++
    else if ((c === '>' && rest[j - 1] !== '=') || c === ')' || c === ']' || c === '}') nest--
    else if (c === '=' && nest === 0 && rest[j + 1] !== '>' && rest[j + 1] !== '=') {
      return { type: typeStart < 0 ? '' : rest.slice(typeStart, j).trim(), init: rest.slice(j + 1).trim() }
    }
  }
  return undefined
}

/** Module-level mutable state of a TypeScript source, by line (1-based). */
export function moduleStateFindings(source: string): Finding[] {
  const code = codeOnly(source)
  const lines = code.split('\n')
  const depths = lineDepths(code)
  const findings: Finding[] = []
  // statements: lines at depth 0 that start in column 0; a statement runs to the next one
  const starts: number[] = []
  for (let l = 0; l < lines.length; l++) {
    const text = lines[l]
    if (depths[l] === 0 && /^\s*(?:export\s+)?(?:let|var)\s/.test(text) && /^\s/.test(text))
      findings.push({ line: l + 1, why: 'module-level let/var' })
    if (depths[l] === 0 && /^\S/.test(text)) starts.push(l)
    if (
      /^\s*(?:(?:private|public|protected)\s+)?static\s+(?!readonly\b|async\b|get\b|set\b)[A-Za-z_$][\w$]*\s*[!?]?\s*[:=]/.test(
        text,
      )
    )
      findings.push({ line: l + 1, why: 'static class property that is not readonly' })
  }
  for (let s = 0; s < starts.length; s++) {
    const from = starts[s]
    const to = s + 1 < starts.length ? starts[s + 1] : lines.length
    const statement = lines.slice(from, to).join('\n').trim()
    const at = { line: from + 1 }
    if (/^(?:export\s+)?(?:declare\s+)?(?:let|var)\b/.test(statement)) {
      findings.push({ ...at, why: 'module-level let/var' })
      continue
    }
    const decl = /^(?:export\s+)?const\s+([A-Za-z_$][\w$]*)/.exec(statement)
    if (decl) {
      const parts = splitConst(statement.slice(decl[0].length))
      if (parts === undefined || !MUTABLE_INIT.test(parts.init)) continue
      const readonlyType = /^(?:Readonly|readonly\b)/.test(parts.type)
      const frozen = /^Object\.freeze\s*\(/.test(parts.init)
      const asConst = /\bas\s+(?:const\b|readonly\b|Readonly\b)[^;]*;?\s*$/.test(parts.init)
      if (!readonlyType && !frozen && !asConst)
        findings.push({
          ...at,
          why:
            `module-level const ${decl[1]} holds a mutable container (type it Readonly*, freeze it or end it 'as ` +
            `const')`,
        })
      continue
    }
    if (!DECLARATION.test(statement))
      findings.push({
        ...at,
        why: 'module-level statement that is not a declaration (build a table inside its initializer)',
      })
  }
  return findings.sort((a, b) => a.line - b.line)
}

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`
    if (statSync(join(root, path)).isDirectory()) return sources(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

t.test('the scanner finds module state, and only at module level', async (t) => {
  const sample = [
    "import { x } from './x.ts'",
    'let counter = 0',
    'export var legacy = 1',
    'const memo = new Map<string, number>()',
    'const seen: Set<number> = new Set()',
    'const buffer = new Float64Array(64)',
    'const held: number[] = []',
    'export const settings: Settings = { accuracy: 1e-10 }',
    'const names = Object.fromEntries(entries)',
    'for (const e of entries) memo.set(e, 1)',
    'Object.assign(settings, { guess: 0 })',
    'class Tree {',
    '  static lastLayout: Layout | null = null',
    '  static readonly EMPTY = 0',
    '  static nodeCount(grid: Grid): number {',
    '    let n = 0',
    '    return n',
    '  }',
    '}',
    '  let indented = 1',
  ].join('\n')
  t.same(
    moduleStateFindings(sample).map((f) => f.line),
    [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 20],
  )
  const allowed = [
    "import { x } from './x.ts'",
    '// let commented = 1',
    '/* let blocked = 1',
    'let still = 2 */',
    'const text = `a ${`nested ${1 + 1} {`} }`',
    'const re = /[{(]let x = 1/g',
    "const quoted = 'let q = {'",
    'export function f(): number {',
    '  let local = 0',
    '  const m = new Map()',
    '  for (const k of [1]) local += k',
    '  return local + m.size',
    '}',
    'const table: ReadonlyMap<string, number> = new Map([["a", 1]])',
    'const list: readonly number[] = [1, 2]',
    'export const ROUTES = Object.freeze({ a: 1 })',
    'export const RULES = [',
    "  'Backward',",
    '] as const',
    'const EMPTY = new Float64Array(0)',
    'const lookup: Readonly<Record<string, string>> = {',
    '  a: `b`,',
    '}',
    'export const ratio = 1 / 2',
    'const half = ratio / 2 / 1',
    'export type Rule = (typeof RULES)[number]',
    'export interface Box {',
    '  let: number',
    '}',
    'const table2 = build()',
  ].join('\n')
  t.same(
    moduleStateFindings(allowed),
    [],
    'declarations, locals, comments, strings, templates, regexps and readonly tables pass',
  )
})

t.test('workers/quant holds no module-level mutable state', async (t) => {
  const found: string[] = []
  for (const file of sources('workers/quant')) {
    if (ALLOWED[file] !== undefined) continue
    for (const f of moduleStateFindings(readFileSync(join(root, file), 'utf8')))
      found.push(`${file}:${f.line}: ${f.why}`)
  }
  t.same(
    found,
    [],
    'pass what a computation reuses in (a workspace argument), recompute it, or build a Readonly table at load',
  )
})

t.test("what the calendars and Business/252 reuse is the caller's workspace, and changes no answer", async (t) => {
  const ws = timeWorkspace()
  const other = timeWorkspace()
  const brazil = calendarFromTerms({ name: 'Brazil' })
  t.equal(calendarFromTerms({ name: 'Brazil' }), brazil, 'without a workspace: the registry calendar itself')
  const view = calendarFromTerms({ name: 'Brazil' }, 'calendar', ws)
  t.not(view, brazil, 'with one: a view remembering its answers')
  t.equal(
    calendarFromTerms({ name: 'Brazil', market: 'Settlement' }, 'calendar', ws),
    view,
    'one view per calendar and workspace',
  )
  t.not(calendarFromTerms({ name: 'Brazil' }, 'calendar', other), view, 'another workspace, another view')
  t.equal(view.name, brazil.name)
  const from = fromYmd(2024, 1, 1)
  const differing: number[] = []
  for (let d = from; d < from + 800; d++)
    if (view.isBusinessDay(d) !== brazil.isBusinessDay(d) || view.isBusinessDay(d) !== brazil.isBusinessDay(d))
      differing.push(d)
  t.same(differing, [], 'the view answers as the calendar, asked once or twice')

  const joint = { name: 'JointCalendar', calendars: [{ name: 'TARGET' }, { name: 'UnitedKingdom' }] }
  t.equal(
    calendarFromTerms(joint, 'calendar', ws),
    calendarFromTerms(joint, 'calendar', ws),
    'a joint calendar is kept by its workspace',
  )
  t.not(calendarFromTerms(joint), calendarFromTerms(joint), 'and built on each call without one')

  const walking = dayCounterFromCode('Business252', { calendar: brazil })
  const kept = dayCounterFromCode('Business252', { calendar: view, workspace: ws })
  t.equal(
    dayCounterFromCode('Business252', { calendar: view, workspace: ws }),
    kept,
    'one counter per calendar and workspace',
  )
  const spans: [number, number][] = [
    [fromYmd(2025, 1, 1), fromYmd(2035, 1, 1)],
    [fromYmd(2035, 7, 3), fromYmd(2025, 2, 14)],
    [fromYmd(2030, 5, 2), fromYmd(2030, 5, 30)],
  ]
  for (const [d1, d2] of spans)
    t.equal(kept.dayCount(d1, d2), walking.dayCount(d1, d2), `${d1}..${d2}: figures and walk agree`)
  t.ok(
    ws.businessDays.get(view)?.years.some((n) => n > 0),
    "the figures are in the caller's workspace",
  )
})

t.test('every allowlisted file is a file of workers/quant', async (t) => {
  for (const [file, why] of Object.entries(ALLOWED)) {
    t.ok(existsSync(join(root, file)), `${file} exists`)
    // an allowlisted file without findings is done: say so, for its owner to drop it from the list
    if (existsSync(join(root, file)) && moduleStateFindings(readFileSync(join(root, file), 'utf8')).length === 0)
      t.comment(`${file} (${why}) holds no module state any more: drop it from ALLOWED`)
  }
})
