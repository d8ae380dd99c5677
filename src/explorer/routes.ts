/**
 * The curve explorer at /explorer: a read-only page over the public API (asset, market-data set and date in;
 * analytics, zero-rate charts of the curves a price used, cash flows by date out). Local assets only: the page,
 * its script and Chart.js from node_modules, under a Content-Security-Policy that allows nothing else.
 */
import type { FastifyPluginAsync } from 'fastify'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const PUBLIC = fileURLToPath(new URL('./public/', import.meta.url))
// chart.js exports no subpath for its UMD build: find it beside the package's main file
const CHART_JS = join(dirname(require.resolve('chart.js')), 'chart.umd.min.js')

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src " +
  "'none'; base-uri 'none'; frame-ancestors 'none'"

const FILES: Record<string, { path: string; type: string }> = {
  '/explorer': { path: join(PUBLIC, 'index.html'), type: 'text/html; charset=utf-8' },
  '/explorer/app.js': { path: join(PUBLIC, 'app.js'), type: 'application/javascript; charset=utf-8' },
  '/explorer/app.css': { path: join(PUBLIC, 'app.css'), type: 'text/css; charset=utf-8' },
  '/explorer/vendor/chart.umd.min.js': { path: CHART_JS, type: 'application/javascript; charset=utf-8' },
}

const routes: FastifyPluginAsync = async (app) => {
  for (const [url, file] of Object.entries(FILES)) {
    // read once at start: four static files, a few hundred kB in all
    const content = readFileSync(file.path)
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      return reply
        .type(file.type)
        .header('content-security-policy', CSP)
        .header('x-content-type-options', 'nosniff')
        .send(content)
    })
  }
}

export default routes
