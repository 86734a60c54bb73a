/**
 * Every state-changing route is in the operation log: each logged-in POST route of the built app is
 * named — by its route spec (the bill routes, by api key) or in domain/operation-log.ts — as an action
 * or as a read. A new route named nowhere fails here (it would be logged under its summary, which
 * says too much and too little for a log's 操作 column).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { operationLogRoutes } from '../../domain/operation-log.ts';
import { routeLogRegistry } from '../../server/oplog/route-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

it('names every logged-in POST route as an action or a read', () => {
  const routes = [...routeLogRegistry.values()];
  expect(routes.length).toBeGreaterThan(300);
  const unnamed = routes.filter((r) => r.plan === undefined).map((r) => r.path);
  expect(unnamed).toEqual([]);
});

it('logs the state-changing calls of every bill type under their Chinese labels', () => {
  const logged = [...routeLogRegistry.values()].filter((r) => r.plan);
  for (const r of logged) expect(r.plan!.action, r.path).toMatch(/[\u4e00-\u9fff]/);
  const saves = logged.filter((r) => r.path.endsWith('/saveBatch'));
  expect(saves.length).toBeGreaterThan(5);
});

it('names no route in the table that the app does not have (a renamed route leaves no stale entry)', () => {
  const paths = new Set([...routeLogRegistry.values()].map((r) => r.path));
  expect(Object.keys(operationLogRoutes).filter((p) => !paths.has(p))).toEqual([]);
});
