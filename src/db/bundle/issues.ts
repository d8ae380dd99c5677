/** What the loader reports: issues by JSON path (errors refuse the bundle, warnings do not). */

export interface BundleIssue {
  path: string
  message: string
}

export class BundleValidationError extends Error {
  override readonly name = 'BundleValidationError'
  constructor(readonly issues: BundleIssue[]) {
    super(
      `the bundle has ${issues.length} ` +
        `error${issues.length === 1 ? '' : 's'}:\n${issues.map((i) => `  ${i.path}: ${i.message}`).join('\n')}`,
    )
  }
}

/** `/assets/3/uid` → `$.assets[3].uid` */
export function jsonPath(pointer: string): string {
  return (
    '$' +
    pointer
      .split('/')
      .filter(Boolean)
      .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`))
      .join('')
  )
}
