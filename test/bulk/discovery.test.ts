import t from 'tap'
import { body } from '../helpers/app.ts'
import { buildBulk } from './app.ts'

const { app } = await buildBulk(t, { env: { BULK_WORKER_IN_PROCESS: 'false' } })

t.test('asset categories: the peer document, word for word (contract renamed to workspace.)', async (t) => {
  const r = await app.inject({ method: 'GET', url: '/api/v1/asset-category/discovery/' })
  t.equal(r.statusCode, 200)
  t.same(body(r), {
    contract: 'workspace.resource_discovery@v1',
    resource: {
      id: 'asset-categories',
      label: 'Asset categories',
      item_label: 'asset categories',
      identity: { fields: ['uid'] },
    },
    list: {
      controls: {
        search: {
          placeholder: 'Search asset categories',
          fields: ['display-name', 'unique-identifier', 'description', 'uid'],
        },
        filters: [],
        ordering: [],
      },
      columns: [
        {
          id: 'display-name',
          header: 'Name',
          value_path: 'display_name',
          data_type: 'text',
          default_visible: true,
          hideable: true,
          importance: 'primary',
        },
        {
          id: 'unique-identifier',
          header: 'Identifier',
          value_path: 'unique_identifier',
          data_type: 'text',
          default_visible: true,
          hideable: true,
        },
        {
          id: 'description',
          header: 'Description',
          value_path: 'description',
          data_type: 'text',
          default_visible: true,
          hideable: true,
        },
        { id: 'uid', header: 'UID', value_path: 'uid', data_type: 'text', default_visible: true, hideable: true },
      ],
    },
    bulk_actions: [
      {
        id: 'bulk-delete-asset-categories',
        label: 'Delete selected',
        endpoint: '/api/v1/asset-category/bulk-delete/',
        method: 'POST',
        selection_modes: ['explicit'],
        options: [],
        tone: 'danger',
        confirmation: {
          title: 'Delete asset categories',
          word: 'DELETE',
          button_label: 'Delete selected',
          warning: 'Deleted asset categories cannot be restored.',
        },
        preflight_endpoint: '/api/v1/asset-category/bulk-delete/preflight/',
      },
    ],
  })
})

t.test('portfolios and portfolio groups: one destructive explicit action each, with their filters', async (t) => {
  const p = body<{
    resource: { id: string }
    list: {
      controls: { search: { fields: string[] }; filters: { key: string }[] }
      columns: { id: string; filter_key?: string }[]
    }
    bulk_actions: Record<string, unknown>[]
  }>(await app.inject({ method: 'GET', url: '/api/v1/portfolio/discovery' }))
  t.equal(p.resource.id, 'portfolios')
  t.same(p.list.controls.search.fields, [
    'unique-identifier',
    'calendar-uid',
    'published-index-uid',
    'signal-uid',
    'uid',
  ])
  t.same(p.list.controls.filters, [{ key: 'calendar_uid', label: 'Calendar UID', type: 'text' }])
  t.same(
    p.list.columns.map((c) => c.id),
    ['unique-identifier', 'calendar-uid', 'published-index-uid', 'signal-uid', 'uid'],
  )
  t.equal(p.list.columns[1].filter_key, 'calendar_uid')
  t.equal(p.bulk_actions.length, 1)
  t.match(p.bulk_actions[0], {
    id: 'bulk-delete-portfolios',
    endpoint: '/api/v1/portfolio/bulk-delete/',
    preflight_endpoint: '/api/v1/portfolio/bulk-delete/preflight/',
    selection_modes: ['explicit'],
    options: [],
    tone: 'danger',
    confirmation: { title: 'Delete portfolios', warning: 'Deleted portfolios cannot be restored.' },
  })

  const g = body<typeof p>(
    await app.inject({
      method: 'GET',
      url: '/api/v1/portfolio-group/discovery/?display_name=x&unique_identifier=y&search=z',
    }),
  )
  t.equal(g.resource.id, 'portfolio-groups')
  t.same(
    g.list.controls.filters.map((f) => f.key),
    ['unique_identifier', 'display_name'],
  )
  t.same(
    g.list.columns.map((c) => [c.id, c.filter_key]),
    [
      ['display-name', 'display_name'],
      ['unique-identifier', 'unique_identifier'],
      ['description', undefined],
      ['uid', undefined],
    ],
  )
  t.match(g.bulk_actions, [
    {
      id: 'bulk-delete-portfolio-groups',
      endpoint: '/api/v1/portfolio-group/bulk-delete/',
      confirmation: { title: 'Delete portfolio groups' },
    },
  ])
})

t.test('presentation and unknown query keys are 400', async (t) => {
  let r = await app.inject({ method: 'GET', url: '/api/v1/portfolio/discovery/?limit=5&sort=x' })
  t.equal(r.statusCode, 400)
  t.equal(body(r).detail, 'Resource discovery does not accept presentation query keys: limit, sort.')
  r = await app.inject({ method: 'GET', url: '/api/v1/asset-category/discovery/?calendar_uid=x' })
  t.equal(r.statusCode, 400)
  t.equal(body(r).detail, 'Unsupported resource discovery query keys: calendar_uid.')
})

t.test('openapi names the nine operations on the reference paths', async (t) => {
  const doc = body<{ paths: Record<string, Record<string, { operationId?: string }>> }>(
    await app.inject({ method: 'GET', url: '/openapi.json' }),
  )
  const ids: Record<string, string | undefined> = {}
  for (const [path, ops] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(ops))
      if (op.operationId) ids[op.operationId] = `${method.toUpperCase()} ${path}`
  for (const [collection, plural] of [
    ['asset-category', 'AssetCategories'],
    ['portfolio', 'Portfolios'],
    ['portfolio-group', 'PortfolioGroups'],
  ]) {
    t.equal(ids[`discover${plural}`], `GET /api/v1/${collection}/discovery/`)
    t.equal(ids[`preflightBulkDelete${plural}`], `POST /api/v1/${collection}/bulk-delete/preflight/`)
    t.equal(ids[`bulkDelete${plural}`], `POST /api/v1/${collection}/bulk-delete/`)
  }
  t.notOk(
    Object.keys(doc.paths).some((p) => p.startsWith('/ops/') || p === '/metrics'),
    'ops routes stay out of the API description',
  )
})
