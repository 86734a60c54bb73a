/**
 * The tab's live-event stream (src/lib/live-events.ts) as an actor of the app: running while the
 * auth actor is authenticated, stopped when the session ends. Its events go to `liveEvents`, where
 * the pages' machine hosts listen; those that change the session itself (rights, the company's
 * filing) go to the auth actor too (live-auth.ts).
 */
import { createActor, type Actor } from 'xstate';
import { liveEventPaths } from '../../domain/events.ts';
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
      },
    });
    live.start();
  } else if (!authenticated && live) {
    live.stop();
    live = undefined;
    liveStatus.set('ended');
  }
}

/** The stream is an enterprise's: a platform operator (issue 20) has none, and the server refuses it. */
const streams = (snapshot: ReturnType<typeof authActor.getSnapshot>): boolean =>
  snapshot.matches('authenticated') && snapshot.context.userInfo?.userType !== 'PLATFORM';

if (typeof EventSource !== 'undefined') {
  liveEvents.subscribe((event) => {
    const next = authEventOf(event);
    if (next) authActor.send(next);
  });
  follow(streams(authActor.getSnapshot()));
  authActor.subscribe((snapshot) => follow(streams(snapshot)));
}
