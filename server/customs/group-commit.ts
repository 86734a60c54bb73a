/**
 * Group commit: calls made while a write is on its way are written together by the next one, so N
 * deliveries in flight cost one statement (or one transaction) instead of N — the round trips, not
 * the rows, were what the outbox paid for (issue 28). Each caller still awaits its own outcome.
 *
 * `write` answers an error (or undefined) per item, in order; a throw fails the whole group.
 */
export function groupCommit<T>(write: (items: T[]) => Promise<(unknown | undefined)[]>): (item: T) => Promise<void> {
  let waiting: { item: T; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let writing = false;

  async function flush() {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const errors = await write(group.map((w) => w.item));
        group.forEach((w, i) => (errors[i] === undefined ? w.resolve() : w.reject(errors[i])));
      } catch (e) {
        for (const w of group) w.reject(e);
      }
    }
    writing = false;
  }

  return (item) => new Promise<void>((resolve, reject) => {
    waiting.push({ item, resolve, reject });
    if (writing) return;
    writing = true;
    // the calls of this turn of the event loop go in the same group
    setImmediate(() => void flush());
  });
}
