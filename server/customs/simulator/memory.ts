/**
 * What the simulated customs holds (customs_sim_documents) and which messages it has received
 * (customs_sim_received). Survives restarts, like customs does.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { HeldDocument } from './matching.ts';

export interface StoredDocument extends HeldDocument {
  id: number;
  guid: string;
  numbers: Record<string, string>;
}

/** The business key text of a document, or undefined when a key field is blank (no identity to clash on). */
export function businessKey(key: readonly string[], head: Record<string, string>): string | undefined {
  const parts = key.map((k) => head[k] ?? '');
  return parts.some((p) => p === '') ? undefined : parts.join('|');
}

type Row = { id: number; message_type: string; guid: string; status: string; head: unknown; numbers: unknown };

const asRecord = (v: unknown): Record<string, string> => (typeof v === 'string' ? JSON.parse(v) : (v ?? {})) as Record<string, string>;
const toDocument = (r: Row): StoredDocument => ({
  id: Number(r.id), type: r.message_type, guid: r.guid, status: r.status, head: asRecord(r.head), numbers: asRecord(r.numbers),
});

export function createCustomsMemory(db: Kysely<Database>) {
  const columns = ['id', 'message_type', 'guid', 'status', 'head', 'numbers'] as const;
  return {
    /** Records a message guid; false when customs has received it before (a redelivery). */
    async firstReceipt(guid: string, messageType: string): Promise<boolean> {
      const row = await db.insertInto('customs_sim_received').values({ guid, message_type: messageType })
        .onConflict((oc) => oc.column('guid').doNothing()).returning('guid').executeTakeFirst();
      return row !== undefined;
    },

    async find(type: string, key: string): Promise<StoredDocument | undefined> {
      const row = await db.selectFrom('customs_sim_documents').select(columns)
        .where('message_type', '=', type).where('business_key', '=', key).executeTakeFirst();
      return row ? toDocument(row as Row) : undefined;
    },

    /** The latest document of a type whose head holds these values (三单比对 lookups). */
    async findBy(type: string, fields: Record<string, string>): Promise<StoredDocument | undefined> {
      const row = await db.selectFrom('customs_sim_documents').select(columns)
        .where('message_type', '=', type)
        .where(sql<boolean>`head @> ${JSON.stringify(fields)}::jsonb`)
        .orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row ? toDocument(row as Row) : undefined;
    },

    /** Creates or replaces the document under its key; answers its id. */
    async store(doc: { type: string; key: string; guid: string; companyId: number | null; status: string; head: Record<string, string>; lines: Record<string, string>[] }): Promise<StoredDocument> {
      const values = {
        message_type: doc.type, business_key: doc.key, guid: doc.guid, company_id: doc.companyId, status: doc.status,
        head: JSON.stringify(doc.head), lines: JSON.stringify(doc.lines), updated_at: new Date(),
      };
      const row = await db.insertInto('customs_sim_documents').values(values)
        .onConflict((oc) => oc.constraint('customs_sim_documents_key').doUpdateSet({
          guid: values.guid, company_id: values.company_id, status: values.status, head: values.head, lines: values.lines, updated_at: values.updated_at,
        }))
        .returning(columns).executeTakeFirstOrThrow();
      return toDocument(row as Row);
    },

    async setStatus(id: number, status: string, numbers?: Record<string, string>): Promise<void> {
      let q = db.updateTable('customs_sim_documents').set({ status, updated_at: new Date() }).where('id', '=', id);
      if (numbers && Object.keys(numbers).length > 0) {
        q = q.set({ numbers: sql`numbers || ${JSON.stringify(numbers)}::jsonb`, head: sql`head || ${JSON.stringify(numbers)}::jsonb` });
      }
      await q.execute();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('customs_sim_documents').where('id', '=', id).execute();
    },
  };
}

export type CustomsMemory = ReturnType<typeof createCustomsMemory>;
