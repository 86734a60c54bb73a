import { describe, expect, it } from 'vitest';
import { BIGINT_ID_MAX, INT4_MAX } from './input-guard.ts';
import { hardenSchema } from './schema-bounds.ts';

describe('hardenSchema', () => {
  const shared = {
    type: 'object',
    properties: {
      id: { type: 'integer', title: '编号' },
      ids: { type: 'array', items: { type: 'integer', minimum: 1 } },
      headId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] },
      pageSize: { type: 'integer', maximum: 500 },
      revokeType: { type: 'integer' },
      name: { type: 'string' },
    },
  };

  it('bounds id fields by the id column and other integers by int4, keeping the route\'s own bounds', () => {
    const h = hardenSchema(shared, INT4_MAX) as { properties: Record<string, any> };
    expect(h.properties.id).toEqual({ type: 'integer', title: '编号', minimum: 1, maximum: INT4_MAX });
    expect(h.properties.ids.items).toEqual({ type: 'integer', minimum: 1, maximum: INT4_MAX });
    expect(h.properties.headId.anyOf[0]).toEqual({ type: 'integer', minimum: 1, maximum: INT4_MAX });
    expect(h.properties.pageSize.maximum).toBe(500);
    expect(h.properties.revokeType.maximum).toBe(INT4_MAX);
    expect(h.properties.name).toEqual({ type: 'string' });
    const b = hardenSchema(shared, BIGINT_ID_MAX) as { properties: Record<string, any> };
    expect(b.properties.id.maximum).toBe(BIGINT_ID_MAX);
  });

  it('never changes the shared schema, and derives each once', () => {
    expect(shared.properties.id).toEqual({ type: 'integer', title: '编号' });
    expect(hardenSchema(shared, INT4_MAX)).toBe(hardenSchema(shared, INT4_MAX));
  });
});
