// Issue 27 item 3 (folder transport): a declaration made while the send folder could not be written
// ended 发送失败 after CUSTOMS_MAX_ATTEMPTS local failures, with the system's error in its 回执信息,
// and was never resent. Now a local write failure is no delivery attempt: the message waits (its bill
// untouched) and leaves once the disk has room again; hidden temporary files a killed writer left are
// removed at start. The send folder is a real 512 KB tmpfs (root only).
import { mkdirSync, utimesSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { folderExchange } from '../helpers/folder-exchange.ts';
import { smallDisk, smallDiskSkipReason, type SmallDisk } from '../helpers/small-disk.ts';

const skip = smallDiskSkipReason();
let disk: SmallDisk | undefined;
let t: TestApp | undefined;
let admin: LoginAnswer;
const exchange = folderExchange('cbec-disk-exchange-');
const STALE_TEMP = '.CEB303Message_0f7c1d2e.xml.0123456789ab.tmp';
const FRESH_TEMP = '.CEB303Message_9a8b7c6d.xml.ba9876543210.tmp';

beforeAll(async () => {
  if (skip) return;
  disk = smallDisk(512);
  const send = join(disk.dir, 'send');
  mkdirSync(send);
  // one temp file of a writer killed an hour ago, one being written now by another server
  writeFileSync(join(send, STALE_TEMP), '<DxpMsg');
  const hourAgo = new Date(Date.now() - 3600_000);
  utimesSync(join(send, STALE_TEMP), hourAgo, hourAgo);
  writeFileSync(join(send, FRESH_TEMP), '<DxpMsg');
  t = await createTestApp({ env: exchange.env({ CUSTOMS_OUTBOX_DIR: send, CUSTOMS_MAX_ATTEMPTS: '2', CUSTOMS_RETRY_BASE_MS: '50' }) });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
});
afterAll(async () => {
  await t?.close();
  disk?.remove();
  exchange.remove();
});

const sendDir = () => join(disk!.dir, 'send');
const messageOf = (billId: number) => t!.handle.db.selectFrom('customs_messages').selectAll().where('bill_id', '=', billId).executeTakeFirstOrThrow();
const billOf = (id: number) => t!.handle.db.selectFrom('bill_heads').select(['state', 'return_info']).where('id', '=', id).executeTakeFirstOrThrow();

describe.skipIf(skip)(`a full send folder ${skip ? `(skipped: ${skip})` : ''}`, () => {
  it('removes the temporary files a killed writer left, not one being written', async () => {
    await vi.waitFor(() => expect(readdirSync(sendDir())).toEqual([FRESH_TEMP]), { timeout: 5000 });
  });

  it('a declaration waits while the disk is full — no attempt counted, no 发送失败, no system text — and leaves once it has room', async () => {
    disk!.fill();
    let id: number;
    try {
      const r = await call(t!.app, `/api/enterprise${exportOrder.api.saveAndApply}`, {
        orderNo: 'DISK-OUT-1', ebpCode: '3302960E8F', ebpName: '宁波保税区跨境购电子商务平台有限公司', goodsValue: 100, freight: 0,
        details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU-1', itemName: '西湖龙井茶礼盒', unit: '140', currency: '142', qty: 2, price: 50, totalPrice: 100 }],
      }, admin.token);
      expect(r.body, r.body.message).toMatchObject({ code: 0, data: { state: 'DECLARING' } });
      id = r.body.data.id as number;
      // many more tries than CUSTOMS_MAX_ATTEMPTS, each after its wait
      for (let i = 0; i < 5; i++) {
        await t!.app.customs.drain();
        await new Promise((r) => setTimeout(r, 250));
      }
      const waiting = await messageOf(id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
      expect(waiting.last_error).toContain('磁盘空间不足');
      expect(waiting.last_error).not.toMatch(/ENOSPC|no space/);
      const bill = await billOf(id);
      expect(bill.state).toBe('DECLARING');
      expect(bill.return_info ?? '').not.toMatch(/ENOSPC|no space|发送失败/);
      expect(readdirSync(sendDir()).filter((n) => n !== FRESH_TEMP)).toEqual([]);
    } finally {
      disk!.free();
    }
    await vi.waitFor(async () => {
      await t!.app.customs.drain();
      expect(await messageOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
    }, { timeout: 10_000, interval: 100 });
    const sent = await messageOf(id);
    expect(readdirSync(sendDir())).toContain(`CEB303Message_${sent.guid}.xml`);
  });
});
