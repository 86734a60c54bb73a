/**
 * File calls: POST /api/file/upload (multipart, one Excel file) and GET of generated downloads
 * (exports and templates), opened by the browser in a new window without a token.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { billServerText } from '../../domain/texts/bills.ts';
import { BizError, HttpError, defineRoute } from '../http/route.ts';
import { findExportFile, makerOf, uploadPath } from './store.ts';
import type { FastifyRequest } from 'fastify';
import { serverText } from '../../domain/texts/server.ts';
import { isOperator, type AuthUser, type Principal } from '../auth/auth-user.ts';
import { redeemTicket } from '../events/tickets.ts';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, storeUpload, type StoredUpload } from './uploads.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * RFC 6266: an ASCII fallback for old clients and the UTF-8 name for the rest. The name is one a
 * person gave (issue 31 item 3: 营业执照 (1).png), so ' ( ) * — which encodeURIComponent leaves as
 * they are but RFC 5987 does not allow bare — are encoded too.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

export default async function fileRoutes(app: FastifyInstance) {
  // A second file part is read only to be refused; anything past that is busboy's limit.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 20, parts: 30 } });
  // defineRoute validates the body as {data}; a multipart body is read by the handler instead.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && request.body === undefined) request.body = {};
  });

  defineRoute(app, {
    path: '/api/file/upload', permission: 'open', summary: '上传Excel文件 (multipart/form-data, 一个 .xlsx 文件, 不超过10MB) → [{uri, name}]', tags: ['文件'],
    access: 'user',
    handler: async ({ request, user }) => {
      if (!request.isMultipart()) throw new BizError(billServerText.noFileChosen);
      const stored: StoredUpload[] = [];
      let refusal: BizError | undefined;
      // errors of storing a file are told apart from the body's own (the parts iterator's)
      let storing = false;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (stored.length > 0 || refusal) {
            part.file.resume();
            refusal ??= new BizError(billServerText.oneFileOnly);
            continue;
          }
          storing = true;
          try {
            stored.push(await storeUpload(app.db, app.config.dataDir, user.companyId, part));
          } catch (error) {
            if (!(error instanceof BizError)) throw error;
            refusal = error;
          }
          storing = false;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        // busboy's limits surface from the parts iterator, after the file itself was refused
        if (code === 'FST_REQ_FILE_TOO_LARGE') refusal ??= new BizError(billServerText.fileTooLarge(MAX_UPLOAD_MB));
        else if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') refusal ??= new BizError(billServerText.oneFileOnly);
        else if (storing) throw error;
        // anything else the iterator throws is a body that is no proper multipart (no closing boundary, a bad header …)
        else refusal ??= new BizError(billServerText.uploadIncomplete);
      }
      if (refusal) {
        for (const s of stored) {
          await app.db.deleteFrom('files').where('uri', '=', s.uri).execute();
          await rm(uploadPath(app.config.dataDir, user.companyId, s.uri) ?? '', { force: true });
        }
        throw refusal;
      }
      if (stored.length === 0) throw new BizError(billServerText.noFileChosen);
      return stored;
    },
  });

  /**
   * Whose download this is (issue 29 item 6): the caller's own credentials (X-Authorization or
   * X-Api-Key, as every call), or for a browser tab, which cannot put a header on a link, a one-use
   * ticket it asked with its session at click time (POST /api/events/ticket, as the event stream).
   */
  async function downloader(request: FastifyRequest): Promise<AuthUser> {
    const ticket = (request.query as { ticket?: string } | undefined)?.ticket;
    let caller: Principal;
    if (ticket === undefined) caller = await app.authenticate(request);
    else {
      if (!(await app.rateLimiter.allow('anonymous', request.ip))) throw new HttpError(429, serverText.tooManyRequests);
      const redeemed = await redeemTicket(app.db, ticket, app.tokens.now());
      if (!redeemed || !(await app.sessions.check(redeemed.familyId, redeemed.user.userId))) throw new HttpError(401, serverText.unauthorized);
      caller = redeemed.user;
    }
    // an operator makes no enterprise download: nothing here is its
    if (isOperator(caller)) throw new HttpError(404, billServerText.downloadExpired);
    return caller;
  }

  defineRoute(app, {
    path: '/api/files/download/:id/:name', method: 'GET', summary: '下载导出文件或模板 (链接1小时内有效；仅生成它的账号或密钥可下载：带登录凭证或 ?ticket= 一次性凭证)', tags: ['文件'],
    access: 'public', raw: true,
    handler: async ({ request, reply }) => {
      const { id, name } = request.params as { id: string; name: string };
      const caller = await downloader(request);
      // another maker's file answers as a missing one: its existence is not told
      const path = await findExportFile(app.config.dataDir, id, name, makerOf(caller));
      if (!path) throw new HttpError(404, billServerText.downloadExpired);
      reply.header('content-type', name.endsWith('.xlsx') ? XLSX : 'application/octet-stream')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store');
      return reply.send(createReadStream(path));
    },
  });
}
