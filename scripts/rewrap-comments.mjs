// Rewraps the comments that run past 120 characters in TypeScript and JavaScript files (Prettier wraps code, not
// comments): runs of whole-line `//` comments, `/** ... */` and `/* ... */` blocks, and a `//` comment after code,
// which moves to its own lines above that code. The text is broken at a space, with the line's indentation and
// comment prefix kept (and a list item's hanging indent); the words that overflow are carried into the next line of
// the same paragraph, so the author's other line breaks stay. Code and literals are never touched: each file's
// tokens are compared before and after (TypeScript's parser) and a file whose tokens would change is not written.
// Left as they are: directives (`// @ts-expect-error`, `// eslint-disable-next-line`, `/// <reference`, ...),
// commented-out code (`//foo`), indented or fenced code and tables in comments, and a word longer than the line.
//   node scripts/rewrap-comments.mjs [--check] [--max=120] [paths...]
// --check: writes nothing, lists what would change and exits 1 if anything would.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { SCRIPT_FILE, formattedFiles, rangeAt, sourceRanges } from './source-files.mjs'

const width = (s) => [...s].length

// a comment that tools read: it must stay on one line, and (for the `next-line` kinds) right above its code
const DIRECTIVE = new RegExp(
  '^\\s*(' +
    ['@ts-', 'eslint-', 'eslint ', 'global ', 'exported ', 'prettier-ignore', 'c8 ', 'istanbul ', 'biome-ignore']
      .concat(['#region', '#endregion', '<reference', '@vite-ignore', 'webpackChunkName', '#__PURE__', '@__PURE__'])
      .join('|') +
    ')',
)
// a line that starts a new item, so that words never flow into it (and a break never makes one)
const STARTS_ITEM = /^([-*+•>#|]\s|\d+[.)]\s|@|```|\||$)/
const LIST_MARKER = /^(\s*)([-*+•]|\d+[.)])\s+/

/**
 * The lines of one run of comment lines sharing a prefix (`    //`, `   *`), with each line too long broken at a
 * space and its overflow carried into the next line of its paragraph (or onto a new line).
 * items: [{ prefix, sep, body, fixed }]: the line is prefix + sep + body; a fixed line is kept as it is.
 */
function rewrapRun(items, max) {
  const out = []
  let carry = null // { text, hang, prefix, sep }: words pushed out of the line above
  const emitCarry = () => {
    // the carried words on lines of their own, each broken again if needed
    let text = carry.text
    for (;;) {
      const line = carry.prefix + carry.sep + carry.hang + text
      const cut = width(line) > max ? breakAt(text, max - width(carry.prefix + carry.sep + carry.hang)) : null
      if (!cut) {
        out.push(line)
        break
      }
      out.push(carry.prefix + carry.sep + carry.hang + cut.head)
      text = cut.tail
    }
    carry = null
  }
  let listHang = null // the hanging indent of the list item above, while that item goes on
  for (let item of items) {
    let { body } = item
    // an indented line is code or a table, unless it goes on with the list item above at that item's indent
    const lead = /^\s*/.exec(body)[0]
    if (LIST_MARKER.test(body)) listHang = ' '.repeat(LIST_MARKER.exec(body)[0].length)
    else if (lead === '') listHang = null
    if (lead !== '' && lead !== listHang && !LIST_MARKER.test(body)) item = { ...item, fixed: true }
    if (carry) {
      const continues =
        !item.fixed &&
        item.prefix === carry.prefix &&
        item.sep === carry.sep &&
        body.startsWith(carry.hang) &&
        !/^\s/.test(body.slice(carry.hang.length)) &&
        !STARTS_ITEM.test(body.slice(carry.hang.length))
      if (continues) {
        body = carry.hang + carry.text + ' ' + body.slice(carry.hang.length)
        carry = null
      } else emitCarry()
    }
    const line = item.prefix + item.sep + body
    if (item.fixed || width(line) <= max) {
      out.push(line)
      continue
    }
    // the hanging indent of a list item, or of a line that continues one
    const marker = LIST_MARKER.exec(body)
    const hang = marker ? ' '.repeat(marker[0].length) : /^\s*/.exec(body)[0]
    const cut = breakAt(body, max - width(item.prefix + item.sep), hang.length)
    if (!cut) {
      out.push(line)
      continue
    }
    out.push(item.prefix + item.sep + cut.head)
    carry = { text: cut.tail, hang, prefix: item.prefix, sep: item.sep }
  }
  if (carry) emitCarry()
  return out
}

/**
 * Where to break `text` so that its head fits `room` characters: at the last space that fits, outside `code`
 * spans if possible, never so that the tail would start an item (`- `, `1. `, `@tag`); past `from` (a hanging
 * indent). When no space fits, at the first space after (the line stays long, but less). Null: no space at all.
 */
function breakAt(text, room, from = 0) {
  const spaces = []
  let inCode = false
  for (let i = from; i < text.length; i++) {
    if (text[i] === '`') inCode = !inCode
    else if (text[i] === ' ' && i > from && text[i - 1] !== ' ') {
      const head = text.slice(0, i).trimEnd()
      const tail = text.slice(i).trimStart()
      if (head.trim() && tail && !STARTS_ITEM.test(tail)) spaces.push({ i, inCode, head, tail })
    }
  }
  const fits = spaces.filter((s) => width(s.head) <= room)
  const pick = fits.filter((s) => !s.inCode).at(-1) ?? fits.at(-1) ?? spaces.find((s) => width(s.head) > room)
  return pick ? { head: pick.head, tail: pick.tail } : null
}

/** The leaf tokens of a file (kind and text), to prove that a rewrap changed only comments. */
function tokens(fileName, text) {
  const kind = /\.[mc]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  const out = []
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return
    const children = node.getChildren(sf)
    if (children.length === 0) out.push(`${node.kind}:${node.getText(sf)}`)
    for (const child of children) visit(child)
  }
  visit(sf)
  return out.join('\n')
}

