/**
 * The BillCall of another bill type within one request (the bill an action makes, the bills it
 * reads): same database, company, clock and caller, that type's model and state names. Models are
 * derived once per definition.
 */
import { findBill } from '../../../domain/bills/index.ts';
import type { BillDefinition } from '../../../domain/bills/types.ts';
import type { BillCall } from '../call.ts';
import { billModel, type BillModel } from '../model.ts';
import type { StateNamesLoader } from '../states.ts';

const models = new WeakMap<BillDefinition, BillModel>();

export function modelOf(def: BillDefinition): BillModel {
  let model = models.get(def);
  if (!model) models.set(def, (model = billModel(def)));
  return model;
}

/** The registered definition of `key` in the call's mode; a definition naming an unknown one is a bug. */
export function definitionOf(call: BillCall, key: string): BillDefinition {
  const def = findBill(call.model.def.mode, key);
  if (!def) throw new Error(`${call.model.def.mode}/${call.model.def.key}: no bill ${key}`);
  return def;
}

/** The call of bill type `key` for the same request. */
export async function callOf(call: BillCall, key: string, stateNames: StateNamesLoader): Promise<BillCall> {
  if (key === call.model.def.key) return call;
  const def = definitionOf(call, key);
  const model = modelOf(def);
  return { ...call, model, scope: { companyId: call.scope.companyId, model }, states: await stateNames(def.states.mode, def.states.billType) };
}
