/**
 * The operator's uploads (issue 20): a picture (a news cover or a ticket answer's screenshot) or a
 * knowledge PDF, one file per multipart call. Read whole into memory under the kind's own limit
 * (busboy stops at limit + 1 byte), its bytes checked (a renamed file is refused), then kept in
 * stored_files without a company: the platform's content, opened by its link like the seeded covers.
 */
import type { FastifyRequest } from 'fastify';
import { CONTENT_IMAGE_MAX_MB, KNOWLEDGE_PDF_MAX_MB, looksLikePdf } from '../../domain/content/publishing.ts';
import { imageKindOf } from '../../domain/enterprise/attachments.ts';
import { reviewContentText as t } from '../../domain/texts/review-content.ts';
import { BizError } from '../http/errors.ts';

const MB = 1024 * 1024;

export interface ReceivedFile { fileName: string; contentType: string; content: Uint8Array }

/** The one file of the request, or a refusal (none, two, too large, cut off). */
async function receiveOne(request: FastifyRequest, maxBytes: number, tooLarge: string): Promise<{ fileName: string; content: Buffer }> {
  if (!request.isMultipart()) throw new BizError(t.noFile);
  let received: { fileName: string; content: Buffer } | undefined;
  let refusal: BizError | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 10, parts: 12 } })) {
      if (part.type !== 'file') continue;
      if (received || refusal) { part.file.resume(); refusal ??= new BizError(t.oneFileOnly); continue; }
      const content = await part.toBuffer();
      received = { fileName: part.filename, content };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new BizError(tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new BizError(t.oneFileOnly);
    throw new BizError(t.uploadIncomplete);
  }
  if (refusal) throw refusal;
  if (!received || received.content.length === 0) throw new BizError(t.noFile);
  return received;
}

/** A JPG or PNG picture of at most 2 MB (the ticket form's rule). */
export async function receiveImage(request: FastifyRequest): Promise<ReceivedFile> {
  const file = await receiveOne(request, CONTENT_IMAGE_MAX_MB * MB, t.imageTooLarge(CONTENT_IMAGE_MAX_MB));
  const kind = imageKindOf(file.content);
  if (!kind || !/\.(jpe?g|png)$/i.test(file.fileName)) throw new BizError(t.notImage);
  return { fileName: plainName(file.fileName), contentType: kind, content: file.content };
}

/** A PDF (by its name and its bytes) of at most 20 MB. */
export async function receivePdf(request: FastifyRequest): Promise<ReceivedFile> {
  const file = await receiveOne(request, KNOWLEDGE_PDF_MAX_MB * MB, t.pdfTooLarge(KNOWLEDGE_PDF_MAX_MB));
  if (!/\.pdf$/i.test(file.fileName) || !looksLikePdf(file.content)) throw new BizError(t.notPdf);
  return { fileName: plainName(file.fileName), contentType: 'application/pdf', content: file.content };
}

/** The last segment of a name a browser sent, without characters a download name cannot carry, within the column. */
function plainName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? name;
  const clean = base.replace(/[\u0000-\u001f"*:<>?|]/g, '_').trim();
  const chars = [...clean];
  if (chars.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot) : '';
  return chars.slice(0, 200 - [...ext].length).join('') + ext;
}
