/** A workbook of `rows` (one sheet, 数据) uploaded through /api/file/upload as a person picks it: its file path. */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';

export type Cell = string | number | Date | null;

export async function uploadWorkbook(app: FastifyInstance, token: string, rows: readonly Cell[][], fileName = 'data_1.xlsx'): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  for (const r of rows) sheet.addRow(r);
  const content = Buffer.from(await book.xlsx.writeBuffer());
  const boundary = 'cbecUploadBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({ method: 'POST', url: '/api/file/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-authorization': `Bearer ${token}` } });
  return res.json().data[0].uri as string;
}
