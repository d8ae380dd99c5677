/** Name and version of this service, read once from package.json (health, OpenAPI info, settings). */
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string
  version: string
}

export const SERVICE_NAME: string = pkg.name
export const SERVICE_VERSION: string = pkg.version
