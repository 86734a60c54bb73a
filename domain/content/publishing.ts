/**
 * What the operator's 内容发布 accepts (issue 20): a news item or notice (type, title, HTML body,
 * an optional cover picture) and knowledge documents (PDFs). Shared by the form and the server.
 */
import type { FieldError } from '../envelope.ts';
import { charLength } from '../bills/validation.ts';
import { archiveTypes } from '../texts/archive.ts';
import { contentTypes } from '../texts/content.ts';
import { reviewContentText as t } from '../texts/review-content.ts';

/** notices.title is varchar(200). */
export const NOTICE_TITLE_MAX = 200;
/** An article's HTML; the seeded ones are a few kilobytes. */
export const NOTICE_CONTENT_MAX = 100_000;
/** Covers and pictures of a ticket answer: the ticket form's own image rule (2 MB, JPG/PNG). */
export const CONTENT_IMAGE_MAX_MB = 2;
/** A knowledge document. */
export const KNOWLEDGE_PDF_MAX_MB = 20;
/** knowledge_files.file_name is varchar(200). */
export const KNOWLEDGE_NAME_MAX = 200;

export interface NoticeValues { type?: unknown; title?: unknown; content?: unknown }

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Every problem of the article form, one per field, in the form's order. */
export function noticeProblems(values: NoticeValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!contentTypes.includes(values.type as never)) errors.push({ field: 'type', message: t.badType });
  const title = text(values.title);
  if (!title) errors.push({ field: 'title', message: t.titleRequired });
  else if (charLength(title) > NOTICE_TITLE_MAX) errors.push({ field: 'title', message: t.titleTooLong });
  const content = text(values.content);
  if (!content) errors.push({ field: 'content', message: t.contentRequired });
  else if (content.length > NOTICE_CONTENT_MAX) errors.push({ field: 'content', message: t.contentTooLong });
  return errors;
}

/** A document's name as the enterprise downloads it: a plain name ending in .pdf. */
export function knowledgeNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return t.fileNameRequired;
  if (charLength(trimmed) > KNOWLEDGE_NAME_MAX || !/\.pdf$/i.test(trimmed) || /[\\/:*?"<>|\u0000-\u001f]/.test(trimmed)) return t.fileNameBad;
  return undefined;
}

export const isDocType = (v: unknown): v is string => archiveTypes.some((a) => a.value === v);

/** The bytes of a PDF begin with %PDF- (a renamed file of another kind does not). */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export const looksLikePdf = (bytes: Uint8Array) => bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
