// Issue 27 item 3 (uploads, exports, templates): on a full or read-only DATA_DIR they answered HTTP 500
// 服务器内部错误. Now a clear Chinese message with 507, no partial file left, and they work again once
// space returns. DATA_DIR is a real 512 KB tmpfs (root only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import type { BillApi } from '../../domain/bills/types.ts';
import { storageText } from '../../domain/texts/storage.ts';
import { call, createTestApp, demo, login, type LoginAnswer, type TestApp } from '../helpers/test-app.ts';
import { filesUnder, smallDisk, smallDiskSkipReason, type SmallDisk } from '../helpers/small-disk.ts';

const skip = smallDiskSkipReason();
let disk: SmallDisk | undefined;
let t: TestApp | undefined;
let admin: LoginAnswer;

beforeAll(async () => {
  if (skip) return;
  disk = smallDisk(512);
  t = await createTestApp({ env: { DATA_DIR: disk.dir } });
  admin = await login(t.app, demo.admin.username, demo.admin.password);
  const saved = await call(t.app, `/api/enterprise${exportOrder.api.save}`, {
    orderNo: 'DISK-1', ebpCode: '3302960001', ebpName: '宁波跨境优选电商平台', goodsValue: 100, freight: 0,
    details: [{ id: 'temp1', gnum: 1, itemNo: 'SKU1', itemName: '蓝牙耳机', unit: '011', currency: '142', qty: 1, price: 100, totalPrice: 100 }],
  }, admin.token);
  expect(saved.body.code, saved.body.message).toBe(0);
});
afterAll(async () => {
  await t?.close();
  disk?.remove();
});

const post = (key: keyof BillApi, data: unknown) => call(t!.app, `/api/enterprise${exportOrder.api[key]}`, data, admin.token);
const exportList = () => post('export', { pageIndex: 0, pageSize: 50, terms: [] });
const template = () => post('downloadQueryTemplate', {});
async function upload() {
  const boundary = 'cbecDiskBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data_1.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.alloc(64 * 1024, 1), Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t!.app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${admin.token}` } });
  return { status: res.statusCode, body: res.json() as { code: number; message: string } };
}

describe.skipIf(skip)(`a full or read-only DATA_DIR ${skip ? `(skipped: ${skip})` : ''}`, () => {
  it('a full disk: export, query template and upload answer 507 with a clear message and leave no file', async () => {
    disk!.fill();
    try {
      for (const [what, r] of [['export', await exportList()], ['template', await template()], ['upload', await upload()]] as const) {
        expect({ what, status: r.status, message: r.body.message }).toEqual({ what, status: 507, message: storageText.full });
      }
      expect(filesUnder(disk!.dir)).toEqual([]);
    } finally {
      disk!.free();
    }
    // space is back: everything works again
    expect((await exportList()).body.code).toBe(0);
    expect((await template()).body.code).toBe(0);
  });

  it('a read-only disk: the same answer', async () => {
    disk!.readOnly(true);
    try {
      for (const [what, r] of [['export', await exportList()], ['template', await template()], ['upload', await upload()]] as const) {
        expect({ what, status: r.status, message: r.body.message }).toEqual({ what, status: 507, message: storageText.full });
      }
    } finally {
      disk!.readOnly(false);
    }
  });
});
