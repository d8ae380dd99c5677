import t from 'tap'
import { createTestDatabase } from '../helpers/database.ts'
import { migrate, readMigrations, MigrationError } from '../../src/db/migrate.ts'
import { createSql } from '../../src/db/client.ts'

t.test('migrations are recorded with checksums and re-running applies nothing', async (t) => {
  const { sql } = await createTestDatabase(t)
  const files = readMigrations()
  t.ok(files.length >= 1)
  const rows = await sql<
    { name: string; checksum: string }[]
  >`select name, checksum from schema_migrations order by name`
  t.same(
    rows.map((r) => r.name),
    files.map((f) => f.name),
  )
  t.same(
    rows.map((r) => r.checksum),
    files.map((f) => f.checksum),
  )
  t.same(await migrate(sql), [], 'nothing pending')
})

t.test('an edited applied migration is refused', async (t) => {
  const { sql } = await createTestDatabase(t)
  const edited = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'f'.repeat(64) } : m))
  await t.rejects(migrate(sql, edited), MigrationError)
  await t.rejects(migrate(sql, edited), { message: /was edited/ })
})

t.test('a new migration is applied in the same transaction as its record', async (t) => {
  const { sql } = await createTestDatabase(t)
  const broken = [
    ...readMigrations(),
    { name: '9999_broken.sql', checksum: 'x', sql: 'create table t_ok (a int); select * from no_such_table;' },
  ]
  await t.rejects(migrate(sql, broken))
  const [{ exists }] = await sql<{ exists: boolean }[]>`select to_regclass('t_ok') is not null as exists`
  t.equal(exists, false, 'the failed migration left nothing behind')
  const added = [...readMigrations(), { name: '9999_extra.sql', checksum: 'y', sql: 'create table t_extra (a int);' }]
  t.same(await migrate(sql, added), ['9999_extra.sql'])
})

t.test(
  'two processes migrating at once through a CREATE INDEX CONCURRENTLY migration: one applies it, neither deadlocks',
  async (t) => {
    const { url } = await createTestDatabase(t)
    const pools = [createSql(url, { max: 1 }), createSql(url, { max: 1 })]
    t.teardown(() => Promise.all(pools.map((p) => p.end({ timeout: 5 }))))
    // the index build waits for every snapshot: a process blocked in pg_advisory_lock held one, and deadlocked it
    const cic = {
      name: '9999_cic.sql',
      checksum: 'c',
      sql:
        '-- migrate:no-transaction\ncreate table if not exists t_cic (a int);\nselect pg_sleep(0.3);\ncreate index ' +
        'concurrently if not exists t_cic_a on t_cic (a);\n',
    }
    const runs = await Promise.all(pools.map((p) => migrate(p, [...readMigrations(), cic])))
    t.same(runs.flat(), ['9999_cic.sql'], 'applied once, by one of them')
  },
)

t.test('delete rules that delete-impact reports are in the schema', async (t) => {
  const { sql } = await createTestDatabase(t)
  const rules = await sql<{ tbl: string; col: string; rule: string }[]>`
    select tc.table_name as tbl, kcu.column_name as col, rc.delete_rule as rule
    from information_schema.referential_constraints rc
    join information_schema.table_constraints tc on tc.constraint_name = rc.constraint_name
    join information_schema.key_column_usage kcu on kcu.constraint_name = rc.constraint_name`
  const rule = (tbl: string, col: string) => rules.find((r) => r.tbl === tbl && r.col === col)?.rule
  t.equal(rule('curve_building_details', 'curve_uid'), 'CASCADE')
  t.equal(rule('pricing_curve_selections', 'curve_uid'), 'RESTRICT')
  t.equal(rule('discount_curve_observations', 'curve_identifier'), 'RESTRICT')
  t.equal(rule('index_convention_details', 'index_uid'), 'CASCADE')
  t.equal(rule('future_asset_details', 'underlying_index_uid'), 'RESTRICT')
  t.equal(rule('index_fixings', 'index_identifier'), 'RESTRICT')
  t.equal(rule('portfolios', 'published_index_uid'), 'SET NULL')
  t.equal(rule('pricing_market_data_bindings', 'market_data_set_uid'), 'CASCADE')
  t.equal(rule('pricing_curve_selections', 'market_data_set_uid'), 'CASCADE')
  t.equal(rule('portfolio_group_memberships', 'portfolio_group_uid'), 'CASCADE')
  t.equal(rule('virtual_funds', 'target_portfolio_uid'), 'RESTRICT')
  t.equal(rule('target_positions', 'portfolio_uid'), 'RESTRICT')
})
