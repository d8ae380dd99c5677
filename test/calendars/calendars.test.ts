/** Calendar routes: the registry, then dates, sessions and events with their bulk upserts. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/calendar'
const DEMO = '4cc34b19-6eee-5bd5-a27b-483dc72d20c0'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>
const NEW = {
  unique_identifier: 'XNYS-TEST',
  display_name: 'NYSE test',
  calendar_type: 'trading day',
  timezone: 'America/New_York',
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
}

t.test('calendars: list, get, summary, create, update, delete', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const list = body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${BASE}/` }))
  t.same(
    list.items.map((c) => c.unique_identifier),
    ['NYSE', 'XLON'],
  )
  t.match(list.pageInfo, { pageSize: 50, totalItems: 2 })
  t.same(Object.keys(list.items[0]).sort(), [
    'calendar_type',
    'display_name',
    'metadata_json',
    'source',
    'source_identifier',
    'timezone',
    'uid',
    'unique_identifier',
    'valid_from',
    'valid_to',
  ])
  t.match(list.items[0].valid_from, /^\d{4}-\d{2}-\d{2}$/)
  t.equal((await app.inject({ url: `${BASE}/?limit=501` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/?colour=x` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/discovery/?calendar_type=TRADING` })).statusCode, 200)

  const post = (payload: object) => app.inject({ method: 'POST', url: `${BASE}/`, payload })
  const created = await post(NEW)
  t.equal(created.statusCode, 200, created.body)
  const cal = body<Json & { uid: string }>(created)
  t.match(cal, { calendar_type: 'TRADING_DAY', timezone: 'America/New_York', source: null, valid_from: '2026-01-01' })
  const dup = await post(NEW)
  t.same(
    [dup.statusCode, body(dup)],
    [409, { detail: "A calendar with unique_identifier 'XNYS-TEST' already exists." }],
  )
  t.equal(
    (await post({ ...NEW, unique_identifier: 'B', valid_to: '2025-01-01' })).statusCode,
    422,
    'valid_to before valid_from',
  )
  t.match(body(await post({ ...NEW, unique_identifier: 'C', timezone: 'Mars/Olympus' })).detail, /timezone/)
  t.equal((await post({ ...NEW, unique_identifier: 'D', valid_from: '2026-02-30' })).statusCode, 422)
  t.equal((await post({ ...NEW, unique_identifier: 'E', extra: 1 })).statusCode, 422)
  t.same(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/?calendar_type=trading%20day` })).items.map((c) => c.uid),
    [cal.uid],
  )
  t.same(
    body<{ items: Json[] }>(await app.inject({ url: `${BASE}/?unique_identifier_contains=xnys` })).items.map(
      (c) => c.uid,
    ),
    [cal.uid],
  )

  t.match(body(await app.inject({ url: `${BASE}/${cal.uid}/` })), { uid: cal.uid })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/` })).statusCode, 404)
  const summary = body<{ entity: Json; badges: Json[]; stats: Json[]; extensions: Json }>(
    await app.inject({ url: `${BASE}/${cal.uid}/summary/` }),
  )
  t.same(summary.entity, { id: cal.uid, type: 'calendar', title: 'NYSE test' })
  t.same(
    summary.badges.map((b) => [b.label, b.tone]),
    [
      ['TRADING_DAY', 'neutral'],
      ['America/New_York', 'neutral'],
    ],
  )
  t.match(summary.stats[0], { key: 'horizon_days', value: 365, display: '365' })
  t.match(summary.extensions, { relationships: { dates_url: `${BASE}/${cal.uid}/dates/` } })
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/summary/` })).statusCode, 404)

  const patch = (uid: string, payload: object) => app.inject({ method: 'PATCH', url: `${BASE}/${uid}/`, payload })
  t.match(body(await patch(cal.uid, { calendar_type: 'settlement', source: 'exchange' })), {
    calendar_type: 'SETTLEMENT',
    source: 'exchange',
    display_name: 'NYSE test',
  })
  t.equal(
    (await patch(cal.uid, { valid_to: '2025-06-30' })).statusCode,
    422,
    'one bound checked against the stored other',
  )
  t.equal((await patch(cal.uid, { unique_identifier: 'X' })).statusCode, 422, 'identifier immutable')
  t.equal((await patch(NOBODY, { source: 'x' })).statusCode, 404)
  t.equal(body(await patch(cal.uid, {})).uid, cal.uid)

  await app.inject({
    method: 'POST',
    url: `${BASE}/${cal.uid}/dates/`,
    payload: { local_date: '2026-07-03', is_holiday: true },
  })
  const blocked = await app.inject({ method: 'DELETE', url: `${BASE}/${DEMO}/` })
  t.equal(blocked.statusCode, 409, 'portfolios use the demo calendar')
  t.match(body(blocked).detail, /2 portfolio\(s\) use it/)
  const del = await app.inject({ method: 'DELETE', url: `${BASE}/${cal.uid}/` })
  t.same([del.statusCode, del.body], [200, 'null'])
  t.equal(
    (await db.sql`select count(*)::int as n from calendar_dates where calendar_uid = ${cal.uid}`)[0].n,
    0,
    'dates cascade',
  )
  t.equal((await app.inject({ method: 'DELETE', url: `${BASE}/${cal.uid}/` })).statusCode, 404)
})

t.test('dates: create, conflict, list filters, get, update, delete, bulk upsert', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const cal = body<{ uid: string }>(await app.inject({ method: 'POST', url: `${BASE}/`, payload: NEW }))
  const url = `${BASE}/${cal.uid}/dates/`
  const created = await app.inject({
    method: 'POST',
    url,
    payload: { local_date: '2026-07-03', is_holiday: true, holiday_name: 'Independence Day (observed)' },
  })
  t.equal(created.statusCode, 200, created.body)
  const d = body<Json & { uid: string }>(created)
  t.same(d, {
    uid: d.uid,
    calendar_uid: cal.uid,
    local_date: '2026-07-03',
    is_business_day: false,
    is_holiday: true,
    is_weekend: false,
    is_early_close: false,
    holiday_name: 'Independence Day (observed)',
    metadata_json: null,
  })
  const dup = await app.inject({ method: 'POST', url, payload: { local_date: '2026-07-03' } })
  t.same(
    [dup.statusCode, body(dup)],
    [409, { detail: 'A calendar date with the same local_date (2026-07-03) already exists in this calendar.' }],
  )
  t.equal(
    (await app.inject({ method: 'POST', url: `${BASE}/${NOBODY}/dates/`, payload: { local_date: '2026-07-03' } }))
      .statusCode,
    404,
    'missing calendar',
  )
  t.equal((await app.inject({ method: 'POST', url, payload: { local_date: 'July 3rd' } })).statusCode, 422)

  const bulk = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        { local_date: '2026-07-03', is_business_day: false },
        { local_date: '2026-11-26', is_holiday: true, holiday_name: 'Thanksgiving' },
        { local_date: '2026-11-27', is_early_close: true },
      ],
    },
  })
  t.equal(bulk.statusCode, 200, bulk.body)
  t.equal(body<Json[]>(bulk).length, 3)
  t.match(
    body(await app.inject({ url: `${url}${d.uid}/` })),
    { is_holiday: false, holiday_name: null },
    'an upsert overwrites omitted fields with their defaults',
  )
  const repeated = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        { local_date: '2026-12-25' },
        { local_date: '2026-12-24' },
        { local_date: '2026-12-25', is_holiday: true },
      ],
    },
  })
  t.same(
    [repeated.statusCode, body(repeated)],
    [422, { detail: 'body.rows[2] repeats the key of body.rows[0] (local_date=2026-12-25).' }],
  )
  t.equal(
    (await db.sql`select count(*)::int as n from calendar_dates where local_date = '2026-12-24'`)[0].n,
    0,
    'all or nothing',
  )
  t.same(body(await app.inject({ method: 'POST', url: `${url}bulk-upsert/`, payload: {} })), [], 'no rows, no write')
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url: `${BASE}/${NOBODY}/dates/bulk-upsert/`,
        payload: { rows: [{ local_date: '2026-01-01' }] },
      })
    ).statusCode,
    404,
  )

  const list = async (qs = '') => body<{ items: Json[]; pageInfo: Json }>(await app.inject({ url: `${url}${qs}` }))
  t.same(
    (await list()).items.map((r) => r.local_date),
    ['2026-07-03', '2026-11-26', '2026-11-27'],
  )
  t.match((await list()).pageInfo, { pageSize: 500 })
  t.same(
    (await list('?start_date=2026-11-01&is_holiday=true')).items.map((r) => r.local_date),
    ['2026-11-26'],
  )
  t.equal((await app.inject({ url: `${url}?limit=10001` })).statusCode, 422)
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/dates/` })).statusCode, 404)
  t.equal((await app.inject({ url: `${url}discovery/?is_holiday=true` })).statusCode, 200)

  const patch = await app.inject({
    method: 'PATCH',
    url: `${url}${d.uid}/`,
    payload: { is_holiday: true, holiday_name: 'Observed' },
  })
  t.match(body(patch), { local_date: '2026-07-03', is_holiday: true, holiday_name: 'Observed' })
  t.equal(
    (await app.inject({ method: 'PATCH', url: `${url}${d.uid}/`, payload: { local_date: '2026-07-04' } })).statusCode,
    422,
    'local_date immutable',
  )
  t.equal((await app.inject({ url: `${BASE}/${DEMO}/dates/${d.uid}/` })).statusCode, 404, 'a date of another calendar')
  const del = await app.inject({ method: 'DELETE', url: `${url}${d.uid}/` })
  t.same([del.statusCode, del.body], [200, 'null'])
  t.equal((await app.inject({ method: 'DELETE', url: `${url}${d.uid}/` })).statusCode, 404)
})

t.test('sessions: time order, time zones, natural key', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const cal = body<{ uid: string }>(await app.inject({ method: 'POST', url: `${BASE}/`, payload: NEW }))
  const url = `${BASE}/${cal.uid}/sessions/`
  const post = (payload: object) => app.inject({ method: 'POST', url, payload })
  const created = await post({
    local_date: '2026-11-23',
    session_label: 'regular',
    opens_at: '2026-11-23T09:30:00-05:00',
    closes_at: '2026-11-23T16:00:00-05:00',
    timezone: 'America/New_York',
  })
  t.equal(created.statusCode, 200, created.body)
  const s = body<Json & { uid: string }>(created)
  t.match(s, {
    opens_at: '2026-11-23T14:30:00.000Z',
    closes_at: '2026-11-23T21:00:00.000Z',
    is_primary: true,
    timezone: 'America/New_York',
  })
  t.equal((await post({ local_date: '2026-11-23', session_label: 'regular' })).statusCode, 409)
  const backwards = await post({
    local_date: '2026-11-24',
    session_label: 'regular',
    opens_at: '2026-11-24T16:00:00Z',
    closes_at: '2026-11-24T09:00:00Z',
  })
  t.equal(backwards.statusCode, 422)
  t.match(body(backwards).detail, /closes before it opens/)
  t.equal(
    (await post({ local_date: '2026-11-24', session_label: 'regular', opens_at: '2026-11-24T09:00:60Z' })).statusCode,
    422,
    'leap second',
  )
  t.match(
    body(await post({ local_date: '2026-11-25', session_label: 'regular', opens_at: '2026-11-25T09:00:00' })),
    { opens_at: '2026-11-25T09:00:00.000Z' },
    'a naive timestamp is UTC',
  )
  t.match(
    body(await post({ local_date: '2026-11-24', session_label: 'regular', timezone: 'Nowhere/Land' })).detail,
    /timezone/,
  )
  const patch = await app.inject({
    method: 'PATCH',
    url: `${url}${s.uid}/`,
    payload: { closes_at: '2026-11-23T14:00:00Z' },
  })
  t.equal(patch.statusCode, 422, 'an update is checked against the stored opens_at')
  t.match(body(await app.inject({ method: 'PATCH', url: `${url}${s.uid}/`, payload: { is_primary: false } })), {
    is_primary: false,
  })
  t.equal(
    (await app.inject({ method: 'PATCH', url: `${url}${s.uid}/`, payload: { session_label: 'x' } })).statusCode,
    422,
  )
  const bulk = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        { local_date: '2026-11-23', session_label: 'regular' },
        { local_date: '2026-11-27', session_label: 'early', closes_at: '2026-11-27T18:00:00Z' },
      ],
    },
  })
  t.equal(bulk.statusCode, 200, bulk.body)
  t.same(
    body<{ items: Json[] }>(await app.inject({ url: `${url}?session_label=early` })).items.map((r) => r.local_date),
    ['2026-11-27'],
  )
  const badBulk = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        {
          local_date: '2026-11-30',
          session_label: 'x',
          opens_at: '2026-11-30T10:00:00Z',
          closes_at: '2026-11-30T09:00:00Z',
        },
      ],
    },
  })
  t.equal(badBulk.statusCode, 422)
  t.match(body(badBulk).detail, /^body\.rows\[0\]\.closes_at/)
  t.equal((await app.inject({ url: `${url}${s.uid}/` })).statusCode, 200)
  t.equal((await app.inject({ method: 'DELETE', url: `${url}${s.uid}/` })).statusCode, 200)
  t.equal((await app.inject({ url: `${url}${s.uid}/` })).statusCode, 404)
})

t.test('events: normalization, immutable key, bulk upsert with required dates', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const cal = body<{ uid: string }>(await app.inject({ method: 'POST', url: `${BASE}/`, payload: NEW }))
  const url = `${BASE}/${cal.uid}/events/`
  const created = await app.inject({
    method: 'POST',
    url,
    payload: {
      event_date: '2026-12-16',
      event_type: 'fomc decision',
      event_label: '  FOMC  ',
      target_identifier: null,
      event_time: '2026-12-16T19:00:00Z',
    },
  })
  t.equal(created.statusCode, 200, created.body)
  const e = body<Json & { uid: string }>(created)
  t.match(e, {
    event_type: 'FOMC_DECISION',
    event_label: 'FOMC',
    target_type: '',
    target_identifier: '',
    target_uid: null,
    event_time: '2026-12-16T19:00:00.000Z',
  })
  t.equal(
    (
      await app.inject({
        method: 'POST',
        url,
        payload: { event_date: '2026-12-16', event_type: 'FOMC_DECISION', event_label: 'FOMC' },
      })
    ).statusCode,
    409,
    'same natural key',
  )
  const undated = await app.inject({ method: 'POST', url, payload: { event_type: 'review' } })
  t.match(body(undated), { event_date: null, event_type: 'REVIEW' })
  t.equal(
    (await app.inject({ method: 'POST', url, payload: { event_type: 'review' } })).statusCode,
    409,
    'undated events share a key too',
  )
  t.equal(
    (await app.inject({ method: 'POST', url, payload: { event_type: 'x', event_time: '2026-12-16T19:00:00+0100' } }))
      .statusCode,
    422,
    'an offset without its colon',
  )
  t.match(
    body(await app.inject({ method: 'POST', url, payload: { event_type: 'x', event_time: '2026-12-16T19:00:00' } })),
    { event_time: '2026-12-16T19:00:00.000Z' },
    'a naive event time is UTC',
  )
  t.equal(
    (await app.inject({ method: 'POST', url: `${url}bulk-upsert/`, payload: { rows: [{ event_type: 'CPI' }] } }))
      .statusCode,
    422,
    'event_date required in upserts',
  )
  const bulk = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        { event_date: '2026-12-16', event_type: 'FOMC decision', event_label: 'FOMC', metadata_json: { chair: 'x' } },
        { event_date: '2026-12-10', event_type: 'CPI' },
      ],
    },
  })
  t.equal(bulk.statusCode, 200, bulk.body)
  t.match(
    body(await app.inject({ url: `${url}${e.uid}/` })),
    { metadata_json: { chair: 'x' }, event_time: null },
    'upsert replaced the row by its natural key',
  )
  const dupKey = await app.inject({
    method: 'POST',
    url: `${url}bulk-upsert/`,
    payload: {
      rows: [
        { event_date: '2026-12-10', event_type: 'cpi' },
        { event_date: '2026-12-10', event_type: 'CPI' },
      ],
    },
  })
  t.equal(dupKey.statusCode, 422, 'keys compared after normalization')
  t.same(
    body<{ items: Json[] }>(
      await app.inject({ url: `${url}?start_date=2026-12-01&event_type=fomc%20decision` }),
    ).items.map((r) => r.uid),
    [e.uid],
  )
  t.match(body(await app.inject({ method: 'PATCH', url: `${url}${e.uid}/`, payload: { target_uid: NOBODY } })), {
    target_uid: NOBODY,
  })
  t.equal(
    (await app.inject({ method: 'PATCH', url: `${url}${e.uid}/`, payload: { event_label: 'x' } })).statusCode,
    422,
  )
  t.equal(
    (await app.inject({ method: 'PATCH', url: `${BASE}/${DEMO}/events/${e.uid}/`, payload: { target_uid: null } }))
      .statusCode,
    404,
  )
  t.equal((await app.inject({ method: 'DELETE', url: `${url}${e.uid}/` })).statusCode, 200)
  t.equal((await app.inject({ url: `${url}not-a-uid/` })).statusCode, 422)
})
