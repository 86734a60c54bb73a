/**
 * The tab's live-event stream (src/lib/live-events.ts) as an actor of the app: running while the
 * auth actor is authenticated, stopped when the session ends. Its events go to `liveEvents`, where
 * the pages' machine hosts listen; those that change the session itself (rights, the company's
 * filing) go to the auth actor too (live-auth.ts).
 */
import { createActor, type Actor } from 'xstate';
import { liveEventPaths } from '../../domain/events.ts';
import { authText, sessionEndText } from '../../domain/texts/auth.ts';
import { http } from '../lib/http.ts';
import { liveEvents, liveEventsLogic, liveStatus } from '../lib/live-events.ts';
import { authEventOf } from './live-auth.ts';
import { authActor } from './session.ts';

let live: Actor<typeof liveEventsLogic> | undefined;

function follow(authenticated: boolean): void {
  if (authenticated && !live) {
    live = createActor(liveEventsLogic, {
      input: {
        ticket: async () => (await http.post<{ ticket: string }>(liveEventPaths.ticket, {})).ticket,
        open: (url) => new EventSource(url),
        deliver: (event) => liveEvents.deliver(event),
        status: (status) => liveStatus.set(status),
        // the session ended on the server: the console leaves for /login at once, saying why (issue 29)
        ended: (reason) => authActor.send({ type: 'live.sessionEnded', message: reason ? sessionEndText[reason] : authText.sessionEnded }),
      },
    });
    live.start();
  } else if (!authenticated && live) {
    live.stop();
    live = undefined;
    liveStatus.set('ended');
  }
}

/**
 * Every logged-in person has a stream: an enterprise user's carries its company's facts, a platform
 * operator's (issue 20) the review queues' moves only (the server decides which by the session).
 */
const streams = (snapshot: ReturnType<typeof authActor.getSnapshot>): boolean => snapshot.matches('authenticated');

if (typeof EventSource !== 'undefined') {
  liveEvents.subscribe((event) => {
    const next = authEventOf(event);
    if (next) authActor.send(next);
  });
  follow(streams(authActor.getSnapshot()));
  authActor.subscribe((snapshot) => follow(streams(snapshot)));
}
