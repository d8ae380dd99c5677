/**
 * Cache keys that are the content they stand for: a 128-bit SHA-256 prefix of the JSON of every input. A cache
 * keyed this way cannot serve a stale value when an input changes (building details, index conventions, a
 * republished observation), and two equal inputs share one entry.
 */
import { createHash } from 'node:crypto'

export function contentKey(...inputs: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('base64url').slice(0, 22)
}
