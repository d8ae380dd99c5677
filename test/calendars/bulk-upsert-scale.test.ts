/**
 * Calendar bulk upserts at scale: concurrent overlapping writers, more rows than one statement can bind, all or
 * nothing.
 */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/calendar'
type Json = Record<string, unknown>

/** `n` consecutive ISO dates from 2000-01-01. */
const dates = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2000, 0, 1 + from + i)).toISOString().slice(0, 10))

/** A deterministic shuffle (mulberry32), so each writer sends the shared rows in its own order. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed
  const random = () => {
    a = (a + 0x6d2b79f5) | 0
    let x = Math.imul(a ^ (a >>> 15), 1 | a)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

t.test('calendar bulk upserts: concurrent, large, atomic', async (t) => {
  const { app, db } = await build(t)
  const created = await app.inject({
    method: 'POST',
    url: `${BASE}/`,
    payload: {
      unique_identifier: 'BULK',
      display_name: 'bulk',
      calendar_type: 'trading',
      valid_from: '2000-01-01',
      valid_to: '2099-12-31',
    },
  })
  const cal = body<{ uid: string }>(created).uid
  const upsert = (kind: string, rows: Json[]) =>
    app.inject({ method: 'POST', url: `${BASE}/${cal}/${kind}/bulk-upsert/`, payload: { rows } })
  const count = async (table: string) =>
    (await db.sql<{ n: number }[]>`select count(*)::int as n from ${db.sql(table)} where calendar_uid = ${cal}`)[0].n

  await t.test('20 concurrent upserts of overlapping rows all succeed', async (t) => {
    // writer i sends 400 dates overlapping its neighbours' by 300, each in its own order, twice over
    const writers = Array.from({ length: 20 }, (_, i) =>
      shuffled(dates(400, i * 100), i + 1).map((d) => ({
        local_date: d,
        is_holiday: i % 2 === 0,
        holiday_name: `writer ${i}`,
      })),
    )
    const answers = await Promise.all([...writers, ...writers].map((rows) => upsert('dates', rows)))
    t.same(
      answers.map((a) => a.statusCode),
      answers.map(() => 200),
      answers.find((a) => a.statusCode !== 200)?.body ?? 'all 200',
    )
    const first = body<Json[]>(answers[0])
    t.same(
      first.map((r) => r.local_date),
      writers[0].map((r) => r.local_date),
      'rows answer in the order they were sent',
    )
    t.equal(await count('calendar_dates'), 19 * 100 + 400)
    const sessions = Array.from({ length: 20 }, (_, i) =>
      shuffled(dates(50), i + 100).flatMap((d) =>
        ['AM', 'PM'].map((label) => ({ local_date: d, session_label: label })),
      ),
    )
    const sessionAnswers = await Promise.all(sessions.map((rows) => upsert('sessions', rows)))
    t.same(
      sessionAnswers.map((a) => a.statusCode),
      sessionAnswers.map(() => 200),
    )
  })

  await t.test('20,000 rows, more than one statement can bind, in one request', async (t) => {
    // plain rows, so 20,000 fit the default 1 MiB body limit
    const rows: Json[] = dates(20_000).map((d) => ({ local_date: d }))
    rows[19_999] = { local_date: rows[19_999].local_date, is_holiday: true, holiday_name: 'last' }
    const res = await upsert('dates', rows)
    t.equal(res.statusCode, 200, res.body.slice(0, 300))
    const out = body<Json[]>(res)
    t.equal(out.length, 20_000)
    t.match(out[0], { local_date: '2000-01-01', is_holiday: false, holiday_name: null })
    t.match(out[19_999], rows[19_999])
    t.equal(await count('calendar_dates'), 20_000)
  })

  await t.test('a row refused in a later chunk writes nothing at all', async (t) => {
    // the test's own database only: a trigger that refuses one marked row, which sorts into the last chunk
    await db.sql.unsafe(
      `
      create function refuse_marked() returns trigger language plpgsql as $$
      begin if new.holiday_name = 'refuse me' then raise exception 'refused' using errcode = '22023'; end if; return ` +
        `new; end $$;
      create trigger refuse_marked before insert or update on calendar_dates for each row execute function ` +
        `refuse_marked();`,
    )
    const rows: Json[] = dates(20_000, 10).map((d) => ({ local_date: d, is_weekend: true }))
    t.ok(JSON.stringify({ rows }).length < 1024 * 1024, 'the request fits the default body limit')
    rows[rows.length - 1] = { ...rows[rows.length - 1], holiday_name: 'refuse me' }
    const res = await upsert('dates', rows)
    t.same([res.statusCode, Object.keys(body(res))], [422, ['detail']])
    t.notMatch(res.body, /refused|calendar_dates|trigger/)
    const [changed] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from calendar_dates where calendar_uid = ${cal} and is_weekend`
    t.equal(changed.n, 0, 'the earlier chunks were rolled back')
    t.equal(await count('calendar_dates'), 20_000, 'and the new rows of the later chunk were not kept')
  })
})
