// For scripts/rewrap-comments.mjs and scripts/check-line-length.mjs: the files Prettier formats, and where the
// comments and the string, template and regular-expression literals of a TypeScript or JavaScript file are, from
// TypeScript's own parser (the `typescript` package; text outside these ranges is code).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/**
 * The files under `root` that Prettier formats: git's files (tracked, and new ones not ignored) less what
 * .prettierignore lists, read simply: a pattern with a slash matches from the root, `dir/` a folder, a name
 * without a slash any file of that name; `*` matches within one path segment, `**` across segments.
 * `paths` narrows the list to those files or folders.
 */
export function formattedFiles(root, paths = []) {
  const ignoreFile = join(root, '.prettierignore')
  const ignored = (existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((pattern) => {
      const anchored = pattern.replace(/\/$/, '').includes('/')
      const body = pattern
        .replace(/^\//, '')
        .replace(/\/$/, '/**')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\0')
        .replace(/\*/g, '[^/]*')
        .replace(/\0/g, '.*')
      return new RegExp(anchored ? `^${body}$` : `(^|/)${body}$`)
    })
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f && !ignored.some((re) => re.test(f)) && existsSync(join(root, f)))
}

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
])

export const SCRIPT_FILE = /\.(ts|mts|cts|tsx|js|mjs|cjs|jsx)$/

/**
 * { comments: [{ pos, end, kind: 'line' | 'block' }], literals: [{ pos, end }] }, each sorted by position;
 * `end` is exclusive. A template with substitutions is one literal, its `${...}` expressions included.
 * `syntaxErrors` counts what the parser could not read (the ranges are then unreliable).
 */
export function sourceRanges(fileName, text) {
  const scriptKind = /x$/.test(fileName)
    ? /\.[mc]?jsx$/.test(fileName)
      ? ts.ScriptKind.JSX
      : ts.ScriptKind.TSX
    : /\.[mc]?js$/.test(fileName)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind)
  const comments = new Map()
  const literals = []
  const addComments = (ranges) => {
    for (const r of ranges ?? []) {
      comments.set(r.pos, {
        pos: r.pos,
        end: r.end,
        kind: r.kind === ts.SyntaxKind.SingleLineCommentTrivia ? 'line' : 'block',
      })
    }
  }
  // inTemplate: inside a template with substitutions, recorded whole (its `${...}` parts too)
  const visit = (node, inTemplate) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return
    const children = node.getChildren(sf)
    if (children.length === 0) {
      // a token: the comments are in the trivia before it
      addComments(ts.getLeadingCommentRanges(text, node.pos))
      addComments(ts.getTrailingCommentRanges(text, node.pos))
      if (!inTemplate && LITERALS.has(node.kind)) literals.push({ pos: node.getStart(sf), end: node.end })
    }
    const template = !inTemplate && node.kind === ts.SyntaxKind.TemplateExpression
    if (template) literals.push({ pos: node.getStart(sf), end: node.end })
    for (const child of children) visit(child, inTemplate || template)
  }
  visit(sf, false)
  // the end-of-file token carries the comments after the last statement
  addComments(ts.getLeadingCommentRanges(text, sf.endOfFileToken.pos))
  addComments(ts.getTrailingCommentRanges(text, sf.endOfFileToken.pos))
  return {
    comments: [...comments.values()].sort((a, b) => a.pos - b.pos),
    literals: literals.sort((a, b) => a.pos - b.pos),
    syntaxErrors: sf.parseDiagnostics?.length ?? 0,
  }
}

/** The range of `ranges` (sorted, disjoint) that holds offset `at`, or undefined. */
export function rangeAt(ranges, at) {
  let lo = 0
  let hi = ranges.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (ranges[mid].end <= at) lo = mid + 1
    else if (ranges[mid].pos > at) hi = mid - 1
    else return ranges[mid]
  }
  return undefined
}
