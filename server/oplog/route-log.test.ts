import { CompiledQuery, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, DummyDriver, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isWrite } from './dialect.ts';
import { logPlanOf, requestBillNos, requestIds } from './route-log.ts';

const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('what counts as a write', () => {
  it('insert, update, delete (built or raw) change rows; selects, locks and transaction words do not', () => {
    expect(isWrite(db.insertInto('t').values({ a: 1 }).compile())).toBe(true);
    expect(isWrite(db.updateTable('t').set({ a: 1 }).compile())).toBe(true);
    expect(isWrite(db.deleteFrom('t').compile())).toBe(true);
    expect(isWrite(sql`delete from t where id in (select id from t)`.compile(db))).toBe(true);
    expect(isWrite(sql`with x as (select 1) update t set a = 1`.compile(db))).toBe(true);
    expect(isWrite(db.selectFrom('t').selectAll().forUpdate().compile())).toBe(false);
    expect(isWrite(sql`select pg_advisory_xact_lock(1)`.compile(db))).toBe(false);
    expect(isWrite(CompiledQuery.raw('begin'))).toBe(false);
  });
});

describe('what a request names', () => {
  it('record ids from id, headId, ids and inventoryIds; nothing from junk', () => {
    expect(requestIds({ id: 3, headId: '4', ids: [5, '6', 'x', -1], inventoryIds: [7] })).toEqual([3, 4, 5, 6, 7]);
    expect(requestIds({ id: false, ids: 'nope' })).toEqual([]);
    expect(requestIds(null)).toEqual([]);
  });

  it('bill numbers from a saved bill or each bill of a batch, by the title field', () => {
    expect(requestBillNos({ orderNo: ' SO1 ' }, 'orderNo')).toEqual(['SO1']);
    expect(requestBillNos({ bills: [{ orderNo: 'A' }, { orderNo: 'A' }, 7, { orderNo: 'B' }] }, 'orderNo')).toEqual(['A', 'B']);
    expect(requestBillNos({ orderNo: 'SO1' }, undefined)).toEqual([]);
  });

  it('a route is an action by its own word or the table, a read by false or a null entry, else unnamed', () => {
    expect(logPlanOf({ path: '/x/save', summary: '保存', tags: ['模块'], log: { action: '保存' } })).toEqual({ module: '模块', action: '保存' });
    expect(logPlanOf({ path: '/x/list', summary: '列表', log: false })).toBeNull();
    expect(logPlanOf({ path: '/api/enterprise/user/save', summary: '新建', tags: ['账号'] })).toEqual({ module: '账号', action: '新建子账号' });
    expect(logPlanOf({ path: '/api/enterprise/user/pageList', summary: '列表', tags: ['账号'] })).toBeNull();
    expect(logPlanOf({ path: '/api/nowhere', summary: '无名' })).toBeUndefined();
  });
});
