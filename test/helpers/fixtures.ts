/** Reads an oracle fixture written by test/oracle/fixture_io.py (gzipped JSON committed under test/fixtures/). */
import { readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { fileURLToPath } from 'node:url'

export interface OracleFixture<Case> {
  quantlib_version: string
  seed: number | null
  generator: string
  cases: Case[]
}

export function loadFixture<Case>(name: string): OracleFixture<Case> {
  const path = fileURLToPath(new URL(`../fixtures/${name}.json.gz`, import.meta.url))
  return JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as OracleFixture<Case>
}

/** |actual - expected| <= tol * max(1, |expected|): relative for large values, absolute near zero. */
export function closeRel(actual: number, expected: number, tol: number): boolean {
  return Math.abs(actual - expected) <= tol * Math.max(1, Math.abs(expected))
}