/** { text, wrapped: lines written anew, moved: trailing comments moved above their code, skipped? } for one file. */
export function rewrapComments(fileName, text, max = 120) {
  const { comments, literals, syntaxErrors } = sourceRanges(fileName, text)
  if (syntaxErrors > 0) return { text, wrapped: 0, moved: 0, skipped: 'syntax errors' }
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split(eol)
  if (!lines.some((l) => width(l) > max)) return { text, wrapped: 0, moved: 0 }
  const starts = [0]
  for (const line of lines) starts.push(starts.at(-1) + line.length + eol.length)
  const lineOf = (offset) => {
    let lo = 0
    let hi = lines.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo
  }
  // per line: the whole-line `//` comment it is, the block comment it belongs to, or its trailing `//` comment
  const wholeLine = new Map()
  const block = new Map()
  const trailing = new Map()
  for (const c of comments) {
    const first = lineOf(c.pos)
    const last = lineOf(c.end - 1)
    const before = text.slice(starts[first], c.pos)
    const after = text.slice(c.end, starts[last] + lines[last].length)
    if (c.kind === 'line') {
      if (before.trim() === '') wholeLine.set(first, c)
      else if (!block.has(first)) trailing.set(first, c)
    } else if (before.trim() === '' && after.trim() === '') {
      for (let i = first; i <= last; i++) block.set(i, { ...c, first, last })
    }
  }
  // a directive that applies to the line below it must stay right above it
  const appliesBelow = (line) => /^\s*\/\/\s*(@ts-|eslint-disable-next-line|prettier-ignore|c8 ignore next)/.test(line)

  const out = []
  let wrapped = 0
  let moved = 0
  const push = (before, after) => {
    out.push(...after)
    wrapped += after.filter((l) => !before.includes(l)).length
  }
  for (let i = 0; i < lines.length;) {
    const line = lines[i]
    if (wholeLine.has(i)) {
      // a run of whole-line `//` comments at one indentation
      const indent = /^\s*/.exec(line)[0]
      let j = i
      while (j + 1 < lines.length && wholeLine.has(j + 1) && /^\s*/.exec(lines[j + 1])[0] === indent) j++
      const run = lines.slice(i, j + 1)
      const items = run.map((l) => {
        const m = /^(\s*\/\/)( ?)(.*)$/.exec(l)
        const fixed =
          l.startsWith(indent + '///') || m[2] === '' || DIRECTIVE.test(m[3]) || /^\s*[\w$.]+\(.*\)$/.test(m[3])
        return { prefix: m[1], sep: m[2], body: m[3], fixed }
      })
      push(run, rewrapRun(items, max))
      i = j + 1
      continue
    }
    if (block.has(i)) {
      const c = block.get(i)
      const run = lines.slice(c.first, c.last + 1)
      const opener = /^(\s*)(\/\*\*?)/.exec(run[0])
      const inner = text.slice(c.pos + opener[2].length, c.end - 2)
      if (run.some((l) => width(l) > max) && !DIRECTIVE.test(inner) && !/^\s*\*?\s*@type\b/.test(inner)) {
        push(run, rewrapBlock(run, opener[1], opener[2], max))
      } else out.push(...run)
      i = c.last + 1
      continue
    }
    const c = trailing.get(i)
    // the line must start in code, not inside a multi-line literal or comment
    const inside = [rangeAt(literals, starts[i]), rangeAt(comments, starts[i])].some((r) => r && r.pos < starts[i])
    if (c && width(line) > max && !inside && !DIRECTIVE.test(text.slice(c.pos + 2, c.end))) {
      // a comment after code: onto its own lines above that code (above a directive that applies to the code)
      const indent = /^\s*/.exec(line)[0]
      const code = text.slice(starts[i], c.pos).trimEnd()
      const body = text.slice(c.pos + 2, c.end).trim()
      const above = rewrapRun([{ prefix: indent + '//', sep: ' ', body, fixed: false }], max)
      let at = out.length
      while (at > 0 && appliesBelow(out[at - 1])) at--
      out.splice(at, 0, ...above)
      out.push(code)
      wrapped += above.length + 1
      moved++
      i++
      continue
    }
    out.push(line)
    i++
  }
  const result = out.join(eol)
  if (result !== text && tokens(fileName, result) !== tokens(fileName, text)) {
    return { text, wrapped: 0, moved: 0, skipped: 'the rewrap would have changed a token (left as it was)' }
  }
  return { text: result, wrapped, moved }
}

