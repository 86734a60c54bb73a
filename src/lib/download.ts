/**
 * Opens a generated download (an export, a template: a downloadUri). The link alone downloads
 * nothing — a file is its maker's (issue 29 item 6) — and a new window cannot carry the session's
 * header, so a one-use ticket is asked with the session at click time and goes with the link, as
 * the event stream does.
 */
import { liveEventPaths } from '../../domain/events.ts';
import { http as sessionHttp, type Http } from './http.ts';

export async function openDownload(uri: string, client: Http = sessionHttp): Promise<void> {
  const { ticket } = await client.post<{ ticket: string }>(liveEventPaths.ticket, {});
  window.open(`${uri}${uri.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}`, '_blank', 'noopener');
}
