/**
 * The folder transport on real temporary folders: declaration files appear whole under their DXP
 * name, a redelivery replaces its own file, and receipt files are read only when complete, then
 * moved to done or (with the reason beside them) to error — through vanishing folders, name
 * clashes and a pipeline that fails for a while, without losing or doubling a file.
 * The sink is the real receipt reader (what the pipeline runs first), so a malformed or hostile
 * file is refused for the reason production would give.
 */
import { watch } from 'node:fs';
import { appendFile, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { buildReceiptXml } from '../../server/customs/receipts/build.ts';
import { findReceiptType } from '../../server/customs/receipts/catalogue.ts';
import { readReceiptXml } from '../../server/customs/receipts/read.ts';
import { initCustomsSchemas, validateDxpXml } from '../../server/customs/schemas.ts';
import { envelopeOf } from '../../server/customs/transport/envelope.ts';
import { createFolderTransport, type FolderTransport, type FolderTransportOptions } from '../../server/customs/transport/folder.ts';
import { TransportRejection, type OutboundMessage } from '../../server/customs/transport/types.ts';
import { demoCompany, exportOrderBill, fixedGuids } from './fixtures.ts';

const GUID = '6F1C2B9E-4D7A-4C3B-9E21-7A5D0C8B3F14';
const FILE = `CEB303Message_${GUID}.xml`;

let root: string;
let transport: FolderTransport | undefined;
let received: { text: string; meta: unknown }[];
let logged: { level: string; msg: string | undefined }[];

const dirs = () => ({ outbox: join(root, 'outbox'), inbox: join(root, 'inbox'), done: join(root, 'done'), error: join(root, 'error') });
const list = async (dir: string) => (await readdir(dir).catch(() => [] as string[])).sort();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = <T>(check: () => Promise<T> | T, timeout = 5000) => vi.waitFor(async () => { const v = await check(); if (!v) throw new Error('not yet'); return v; }, { timeout, interval: 20 });

const log = {
  info: (_: object, msg?: string) => { logged.push({ level: 'info', msg }); },
  warn: (_: object, msg?: string) => { logged.push({ level: 'warn', msg }); },
  error: (_: object, msg?: string) => { logged.push({ level: 'error', msg }); },
};

/** The pipeline's first step for real: reading the receipt (throws XmlReadError on a bad file). */
async function readingSink(xml: string | Uint8Array, meta: unknown) {
  received.push({ text: typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8'), meta });
  const file = readReceiptXml(xml);
  return { messageType: file.type.type, total: file.returns.length };
}

function open(overrides: Partial<FolderTransportOptions> = {}): FolderTransport {
  const d = dirs();
  transport = createFolderTransport({
    outboxDir: d.outbox, inboxDir: d.inbox, doneDir: d.done, errorDir: d.error,
    sink: readingSink, log,
    wrap: (m) => `<DxpMsg attempt="${m.attempt}">${m.xml}</DxpMsg>`,
    pollMs: 20, settleMs: 60,
    ...overrides,
  });
  return transport;
}

const message = (attempt = 1, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({
  id: 1, guid: GUID, companyId: 1, billId: 1, messageType: 'CEB303', xml: '<ceb:CEB303Message/>', attempt, ...extra,
});

function receipt(orderNo: string, returnStatus = '2'): string {
  return buildReceiptXml(findReceiptType('CEB304')!, 'A1B2C3D4-0000-4000-8000-000000000001', [{
    guid: 'A1B2C3D4-0000-4000-8000-000000000001',
    fields: { ebpCode: '3302960E8F', ebcCode: '3302961A2B', orderNo },
    returnStatus, returnTime: '20260318102500000', returnInfo: `新增申报成功[${orderNo}]`,
  }]);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'cbec-folder-'));
  await mkdir(dirs().inbox, { recursive: true });
  received = [];
  logged = [];
});
afterEach(async () => {
  await transport?.close();
  transport = undefined;
  await rm(root, { recursive: true, force: true });
});

describe('delivering declarations', () => {
  it('writes one file named <MsgType>_<CopMsgId>.xml, appearing only under a dot temp name before it is complete', async () => {
    const t = open();
    await mkdir(dirs().outbox);
    const names = new Set<string>();
    const watcher = watch(dirs().outbox, (_, name) => { if (name) names.add(String(name)); });
    const big = `<ceb:CEB303Message>${'x'.repeat(4 * 1024 * 1024)}</ceb:CEB303Message>`;
    try {
      await t.deliver(message(1, { xml: big }));
      await sleep(50); // let the watcher report
    } finally {
      watcher.close();
    }
    expect(await list(dirs().outbox)).toEqual([FILE]);
    expect(await readFile(join(dirs().outbox, FILE), 'utf8')).toBe(`<DxpMsg attempt="1">${big}</DxpMsg>`);
    const others = [...names].filter((n) => n !== FILE);
    expect(others.length).toBeGreaterThan(0);
    for (const n of others) expect(n).toMatch(new RegExp(`^\\.${FILE.replace(/\./g, '\\.')}\\.[0-9a-f]+\\.tmp$`));
  });

  it('takes the root name from the bill definition and refuses a name that could leave the folder', async () => {
    const t = open();
    await t.deliver(message(1, { messageType: 'CEB403', guid: 'ABC-1' }));
    expect(await list(dirs().outbox)).toEqual(['CEB403Message_ABC-1.xml']);
    await expect(t.deliver(message(1, { guid: '../../etc/passwd' }))).rejects.toThrow('报文文件名无效');
    expect(await list(dirs().outbox)).toEqual(['CEB403Message_ABC-1.xml']);
    expect(await list(root)).toEqual(['inbox', 'outbox']);
  });

  it('a redelivery of the same message replaces its file instead of adding one', async () => {
    const t = open();
    await t.deliver(message(1));
    await t.deliver(message(2));
    expect(await list(dirs().outbox)).toEqual([FILE]);
    expect(await readFile(join(dirs().outbox, FILE), 'utf8')).toBe('<DxpMsg attempt="2"><ceb:CEB303Message/></DxpMsg>');
  });

  it('recreates an outbox folder deleted between deliveries', async () => {
    const t = open();
    await t.deliver(message(1, { guid: 'G-1' }));
    await rm(dirs().outbox, { recursive: true });
    await t.deliver(message(1, { guid: 'G-2' }));
    expect(await list(dirs().outbox)).toEqual(['CEB303Message_G-2.xml']);
  });

  it('throws a Chinese reason when the outbox cannot be written, leaving nothing behind', async () => {
    const t = open();
    await writeFile(dirs().outbox, 'a file where the folder should be');
    await expect(t.deliver(message(1))).rejects.toThrow(`无法写入发送目录 ${dirs().outbox}：`);
    await expect(t.deliver(message(1))).rejects.toThrow(/路径不是文件夹|路径已被同名文件占用/);
    expect(await readFile(dirs().outbox, 'utf8')).toBe('a file where the folder should be');
    expect(await list(root)).toEqual(['inbox', 'outbox']);
  });

  it('passes what wrap makes and nothing else: a wrap that fails writes no file', async () => {
    const t = open({ wrap: () => { throw new Error('no envelope'); } });
    await expect(t.deliver(message(1))).rejects.toThrow('no envelope');
    expect(await list(dirs().outbox)).toEqual([]);
  });
});

describe('reading receipts from the inbox', () => {
  it('moves a good receipt to done after handing its bytes to the pipeline once', async () => {
    const t = open();
    t.start();
    const xml = receipt('SO-FOLDER-1');
    await writeFile(join(dirs().inbox, 'CEB304Message_1.xml'), xml);
    await until(async () => (await list(dirs().done)).length === 1);
    expect(await list(dirs().done)).toEqual(['CEB304Message_1.xml']);
    expect(await readFile(join(dirs().done, 'CEB304Message_1.xml'), 'utf8')).toBe(xml);
    expect(await list(dirs().inbox)).toEqual([]);
    expect(received).toEqual([{ text: xml, meta: { companyId: null } }]);
    await sleep(150);
    expect(received).toHaveLength(1);
  });

  it('never reads a half-written file: the second part arrives after a pause longer than the poll', async () => {
    const t = open({ pollMs: 20, settleMs: 1000 });
    t.start();
    const xml = receipt('SO-FOLDER-HALF');
    const path = join(dirs().inbox, 'CEB304Message_half.xml');
    await writeFile(path, xml.slice(0, 200));
    await sleep(400); // about twenty polls see the first part, unchanged
    expect(received).toEqual([]);
    expect(await list(dirs().inbox)).toEqual(['CEB304Message_half.xml']);
    await appendFile(path, xml.slice(200));
    await until(async () => (await list(dirs().done)).length === 1);
    expect(received.map((r) => r.text)).toEqual([xml]);
    expect(await list(dirs().error)).toEqual([]);
  });

  it('moves a malformed file to error with a note saying why, and goes on with the next', async () => {
    const t = open();
    t.start();
    await writeFile(join(dirs().inbox, 'broken.xml'), '<ceb:CEB304Message><ceb:OrderReturn>');
    await writeFile(join(dirs().inbox, 'good.XML'), receipt('SO-FOLDER-2'));
    await until(async () => (await list(dirs().error)).length === 2 && (await list(dirs().done)).length === 1);
    expect(await list(dirs().error)).toEqual(['broken.xml', 'broken.xml.error.txt']);
    expect(await list(dirs().done)).toEqual(['good.XML']);
    const note = await readFile(join(dirs().error, 'broken.xml.error.txt'), 'utf8');
    expect(note).toMatch(/^文件 broken\.xml 于 \d{4}-\d{2}-\d{2}T[\d:.]+Z 处理失败\n回执报文不是合法的 XML：/);
    expect(await readFile(join(dirs().error, 'broken.xml'), 'utf8')).toBe('<ceb:CEB304Message><ceb:OrderReturn>');
  });

  it('refuses a hostile file (entity expansion) without expanding it', async () => {
    const t = open();
    t.start();
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><CEB304Message>&lol2;</CEB304Message>`;
    await writeFile(join(dirs().inbox, 'bomb.xml'), bomb);
    await until(async () => (await list(dirs().error)).length === 2);
    expect(await readFile(join(dirs().error, 'bomb.xml.error.txt'), 'utf8')).toContain('回执报文不允许包含 DOCTYPE 或 ENTITY 声明');
  });

  it('counts an error answer of the pipeline as a refusal', async () => {
    const t = open({ sink: async () => ({ ok: false, retry: false, error: '回执报文类型不支持' }) });
    t.start();
    await writeFile(join(dirs().inbox, 'r.xml'), receipt('SO-FOLDER-R'));
    await until(async () => (await list(dirs().error)).length === 2);
    expect(await readFile(join(dirs().error, 'r.xml.error.txt'), 'utf8')).toContain('\n回执报文类型不支持\n');
  });

  it('keeps a file the pipeline could not store (answer retry: true) and offers it again', async () => {
    let calls = 0;
    const t = open({
      sink: async () => {
        calls++;
        return calls === 1 ? { ok: false, retry: true, error: '回执入库失败' } : { ok: true, messageType: 'CEB304', total: 1 };
      },
    });
    t.start();
    await writeFile(join(dirs().inbox, 'again.xml'), receipt('SO-FOLDER-RT'));
    await until(() => calls === 1);
    expect(await list(dirs().inbox)).toEqual(['again.xml']);
    await until(async () => (await list(dirs().done)).length === 1);
    expect(calls).toBe(2);
    expect(await list(dirs().error)).toEqual([]);
  });

  it('keeps a file when the pipeline fails for another reason (database away) and hands it over again later', async () => {
    let calls = 0;
    const t = open({
      sink: async (xml, meta) => {
        calls++;
        if (calls === 1) throw new Error('connection terminated');
        return readingSink(xml, meta);
      },
    });
    t.start();
    await writeFile(join(dirs().inbox, 'later.xml'), receipt('SO-FOLDER-3'));
    await until(() => calls === 1);
    expect(await list(dirs().inbox)).toEqual(['later.xml']);
    await until(async () => (await list(dirs().done)).length === 1);
    expect(calls).toBe(2);
    expect(await list(dirs().error)).toEqual([]);
    expect(logged).toContainEqual({ level: 'error', msg: 'customs inbox: receipt pipeline failed, file kept for a retry' });
  });

  it('ignores dot files, temp files, other extensions, folders and symlinks', async () => {
    const t = open();
    const xml = receipt('SO-FOLDER-4');
    await writeFile(join(dirs().inbox, '.CEB304Message_x.xml'), xml);
    await writeFile(join(dirs().inbox, 'CEB304Message_x.xml.tmp'), xml);
    await writeFile(join(dirs().inbox, 'notes.txt'), xml);
    await mkdir(join(dirs().inbox, 'folder.xml'));
    await writeFile(join(root, 'outside.xml'), xml);
    await symlink(join(root, 'outside.xml'), join(dirs().inbox, 'link.xml'));
    t.start();
    await sleep(300);
    expect(received).toEqual([]);
    expect(await list(dirs().inbox)).toEqual(['.CEB304Message_x.xml', 'CEB304Message_x.xml.tmp', 'folder.xml', 'link.xml', 'notes.txt']);
    expect(await list(dirs().done)).toEqual([]);
  });

  it('recreates a vanished inbox, warns once, and keeps polling', async () => {
    const t = open();
    t.start();
    await rm(dirs().inbox, { recursive: true });
    await until(async () => (await lstat(dirs().inbox).catch(() => undefined))?.isDirectory());
    await sleep(100);
    await writeFile(join(dirs().inbox, 'after.xml'), receipt('SO-FOLDER-5'));
    await until(async () => (await list(dirs().done)).length === 1);
    expect(logged.filter((l) => l.msg === 'customs inbox: folder missing, recreating it')).toHaveLength(1);
  });

  it('a name already in done gets a suffix: both files kept', async () => {
    const t = open();
    t.start();
    const first = receipt('SO-FOLDER-6', '2');
    const second = receipt('SO-FOLDER-6', '120');
    await writeFile(join(dirs().inbox, 'same.xml'), first);
    await until(async () => (await list(dirs().done)).length === 1);
    await writeFile(join(dirs().inbox, 'same.xml'), second);
    await until(async () => (await list(dirs().done)).length === 2);
    expect(await list(dirs().done)).toEqual(['same.2.xml', 'same.xml']);
    expect(await readFile(join(dirs().done, 'same.xml'), 'utf8')).toBe(first);
    expect(await readFile(join(dirs().done, 'same.2.xml'), 'utf8')).toBe(second);
  });

  it('when the done folder cannot take the file, keeps it without handing it over twice, and moves it once possible', async () => {
    await writeFile(dirs().done, 'a file where the folder should be');
    const t = open();
    t.start();
    await writeFile(join(dirs().inbox, 'stuck.xml'), receipt('SO-FOLDER-7'));
    await until(() => logged.some((l) => l.msg === 'customs inbox: handled file cannot be moved, retrying'));
    await sleep(200);
    expect(await list(dirs().inbox)).toEqual(['stuck.xml']);
    await rm(dirs().done);
    await until(async () => (await list(dirs().done)).length === 1, 8000);
    expect(await list(dirs().inbox)).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it('scans one at a time: scan() during polling never hands a file over twice; close() stops polling', async () => {
    const t = open({ pollMs: 5, settleMs: 0 });
    t.start();
    for (let i = 0; i < 20; i++) await writeFile(join(dirs().inbox, `r${i}.xml`), receipt(`SO-FOLDER-C${i}`));
    await Promise.all(Array.from({ length: 10 }, () => t.scan()));
    await until(async () => (await list(dirs().done)).length === 20);
    expect(received).toHaveLength(20);
    await t.close();
    await writeFile(join(dirs().inbox, 'after-close.xml'), receipt('SO-FOLDER-C99'));
    await sleep(100);
    expect(await list(dirs().inbox)).toEqual(['after-close.xml']);
    expect(received).toHaveLength(20);
  });
});

describe('the file content: envelopeOf', () => {
  const declared = async (overrides: Record<string, unknown> = {}) => {
    await initCustomsSchemas();
    const { head, lines } = exportOrderBill(overrides);
    const d = buildDeclaration(exportOrder, head, lines, { appStatus: '2', guid: fixedGuids.order });
    return message(1, { guid: d.guid, messageType: d.messageType, xml: d.xml });
  };

  it('wraps the declaration into a DxpMsg from the company to customs (export), named like the file', async () => {
    const m = await declared();
    const dxp = envelopeOf(m, new Date('2026-03-18T02:24:36Z'));
    expect(validateDxpXml(dxp)).toEqual([]);
    expect(dxp).toContain(`<CopMsgId>${fixedGuids.order}</CopMsgId>`);
    expect(dxp).toContain(`<SenderId>${demoCompany.dxpId}</SenderId>`);
    expect(dxp).toContain('<ReceiverId>DXPEDCCEB0000003</ReceiverId>');
    expect(dxp).toContain('<CreatTime>2026-03-18T10:24:36</CreatTime>');
    expect(dxp).toContain('<MsgType>CEB303Message</MsgType>');
    expect(dxp).toContain(`<FileName>CEB303Message_${fixedGuids.order}.xml</FileName>`);
    expect(Buffer.from(/<Data>([^<]+)<\/Data>/.exec(dxp)![1]!, 'base64').toString('utf8')).toBe(m.xml);
  });

  it('refuses for good what cannot be wrapped: a company without DXP id, a message no bill declares', async () => {
    const m = await declared();
    const noDxpId = { ...m, xml: m.xml.replace(/<ceb:dxpId>[^<]*<\/ceb:dxpId>/, '<ceb:dxpId> </ceb:dxpId>') };
    expect(() => envelopeOf(noDxpId)).toThrow(TransportRejection);
    expect(() => envelopeOf(noDxpId)).toThrow('企业未填写报文传输编号（DXPID）');
    expect(() => envelopeOf({ ...m, messageType: 'CEB999' })).toThrow('不支持的报文类型：CEB999');
  });
});