/** The lines of a whole-line block comment (`/** ... *\/` or `/* ... *\/`), rewrapped. */
function rewrapBlock(run, indent, opener, max) {
  let lines = run
  if (lines.length === 1) {
    // `/** one long line */`: opened onto lines of its own
    const inner = lines[0].slice(indent.length + opener.length, lines[0].lastIndexOf('*/')).trim()
    lines = [indent + opener, `${indent} * ${inner}`, `${indent} */`]
  } else {
    // text on the opening or the closing line, when that line is too long, onto a line of its own
    const first = lines[0].slice(indent.length + opener.length)
    if (width(lines[0]) > max && first.trim())
      lines = [indent + opener, `${indent} * ${first.trim()}`, ...lines.slice(1)]
    const last = lines.at(-1)
    const end = /^(\s*\*?)\s*(.*?)\s*\*\/\s*$/.exec(last)
    if (width(last) > max && end && end[2])
      lines = [...lines.slice(0, -1), `${end[1] || indent + ' *'} ${end[2]}`, `${indent} */`]
  }
  // the opening and closing lines are kept; the lines between are runs of `prefix sep body`
  let fence = false
  const items = lines.slice(1, -1).map((l) => {
    const m = /^(\s*\*?)( ?)(.*)$/.exec(l)
    const isFence = /^\s*```/.test(m[3])
    const fixed = fence || isFence || DIRECTIVE.test(m[3])
    if (isFence) fence = !fence
    return { prefix: m[1], sep: m[2], body: m[3], fixed }
  })
  return [lines[0], ...rewrapRun(items, max), lines.at(-1)]
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const args = process.argv.slice(2)
  const check = args.includes('--check')
  const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? 120)
  const paths = args.filter((a) => !a.startsWith('--'))
  let files = 0
  let lines = 0
  let moved = 0
  for (const file of formattedFiles(root, paths).filter((f) => SCRIPT_FILE.test(f))) {
    const text = readFileSync(join(root, file), 'utf8')
    const result = rewrapComments(file, text, max)
    if (result.skipped) console.error(`${file}: ${result.skipped}`)
    if (result.text === text) continue
    files++
    lines += result.wrapped
    moved += result.moved
    console.log(
      `${file}: ${result.wrapped} lines${result.moved ? `, ${result.moved} comments moved above their code` : ''}`,
    )
    if (!check) writeFileSync(join(root, file), result.text)
  }
  console.log(`${check ? 'would rewrap' : 'rewrapped'} comments in ${files} files (${lines} lines, ${moved} moved)`)
  if (check && files > 0) process.exit(1)
}
