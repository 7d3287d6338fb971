// The cluster's database set-up, on a real PostgreSQL server: the chart's roles script
// (charts/caskade/files/database-roles.sh, run by the roles Job and by PostgreSQL's first start)
// gives each service a role that owns its schema and reaches nothing else, and a service's bundle
// run as the migration Job (DB_MIGRATIONS=only) migrates as that role and stops.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { KIT_MIGRATIONS, MigrationsApplied, openDatabase, type Migration } from '@caskade/kit';
import { describeWithServices, postgresService, requireService, TEST_DATABASE_URL, uniqueName } from '@caskade/kit/testing';
import { discoverServices } from './k8s-tools';

const repoRoot = path.resolve(__dirname, '..', '..');
const ROLES_SCRIPT = path.join(repoRoot, 'charts/caskade/files/database-roles.sh');

const psql = requireService('psql (PostgreSQL client)', 'psql on PATH', async () => {
  const run = spawnSync('psql', ['--version'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error('psql not found');
});

const admin = new URL(TEST_DATABASE_URL);
const urlFor = (database: string, user: string, password: string) => {
  const url = new URL(TEST_DATABASE_URL);
  url.username = user;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
};

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describeWithServices('cluster database: one role per service schema, migrations as the Job runs them', [postgresService(), psql], (t) => {
  const database = uniqueName('caskade_roles');
  const other = uniqueName('r');
  const services = discoverServices();
  const roles = [...services, other];
  const passwords: Record<string, string> = Object.fromEntries(roles.map((r) => [r, `${r}-pw`]));

  const runRoles = () =>
    spawnSync('sh', [ROLES_SCRIPT], {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH,
        PGHOST: admin.hostname,
        PGPORT: admin.port || '5432',
        PGUSER: decodeURIComponent(admin.username) || 'postgres',
        ...(admin.password ? { PGPASSWORD: decodeURIComponent(admin.password) } : {}),
        PGDATABASE: database,
        CASKADE_ROLES: roles.join(' '),
        ...Object.fromEntries(roles.map((r) => [`DATABASE_PASSWORD_${r.toUpperCase()}`, passwords[r]!])),
      },
    });

  t.beforeAll(async () => {
    await query(TEST_DATABASE_URL, `create database ${database}`);
  });

  t.afterAll(async () => {
    await query(TEST_DATABASE_URL, `drop database if exists ${database} with (force)`);
    for (const r of roles) await query(TEST_DATABASE_URL, `drop role if exists ${r}`);
  });

  t.test('the roles script makes each role the owner of its schema only, and can run again', async () => {
    const first = runRoles();
    expect({ status: first.status, stderr: first.stderr.replace(/NOTICE:.*\n/g, '') }).toEqual({ status: 0, stderr: '' });
    const again = runRoles();
    expect(again.status).toBe(0);
    const owners = await query<{ nspname: string; owner: string }>(urlFor(database, admin.username || 'postgres', decodeURIComponent(admin.password)),
      `select nspname, pg_get_userbyid(nspowner) as owner from pg_namespace where nspname in ('identity', '${other}') order by 1`);
    expect(owners).toEqual([{ nspname: 'identity', owner: 'identity' }, { nspname: other, owner: other }].sort((a, b) => a.nspname.localeCompare(b.nspname)));
    const attrs = await query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(TEST_DATABASE_URL, `select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = 'identity'`);
    expect(attrs).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }]);

    const otherUrl = urlFor(database, other, passwords[other]!);
    await query(otherUrl, 'create table notes (id int primary key)'); // its own schema is its search_path
    await expect(query(urlFor(database, 'identity', passwords.identity!), `select * from ${other}.notes`)).rejects.toThrow(/permission denied for schema/);
    await expect(query(otherUrl, 'create schema intruder')).rejects.toThrow(/permission denied for database/);
    await expect(query(otherUrl, 'create table public.intruder (id int)')).rejects.toThrow(/permission denied for schema public/);
  }, 60_000);

  t.test('the identity bundle with DB_MIGRATIONS=only migrates as its role into its schema and exits 0; a rerun applies nothing', async () => {
    const migrate = () =>
      spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'services/identity/src/main.ts'], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 120_000,
        // Only what the Job gets: no keys, no NATS, no callee addresses.
        env: { PATH: process.env.PATH, DB_MIGRATIONS: 'only', DATABASE_URL: urlFor(database, 'identity', passwords.identity!), LOG_LEVEL: 'info', DATA_DIR: '/tmp' },
      });
    const first = migrate();
    expect({ status: first.status, stderr: first.stderr }).toMatchObject({ status: 0 });
    const done = first.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; applied?: string[] }).find((l) => l.msg === 'migrations done');
    expect(done?.applied?.length).toBeGreaterThan(2);
    const tables = await query<{ tableowner: string }>(urlFor(database, 'identity', passwords.identity!), `select distinct tableowner from pg_tables where schemaname = 'identity'`);
    expect(tables).toEqual([{ tableowner: 'identity' }]);
    const second = migrate();
    expect(second.status).toBe(0);
    const again = second.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { msg: string; applied?: string[] }).find((l) => l.msg === 'migrations done');
    expect(again?.applied).toEqual([]);
  }, 180_000);

  t.test('every service\'s migrations run as its own role (no superuser, no CREATE on the database), then its pods would verify', async () => {
    for (const service of services) {
      const mod = (await import(path.join(repoRoot, 'services', service, 'src', 'db', 'schema.ts'))) as Record<string, unknown>;
      const migrations = Object.entries(mod).find(([name, value]) => name.endsWith('_MIGRATIONS') && Array.isArray(value))?.[1] as Migration[];
      const options = { service, databaseUrl: urlFor(database, service, passwords[service]!), dataDir: '/tmp', migrations: [...KIT_MIGRATIONS, ...migrations] };
      const only = await openDatabase({ ...options, migrationMode: 'only' }).then(() => 'opened', (err: unknown) => (err instanceof MigrationsApplied ? 'applied' : String(err)));
      expect({ service, only }).toEqual({ service, only: 'applied' });
      const verified = await openDatabase({ ...options, migrationMode: 'verify' });
      await verified.close();
    }
  }, 120_000);
});
