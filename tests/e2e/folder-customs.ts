/**
 * Customs on the far side of the folder transport (CUSTOMS_TRANSPORT=folder), for an e2e run of
 * a production server, which has no customs of its own: the declarations the console writes to the
 * send folder are read as the Single Window client would pass them on, and customs' receipts are
 * written into the receive folder the way its client drops them — the transport's real input,
 * read by the server's own inbox watcher, matched and applied by its receipt pipeline.
 *
 * What customs answers is the test's to say (its statuses in order, the numbers it issues); this
 * file only reads declarations and writes receipts (server/customs/receipts/build.ts, the writer
 * of customs' documents the embedded simulator uses too).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { receiptTypes } from '../../server/customs/receipts/catalogue.ts';
import { returnTimeOf } from '../../server/customs/xml/format.ts';

/** One CEB document the console sent. */
export interface Declaration {
  /** CEB303 … */
  type: string;
  /** the message's guid (its file name's) */
  guid: string;
  ceb: string;
  /** the first element of that name (a head field), or undefined */
  field(name: string): string | undefined;
}

/** One return customs writes: its status and words, and any number it issues with it. */
export interface Step {
  status: string;
  info: string;
  issues?: Record<string, string>;
}

const OUTBOUND = /^(CEB\d{3})Message_(.+)\.xml$/;

export function folderCustoms(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const send = join(root, 'send');
  const receive = join(root, 'receive');
  let files = 0;

  /** Every CEB declaration in the send folder so far (a DxpMsg each, the document base64 in Data). */
  async function declarations(): Promise<Declaration[]> {
    const names = (await readdir(send).catch(() => [] as string[])).filter((n) => OUTBOUND.test(n)).sort();
    return Promise.all(names.map(async (name) => {
      const [, type, guid] = OUTBOUND.exec(name)!;
      const content = await readFile(join(send, name), 'utf8');
      const data = /<Data>([^<]+)<\/Data>/.exec(content);
      const ceb = data ? Buffer.from(data[1]!, 'base64').toString('utf8') : content;
      const field = (n: string) => new RegExp(`<ceb:${n}>([^<]*)</ceb:${n}>`).exec(ceb)?.[1];
      return { type: type!, guid: guid!, ceb, field };
    }));
  }

  return {
    /** the server's environment for this exchange (inbox read every 200 ms, a file once unchanged for 300 ms) */
    env: (): Record<string, string> => ({
      CUSTOMS_TRANSPORT: 'folder', CUSTOMS_OUTBOX_DIR: send, CUSTOMS_INBOX_DIR: receive,
      CUSTOMS_INBOX_POLL_MS: '200', CUSTOMS_INBOX_SETTLE_MS: '300',
    }),
    declarations,
    /** Waits for the declaration of `type` whose head field `name` is `value` (the console sends it after 保存并申报). */
    async declared(type: string, name: string, value: string, timeoutMs = 60_000): Promise<Declaration> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = (await declarations()).find((d) => d.type === type && d.field(name) === value);
        if (found) return found;
        if (Date.now() > end) throw new Error(`customs never received a ${type} with ${name}=${value}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    /**
     * Customs' receipt of a declaration: one document with one return per step, a second apart in
     * customs' time (the pipeline applies them in that order), each carrying the declaration's keys
     * and the numbers issued so far. Written under a dot-name, then renamed, as the client does.
     */
    async answer(declaration: Declaration, steps: readonly Step[]): Promise<void> {
      const type = receiptTypes.find((t) => t.answers === declaration.type);
      if (!type) throw new Error(`no receipt answers ${declaration.type}`);
      const start = Date.now() - steps.length * 1000;
      const issued: Record<string, string> = {};
      const returns = steps.map((step, i) => {
        Object.assign(issued, step.issues);
        const fields: Record<string, string> = {};
        for (const f of type.fields) {
          const value = issued[f.name] ?? declaration.field(f.name);
          if (value) fields[f.name] = value;
        }
        return { guid: declaration.field('guid') ?? declaration.guid, fields, returnStatus: step.status, returnTime: returnTimeOf(new Date(start + i * 1000)), returnInfo: step.info };
      });
      const name = `${type.root}_${declaration.guid}_${(files += 1)}.xml`;
      await mkdir(receive, { recursive: true });
      await writeFile(join(receive, `.${name}`), buildReceiptXml(type, declaration.guid, returns));
      await rename(join(receive, `.${name}`), join(receive, name));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
