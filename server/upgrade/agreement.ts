/**
 * The agreement the header offers for download (accounts §2 Layout, §7 /agreement/getDownloadUrl):
 * the resource centre's user agreement the upgrade wizard shows, as a small PDF made from the same
 * texts (domain/texts/upgrade.ts), so the file and the wizard never disagree. It is public text,
 * served at a fixed address; made once per process.
 */
import { upgradeText as t } from '../../domain/texts/upgrade.ts';
import { simplePdf } from '../content/pdf.ts';

export const AGREEMENT_FILE_NAME = `${t.agreementTitle}.pdf`;
export const AGREEMENT_PATH = '/api/enterprise/agreement/file/agreement.pdf';
/** What getDownloadUrl answers: the file, as an attachment with its Chinese name. */
export const AGREEMENT_DOWNLOAD_URI = `${AGREEMENT_PATH}?download=1`;

let pdf: Uint8Array | undefined;
export function agreementPdf(): Uint8Array {
  pdf ??= simplePdf(t.agreementTitle, t.agreementParagraphs);
  return pdf;
}
