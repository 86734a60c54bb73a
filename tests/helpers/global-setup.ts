import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { seed } from '../../server/db/seed/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: file holding a dumped, migrated and seeded data dir that every test file clones. */
    templateDump: string;
    /** PostgreSQL: name of the template database test files are created from (when DATABASE_URL is set). */
    templateDatabase: string;
  }
}

export const TEMPLATE_DB = 'cbec_test_template';

/**
 * Migrating and seeding takes seconds (scrypt hashes, wasm initdb); it is done once per run and
 * every test file starts from a copy: a dumped PGlite data dir, or CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await dropTestDatabases(admin);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), poolSize: 2 });
    await migrateToLatest(handle.db);
    await seed(handle.db, { demo: true });
    await handle.close();
    project.provide('templateDatabase', TEMPLATE_DB);
    project.provide('templateDump', '');
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await dropTestDatabases(c);
      await c.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cbec-template-'));
  const handle = await openDatabase({});
  await migrateToLatest(handle.db);
  await seed(handle.db, { demo: true });
  const dump = await handle.pglite!.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('templateDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function dropTestDatabases(client: pg.Client) {
  const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'cbec_test_%'`);
  for (const r of rows) await client.query(`drop database if exists ${r.datname} with (force)`);
}
