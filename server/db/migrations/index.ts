import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001-accounts.ts';
import * as m002 from './002-bills.ts';

/** Ordered migrations; names sort in the order they run. Add new ones at the end, never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '001-accounts': m001,
  '002-bills': m002,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() { return migrations; },
};
