/**
 * Bounds derived once per route from its data schema, so ajv refuses (with the field's label)
 * numbers the database cannot hold, and the OpenAPI document shows the bounds:
 * - an integer id field (ID_KEYS, or the items of one) gets minimum 1 and the maximum of the
 *   route's id column,
 * - any other integer without a maximum gets the int4 maximum (paging, kinds, states: all int4).
 * The route's own bounds are kept; shared schema objects are never changed (a copy is made).
 */
import { ID_KEYS, INT4_MAX } from './input-guard.ts';

type Schema = Record<string, unknown>;

const cache = new WeakMap<object, Map<number, object>>();

export function hardenSchema(schema: object, idMax: number): object {
  let byMax = cache.get(schema);
  if (!byMax) cache.set(schema, (byMax = new Map()));
  let hardened = byMax.get(idMax);
  if (!hardened) byMax.set(idMax, (hardened = harden(schema as Schema, idMax, false)));
  return hardened;
}

function isInteger(s: Schema): boolean {
  return s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));
}

function harden(node: Schema, idMax: number, isId: boolean): Schema {
  const out: Schema = { ...node };
  if (isInteger(out)) {
    if (isId) {
      if (out.minimum === undefined) out.minimum = 1;
      if (out.maximum === undefined || (out.maximum as number) > idMax) out.maximum = idMax;
    } else if (out.maximum === undefined) {
      out.maximum = INT4_MAX;
    }
  }
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(out.properties as Record<string, Schema>)
      .map(([key, child]) => [key, harden(child, idMax, ID_KEYS.has(key))]));
  }
  if (out.items && typeof out.items === 'object' && !Array.isArray(out.items)) out.items = harden(out.items as Schema, idMax, isId);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(out[k])) out[k] = (out[k] as Schema[]).map((branch) => harden(branch, idMax, isId));
  }
  return out;
}
