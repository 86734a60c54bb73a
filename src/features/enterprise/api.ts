/**
 * The enterprise page's calls (accounts §7): detail, save, apply, the authorization code, the
 * division cascade and attachments (session check, /api/file/upload, /company/saveFile).
 * Refusals are turned into {message, errors} (the machine shows field errors on the form).
 */
import type { FieldError } from '../../../domain/envelope.ts';
import type { EnterpriseValues } from '../../../domain/enterprise/rules.ts';
import type { EnterpriseDetail, EnterpriseFailure } from '../../../machines/enterprise.ts';
import { ApiError } from '../../lib/api-error.ts';
import { http, LONG_TIMEOUT, type Http } from '../../lib/http.ts';

export interface DivisionItem { id: string; code: string; name: string; leaf: boolean }
export interface AuthCode { authCode: string | null; createTime: string | null }
export interface UploadedFile { uri: string; name: string }

/** What the machine shows: the message, and the field errors a validation refusal carries. */
export function toFailure(error: unknown): EnterpriseFailure {
  const message = error instanceof Error ? error.message : String(error);
  const errors = error instanceof ApiError ? (error.body as { data?: { errors?: FieldError[] } } | undefined)?.data?.errors : undefined;
  return errors ? { message, errors } : { message };
}

const failing = <A extends unknown[], T>(f: (...args: A) => Promise<T>) => async (...args: A): Promise<T> => {
  try {
    return await f(...args);
  } catch (error) {
    throw toFailure(error);
  }
};

export function createEnterpriseApi(client: Http = http) {
  const post = <T>(path: string, data: unknown = {}) => client.post<T>(`/api/enterprise${path}`, data);
  return {
    load: failing(() => post<EnterpriseDetail>('/company/queryDetailById')),
    save: failing((values: EnterpriseValues) => post<EnterpriseDetail>('/company/saveCompany', values)),
    apply: failing((values: EnterpriseValues) => post<EnterpriseDetail>('/company/apply', values)),
    queryAuthCode: () => post<AuthCode>('/company/queryAuthCode'),
    generateAuthCode: () => post<AuthCode>('/company/generateAuthCode'),
    provinces: () => post<DivisionItem[]>('/area/getProvinces'),
    children: (id: string) => post<DivisionItem[]>('/area/getByCode', { id }),
    deleteFile: (id: number) => post<null>('/company/deleteFileByFileId', { id }),
    /** one file: the session check precedes every upload (§5), then the upload, then /company/saveFile */
    async attach(file: File, fileType: string, companyId: number | string): Promise<void> {
      await client.post('/api/jwt_core/validate', {});
      const form = new FormData();
      form.append('file', file, file.name);
      const uploaded = (await client.axios.post('/api/file/upload', form, { timeout: LONG_TIMEOUT })) as unknown as UploadedFile[];
      const fileUri = uploaded?.[0]?.uri;
      if (!fileUri) throw new Error('upload');
      await post('/company/saveFile', { fileType, fileUri, companyId });
    },
  };
}
export type EnterpriseApi = ReturnType<typeof createEnterpriseApi>;
