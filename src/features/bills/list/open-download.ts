/** Downloads (export, query template) answer a downloadUri, opened in a new window with a one-use ticket (bills §7, issue 29). */
import type { Http } from '../../../lib/http.ts';
import { openDownload as openTicketed } from '../../../lib/download.ts';
import { notifyError } from '../../../lib/notify.ts';

export function openDownload(uri: string, client?: Http): void {
  openTicketed(uri, client).catch(notifyError);
}
