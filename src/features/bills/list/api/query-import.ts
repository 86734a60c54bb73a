/**
 * Excel query import (bills §5, §7): for each file, a session check (POST /api/jwt_core/validate
 * precedes every upload), the upload (multipart field `file` → [{uri, name}]), then
 * parseQueryTemplate {filePath} → {column, values}. Values of all files are merged per column into
 * `in` terms.
 */
import type { BillDefinition } from '../../../../../domain/bills/types.ts';
import type { Term } from '../../../../../domain/query.ts';
import { billText } from '../../../../../domain/texts/bills.ts';
import { LONG_TIMEOUT, type Http } from '../../../../lib/http.ts';

export interface UploadedFile { uri: string; name: string }
export interface ParsedQuery { column: string; values: (string | number)[] }

export async function uploadFile(client: Http, file: File): Promise<UploadedFile> {
  await client.post('/api/jwt_core/validate', {});
  const form = new FormData();
  form.append('file', file, file.name);
  // the instance, not post(): the body is the form itself, not {data}; its interceptors still
  // add the token and unwrap the envelope (hence the cast)
  const answer = (await client.axios.post('/api/file/upload', form, { timeout: LONG_TIMEOUT })) as unknown as UploadedFile[];
  const uploaded = answer?.[0];
  if (!uploaded) throw new Error(billText.emptyFile);
  return uploaded;
}

export function parseQueryTemplate(client: Http, definition: BillDefinition, filePath: string): Promise<ParsedQuery> {
  return client.post<ParsedQuery>(`/api/enterprise/bills/${definition.mode}/${definition.key}/parseQueryTemplate`, { filePath }, { long: true });
}

/** One `in` term per column, values merged in file order without repeats. */
export function mergeQueries(parsed: readonly ParsedQuery[]): Term[] {
  const byColumn = new Map<string, Set<string>>();
  for (const { column, values } of parsed) {
    const set = byColumn.get(column) ?? new Set<string>();
    for (const v of values) if (String(v).trim() !== '') set.add(String(v).trim());
    byColumn.set(column, set);
  }
  return [...byColumn].filter(([, set]) => set.size > 0).map(([column, set]) => ({ column, termType: 'in', value: [...set] }));
}

export async function importQueryFiles(client: Http, definition: BillDefinition, files: readonly File[]): Promise<Term[]> {
  const parsed: ParsedQuery[] = [];
  // one after the other: each upload is preceded by its own session check (bills §5)
  for (const file of files) {
    const { uri } = await uploadFile(client, file);
    parsed.push(await parseQueryTemplate(client, definition, uri));
  }
  const terms = mergeQueries(parsed);
  if (terms.length === 0) throw new Error(billText.emptyFile);
  return terms;
}
