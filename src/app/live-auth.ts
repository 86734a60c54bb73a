/**
 * Live events that change the session itself (issue 17): a grants change of this user reloads its
 * menu and buttons, a filing decision of its company refreshes the session (companyCode) and then
 * the menu, a resync (the stream missed something) reloads the menu. The company's own submission
 * (审核中) changes nothing of the session.
 */
import { APPROVE_STATE } from '../../domain/enterprise/approval.ts';
import type { LiveEvent } from '../../domain/events.ts';
import type { AuthEvent } from '../../machines/auth.ts';

export function authEventOf(event: LiveEvent): AuthEvent | undefined {
  switch (event.type) {
    case 'grants': return { type: 'live.grantsChanged' };
    case 'filing': return event.approveState === APPROVE_STATE.reviewing ? undefined : { type: 'live.filingDecided' };
    case 'resync': return { type: 'live.resync' };
    default: return undefined;
  }
}
