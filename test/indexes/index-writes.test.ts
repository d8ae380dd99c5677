/** Creating and editing indexes with their conventions: codes pricing would refuse are refused on write. */
import t from 'tap'
import { build, body } from '../helpers/app.ts'

const BASE = '/api/v1/index'
const SOFR = 'e992839e-b2d4-52a5-a22c-593390feefa1'
const UST_BENCH = '0d814198-7db4-530b-aad0-7148438ff9bb'
const NOBODY = '00000000-0000-4000-8000-000000000000'
type Json = Record<string, unknown>

const ESTR = {
  tenor: '1D',
  fixing_days: 0,
  calendar: { name: 'TARGET' },
  day_count: 'Actual360',
  business_day_convention: 'Following',
  end_of_month: false,
  currency: 'EUR',
}

t.test('create with conventions', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const create = (payload: Json) => app.inject({ method: 'POST', url: `${BASE}/`, payload })

  const res = await create({
    unique_identifier: 'EUR-ESTR',
    index_type: 'interest_rate',
    display_name: 'Euro short-term rate',
    convention: { index_family: 'ESTR', convention_dump: ESTR },
  })
  t.equal(res.statusCode, 201)
  const index = body<Json & { convention: Json }>(res)
  t.match(index, {
    unique_identifier: 'EUR-ESTR',
    calculation_method: 'custom',
    value_format: 'decimal',
    value_suffix: null,
    description: null,
    metadata_json: null,
  })
  t.same(index.convention, {
    index_uid: index.uid,
    index_family: 'ESTR',
    convention_dump: ESTR,
    serialization_format: 'fixed_income.index_convention@v1',
    source: null,
    metadata_json: null,
  })
  t.same(body(await app.inject({ url: `${BASE}/${index.uid}/convention/` })), index.convention)
  t.same(
    Object.keys(body(await app.inject({ url: `${BASE}/${index.uid}/` }))).sort(),
    [
      'calculation_method',
      'description',
      'display_name',
      'index_type',
      'metadata_json',
      'uid',
      'unique_identifier',
      'value_format',
      'value_suffix',
    ],
    'getIndex keeps its shape',
  )

  const explicit = body(
    await create({
      uid: '5f0b8f5c-1a44-4c7e-9d7b-0a0e3c0f6a11',
      unique_identifier: 'PLAIN',
      index_type: 'benchmark',
      display_name: 'Plain',
      value_format: 'percent',
      metadata_json: { a: 1 },
    }),
  )
  t.match(explicit, {
    uid: '5f0b8f5c-1a44-4c7e-9d7b-0a0e3c0f6a11',
    value_format: 'percent',
    metadata_json: { a: 1 },
    convention: null,
  })
  t.equal((await app.inject({ url: `${BASE}/${explicit.uid}/convention/` })).statusCode, 404, 'no conventions')

  t.equal((await create({ unique_identifier: 'EUR-ESTR', index_type: 'x', display_name: 'dup' })).statusCode, 409)
  const refusals: [Json, string][] = [
    [{ ...ESTR, calendar: { name: 'Atlantis' } }, 'body.convention.convention_dump.calendar'],
    [{ ...ESTR, calendar: {} }, 'body.convention.convention_dump.calendar.name'],
    [
      { ...ESTR, calendar: { name: 'JointCalendar', calendars: 'TARGET' } },
      'body.convention.convention_dump.calendar.calendars',
    ],
    [{ ...ESTR, day_count: 'Actual/999' }, 'body.convention.convention_dump.day_count'],
    [{ ...ESTR, business_day_convention: 'Sideways' }, 'body.convention.convention_dump.business_day_convention'],
  ]
  for (const [dump, where] of refusals) {
    const bad = await create({
      unique_identifier: `BAD-${where}`,
      index_type: 'interest_rate',
      display_name: 'Bad',
      convention: { index_family: 'X', convention_dump: dump },
    })
    t.equal(bad.statusCode, 422, where)
    t.match(body(bad).detail, where)
  }
  t.equal(
    (
      await create({
        unique_identifier: 'BAD',
        index_type: 'x',
        display_name: 'Bad',
        convention: { index_family: 'X', convention_dump: { ...ESTR, tenor: 'often' } },
      })
    ).statusCode,
    422,
  )
  // a tenor of no length forecasts over no period: every coupon would fail when priced
  for (const tenor of ['0M', '-3M']) {
    const res = await create({
      unique_identifier: 'BAD',
      index_type: 'x',
      display_name: 'Bad',
      convention: { index_family: 'X', convention_dump: { ...ESTR, tenor } },
    })
    t.equal(res.statusCode, 422, `tenor ${tenor}`)
    t.match(body(res).detail, /convention_dump\.tenor: /)
  }
  t.equal(
    (
      await create({
        unique_identifier: 'BAD',
        index_type: 'x',
        display_name: 'Bad',
        convention: { index_family: 'X', convention_dump: { ...ESTR, extra: 1 } },
      })
    ).statusCode,
    422,
  )
  t.equal(
    (await create({ unique_identifier: 'BAD', index_type: 'x', display_name: 'Bad', calculation_method: 'magic' }))
      .statusCode,
    422,
  )
  t.equal(
    body<{ pageInfo: Json }>(await app.inject({ url: `${BASE}/` })).pageInfo.totalItems,
    14,
    'refused creates wrote nothing',
  )
})

