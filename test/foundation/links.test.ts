/**
 * Every link a summary or detail response emits resolves: the API never sends a client to a route that answers
 * 404. Crawls the demo's summaries and details and follows every `/api/v1/...` string in them with a GET.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const PAGES = [
  '/api/v1/asset/d4037e5c-6e60-5619-b1cd-8b02cccb5792/',
  '/api/v1/asset/d4037e5c-6e60-5619-b1cd-8b02cccb5792/summary/',
  '/api/v1/asset-category/3bef39ea-f9ed-5e87-9b46-055bf2e8241d/',
  '/api/v1/account/4738aafb-ee10-504f-a54a-f9e9b4ec0527/',
  '/api/v1/account/4738aafb-ee10-504f-a54a-f9e9b4ec0527/summary/',
  '/api/v1/portfolio/4685f896-16e4-57f7-bf37-6fa5de28a903/',
  '/api/v1/portfolio/4685f896-16e4-57f7-bf37-6fa5de28a903/summary/',
  '/api/v1/portfolio/1c17064b-75a4-59d7-8921-f8beee198bc8/summary/',
  '/api/v1/virtualfund/40de67a2-1b8d-595d-9564-a9478b55c814/',
  '/api/v1/virtualfund/40de67a2-1b8d-595d-9564-a9478b55c814/summary/',
  '/api/v1/calendar/4cc34b19-6eee-5bd5-a27b-483dc72d20c0/summary/',
  '/api/v1/pricing/curves/3f307e10-b307-50a5-8447-84b70001e1f2/summary/',
  '/api/v1/pricing/market_data/',
]

/** Every string value that is an API path, with the JSON path it was found at. */
function links(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return value.startsWith('/api/v1/') ? [[path, value]] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => links(v, `${path}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => links(v, `${path}.${k}`))
  return []
}

t.test('summary and detail links resolve', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  let followed = 0
  for (const page of PAGES) {
    const res = await app.inject({ url: page })
    t.equal(res.statusCode, 200, page)
    for (const [where, url] of links(body(res))) {
      if (/(create|upsert)_url$/.test(where)) {
        // write endpoints: they exist when an empty body is refused by validation rather than by routing
        t.equal(
          (await app.inject({ method: 'POST', url, payload: {} })).statusCode,
          422,
          `${page} ${where} → POST ${url}`,
        )
      } else {
        t.equal((await app.inject({ url })).statusCode, 200, `${page} ${where} → ${url}`)
      }
      followed++
    }
  }
  t.ok(followed > 30, `followed ${followed} links`)
})
