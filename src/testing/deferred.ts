/** A promise a test settles when it chooses (answers that arrive out of order). Node 20 lacks Promise.withResolvers. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
}
