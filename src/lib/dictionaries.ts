/**
 * Code dictionaries and bill state lists, cached in sessionStorage for the session (accounts §7):
 * POST /api/dictionary/item/queryByCode {dicCode} → [{name, value}],
 * POST /api/enterprise/state/list {mode, billType} → [{state, stateName}].
 * Concurrent asks for the same list share one request.
 */
import { STORAGE_PREFIX } from './session.ts';
import { http, type Http } from './http.ts';

export interface DictionaryItem { name: string; value: string }
export interface BillStateItem { state: string; stateName: string }

const inFlight = new Map<string, Promise<unknown>>();

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const storageKey = `${STORAGE_PREFIX}${key}`;
  const stored = sessionStorage.getItem(storageKey);
  if (stored !== null) {
    try {
      return JSON.parse(stored) as T;
    } catch {
      sessionStorage.removeItem(storageKey);
    }
  }
  const pending = inFlight.get(key) as Promise<T> | undefined;
  if (pending) return pending;
  const request = load()
    .then((value) => {
      sessionStorage.setItem(storageKey, JSON.stringify(value));
      return value;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

export function getDictionary(dicCode: string, client: Http = http): Promise<DictionaryItem[]> {
  return cached(`dict.${dicCode}`, () =>
    client.post<DictionaryItem[]>('/api/dictionary/item/queryByCode', { dicCode }),
  );
}

export function getStates(mode: string, billType: string, client: Http = http): Promise<BillStateItem[]> {
  return cached(`states.${mode}.${billType}`, () =>
    client.post<BillStateItem[]>('/api/enterprise/state/list', { mode, billType }),
  );
}
