/**
 * Bill permissions (bill-engine.md "Permissions"): read calls need the page (the module
 * /bill/{mode}/{key} among the user's modules), write calls one of the button codes of the actions
 * that use the call. Read from the cached module tables: no query per request.
 */
import type { FastifyInstance } from 'fastify';
import type { BillApi } from '../../domain/bills/types.ts';
import { serverText } from '../../domain/texts/server.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { BizError } from '../http/errors.ts';
import type { BillModel } from './model.ts';

export async function requireBillAccess(app: FastifyInstance, user: AuthUser, model: BillModel, key: keyof BillApi): Promise<void> {
  const codes = (await app.buttonCodes(user.userType)).get(model.uri);
  if (!codes) throw new BizError(serverText.noPermission);
  const needed = model.access(key);
  if (needed !== 'page' && !needed.some((c) => codes.has(c))) throw new BizError(serverText.noPermission);
}