t.test('update, with and without conventions', async (t) => {
  const { app, db } = await build(t, { bundle: 'demo' })
  const patch = (uid: string, payload: Json) => app.inject({ method: 'PATCH', url: `${BASE}/${uid}/`, payload })

  const renamed = body<Json & { convention: Json }>(
    await patch(SOFR, { display_name: 'Term SOFR 3M', description: null }),
  )
  t.match(renamed, {
    uid: SOFR,
    unique_identifier: 'USD-TERM-SOFR-3M',
    display_name: 'Term SOFR 3M',
    description: null,
    index_type: 'interest_rate',
  })
  t.match(
    renamed.convention,
    { index_family: 'TermSOFR', convention_dump: { tenor: '3M' } },
    'conventions untouched when not sent',
  )

  const moved = body<Json & { convention: Json }>(
    await patch(SOFR, {
      convention: {
        index_family: 'TermSOFR',
        source: 'desk',
        convention_dump: {
          tenor: '3M',
          fixing_days: 2,
          calendar: { name: 'UnitedStates::SOFR' },
          day_count: 'Actual360',
          business_day_convention: 'ModifiedFollowing',
          end_of_month: false,
          currency: 'USD',
        },
      },
    }),
  )
  t.match(moved.convention, { source: 'desk', convention_dump: { calendar: { name: 'UnitedStates::SOFR' } } })
  const [stored] = await db.sql<
    { c: Json }[]
  >`select convention_dump as c from index_convention_details where index_uid = ${SOFR}`
  t.same(stored.c.calendar, { name: 'UnitedStates::SOFR' })

  const refused = await patch(SOFR, {
    display_name: 'Never',
    convention: { index_family: 'TermSOFR', convention_dump: { ...ESTR, calendar: { name: 'Narnia' } } },
  })
  t.equal(refused.statusCode, 422)
  t.equal(
    body<Json>(await app.inject({ url: `${BASE}/${SOFR}/` })).display_name,
    'Term SOFR 3M',
    'a refused update changes nothing',
  )

  t.match(
    body(await patch(UST_BENCH, { convention: { index_family: 'Benchmark', convention_dump: ESTR } })),
    { convention: { index_family: 'Benchmark' } },
    'conventions added',
  )
  t.match(body(await patch(UST_BENCH, { convention: null })), { convention: null }, 'null removes them')
  t.equal((await patch(SOFR, { unique_identifier: 'OTHER' })).statusCode, 422, 'identifier is immutable')
  t.equal((await patch(NOBODY, { display_name: 'x' })).statusCode, 404)
  t.equal((await app.inject({ url: `${BASE}/${NOBODY}/convention/` })).statusCode, 404)
})

t.test('a floater prices on the conventions written through the API', async (t) => {
  const { app } = await build(t, { bundle: 'demo' })
  const price = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/pricing/assets/138fe3e2-b549-5390-868b-7ca3ba030ef3/price/',
      payload: { valuation_date: '2026-11-20T00:00:00Z', market_data_set: 'default' },
    })
  const before = body<{ price: number }>(await price()).price
  const convention = {
    index_family: 'TermSOFR',
    convention_dump: {
      tenor: '3M',
      fixing_days: 2,
      calendar: { name: 'UnitedStates::Settlement' },
      day_count: 'Actual365Fixed',
      business_day_convention: 'ModifiedFollowing',
      end_of_month: false,
      currency: 'USD',
    },
  }
  t.equal((await app.inject({ method: 'PATCH', url: `${BASE}/${SOFR}/`, payload: { convention } })).statusCode, 200)
  const after = body<{ price: number }>(await price()).price
  t.not(after, before, 'the new day count reaches pricing (no stale cache)')
})
