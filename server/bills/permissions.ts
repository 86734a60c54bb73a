/**
 * Bill permissions (bill-engine.md "Permissions"): read calls need the page (the module
 * /bill/{mode}/{key} among the user's modules), write calls one of the button codes of the actions
 * that use the call. Read from the cached module tables: no query per request.
 */
import type { FastifyInstance } from 'fastify';
import type { BillApi } from '../../domain/bills/types.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Requirement } from '../http/permission.ts';
import { moduleSeeds } from '../../domain/modules.ts';
import type { BillModel } from './model.ts';

export async function requireBillAccess(app: FastifyInstance, user: AuthUser, model: BillModel, key: keyof BillApi): Promise<void> {
  await app.enforce(user, billRequirement(model, key));
}

/** What a bill call needs: the page for a read, one of its actions' button codes for a write. */
export function billRequirement(model: BillModel, key: keyof BillApi): Requirement {
  const needed = model.access(key);
  return needed === 'page' ? { uri: model.uri } : { uri: model.uri, code: needed };
}

/** Any bill page will do: the receipts and timeline of a bill the caller may open one of the lists of. */
export const anyBillPage: readonly Requirement[] = moduleSeeds.filter((m) => m.uri.startsWith('/bill/')).map((m) => ({ uri: m.uri }));
