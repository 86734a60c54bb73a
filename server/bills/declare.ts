/**
 * Declaring a bill: the customs message is built (and XSD-checked) by the customs module and
 * written to its outbox in the caller's transaction, so the bill is DECLARING exactly when its
 * message is queued. No XML is made here.
 */
import { buildDeclaration, enqueueDeclaration, type Declaration } from '../customs/declaration.ts';
import { initCustomsSchemas } from '../customs/schemas.ts';
import type { BillCall } from './call.ts';
import type { Executor } from './repository.ts';
import type { Values } from './values.ts';

/** Ready to build declarations: the schemas compile in the background after start; only a declaration in the first second waits. */
export const declarationsReady = (): Promise<void> => initCustomsSchemas();

/**
 * The bill's message, built and XSD-checked (pure, no database): refused with field errors when
 * customs would refuse it. Call after declarationsReady().
 */
export function declarationOf(call: BillCall, head: Values, lines: Values[], appTime: Date): Declaration {
  return buildDeclaration(call.model.def, { ...head, appTime }, lines, { appStatus: '2' });
}

export async function queueDeclaration(trx: Executor, call: BillCall, billId: number, head: Values, lines: Values[], appTime: Date): Promise<void> {
  await declarationsReady();
  await enqueueDeclaration(trx, { companyId: call.scope.companyId, billId, declaration: declarationOf(call, head, lines, appTime) });
}
