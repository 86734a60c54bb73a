/**
 * A separate file (its own module instance): before initCustomsSchemas() has finished, building a
 * declaration fails loudly instead of sending an unchecked message.
 */
import { expect, it } from 'vitest';
import { exportOrder } from '../../domain/bills/export-order.ts';
import { buildDeclaration } from '../../server/customs/declaration.ts';
import { customsSchemasReady } from '../../server/customs/schemas.ts';
import { exportOrderBill } from './fixtures.ts';

it('refuses to build before the schemas are compiled', () => {
  expect(customsSchemasReady()).toBe(false);
  const { head, lines } = exportOrderBill();
  expect(() => buildDeclaration(exportOrder, head, lines, { appStatus: '2' })).toThrow(/initCustomsSchemas/);
});
