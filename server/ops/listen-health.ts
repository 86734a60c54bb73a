import type { Listen } from '../db/listener.ts';
import type { ServerState } from './server-state.ts';

/**
 * The database's LISTEN as the app uses it, telling the server's health which channels are lost
 * and back: /readyz is not ready while a channel may be missing notifications (a revocation made on
 * another app server would not be heard).
 */
export function watchedListen(listen: Listen, state: ServerState): Listen {
  return (channel, handlers) => {
    state.listenLost.add(channel);
    return listen(channel, {
      message: (payload) => handlers.message(payload),
      ready: () => { state.listenLost.delete(channel); handlers.ready(); },
      lost: () => { state.listenLost.add(channel); handlers.lost(); },
    }).then((stop) => async () => { await stop(); state.listenLost.delete(channel); });
  };
}
