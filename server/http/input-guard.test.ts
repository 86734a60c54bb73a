import { describe, expect, it } from 'vitest';
import { BIGINT_ID_MAX, findInputProblem, INT4_MAX, MAX_INPUT_DEPTH, unstorableText } from './input-guard.ts';

const big = { idMax: BIGINT_ID_MAX };
const int4 = { idMax: INT4_MAX };
const body = (data: unknown) => ({ data });

describe('findInputProblem', () => {
  it('passes ordinary requests', () => {
    expect(findInputProblem(body({ pageIndex: 0, pageSize: '50', terms: [{ column: 'order_no', termType: 'in', value: ['a', 'b'] }], sorts: [] }), big, 'data')).toBeNull();
    expect(findInputProblem(body({ id: '12', details: [{ id: 'temp1', note: '中文 ‫RTL‬ 😀' }, { id: 7 }] }), big, 'data')).toBeNull();
    expect(findInputProblem(body({ terms: null, headId: null, ids: [] }), big, 'data')).toBeNull();
    expect(findInputProblem(undefined, big, 'data')).toBeNull();
  });

  it('finds NUL and lone surrogates in values and keys, naming the field below data', () => {
    expect(findInputProblem(body({ terms: [{ value: 'a\u0000' }] }), big, 'data')).toEqual({ kind: 'text', field: 'terms.0.value' });
    expect(findInputProblem(body({ details: [{}, { gName: '\uDC00x' }] }), big, 'data')).toEqual({ kind: 'text', field: 'details.1.gName' });
    expect(findInputProblem(body({ 'k\u0000': 1 }), big, 'data')).toEqual({ kind: 'text', field: 'k\u0000' });
    expect(findInputProblem({ username: 'a\uD800' }, big)).toEqual({ kind: 'text', field: 'username' });
    expect(unstorableText('😀')).toBe(false);
  });

  it('refuses ids outside the column, as numbers or numeric text, naming the id field', () => {
    expect(findInputProblem(body({ ids: [1, INT4_MAX + 1] }), int4, 'data')).toEqual({ kind: 'id', field: 'ids' });
    expect(findInputProblem(body({ ids: [1, INT4_MAX + 1] }), big, 'data')).toBeNull();
    for (const id of [0, -0, -1, 1.5, 1e20, 1e308, '9007199254740993', '1e20', ' -3 ']) {
      expect(findInputProblem(body({ id }), big, 'data'), String(id)).toEqual({ kind: 'id', field: 'id' });
    }
    expect(findInputProblem(body({ details: [{ id: 'temp3' }], headId: '42' }), big, 'data')).toBeNull();
    expect(findInputProblem(body({ inventoryIds: [[3, 2 ** 60]] }), big, 'data')).toEqual({ kind: 'id', field: 'inventoryIds' });
  });

  it('refuses terms and sorts that are not lists of objects, and odd paging', () => {
    expect(findInputProblem(body({ terms: 'x' }), big, 'data')).toEqual({ kind: 'shape', field: 'terms' });
    expect(findInputProblem(body({ sorts: [null] }), big, 'data')).toEqual({ kind: 'shape', field: 'sorts' });
    expect(findInputProblem(body({ pageIndex: -1 }), big, 'data')).toEqual({ kind: 'shape', field: 'pageIndex' });
    expect(findInputProblem(body({ pageSize: 'NaN' }), big, 'data')).toEqual({ kind: 'shape', field: 'pageSize' });
    // only the list request's own fields: a nested `terms` is some other word's business
    expect(findInputProblem(body({ rule: { terms: 'x' } }), big, 'data')).toBeNull();
  });

  it('stops at the depth limit without recursion, naming the top field', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(body({ ids: deep }), big, 'data')).toEqual({ kind: 'depth', field: 'ids' });
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH - 3; i++) ok = { a: ok };
    expect(findInputProblem(body({ a: ok }), big, 'data')).toBeNull();
  });

  it('does not walk buffers or streams a content parser made', () => {
    expect(findInputProblem({ file: Buffer.from([0, 0, 0]) }, big)).toBeNull();
  });
});
