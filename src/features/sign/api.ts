/**
 * The sign record detail call (bills §7 "Sign"): POST /api/enterprise/sign/signData/findById {id}
 * → the row with the data to sign, the signature and the message (server/customs/sign/screens.ts).
 */
import type { SignatureReport } from '../../../domain/customs/signature.ts';
import { http, type Http } from '../../lib/http.ts';

export interface SignRecordDetail {
  id: number;
  copNo: string;
  customsRegistCode: string | null;
  companyName: string | null;
  type: string;
  typeName: string;
  purpose: string | null;
  note: string | null;
  state: string;
  stateName: string;
  returnInfo: string | null;
  createTime: string;
  updateTime: string;
  /** the canonical SignedInfo the signature is computed over, exactly */
  waitSignData: string;
  /** the same, indented for reading */
  waitSignDataPretty: string;
  /** base64 SignatureValue once signed */
  signResult: string | null;
  certificate: string | null;
  messageGuid: string | null;
  messageStatus: string | null;
  /** the declaration (signed once SIGNED), indented for reading; null when the message is gone */
  xml: string | null;
  /** the message's signature: algorithm and verdict (null when the message is gone) */
  signature?: SignatureReport | null;
}

export const SIGN_DETAIL_PATH = '/api/enterprise/sign/signData/findById';

export function findSignRecord(id: number, client: Http = http, signal?: AbortSignal): Promise<SignRecordDetail> {
  return client.post<SignRecordDetail>(SIGN_DETAIL_PATH, { id }, { signal });
}
