/**
 * What one operator queue (结汇审核, 核销审核, 补贴审核) is, in words the shared ReviewQueuePage reads:
 * its records, filters, columns, decisions and detail. A queue differs from another by its
 * definition only (settlement.tsx, verification.tsx, subsidy.tsx), never by a test of which queue it is.
 */
import type { ComponentType, ReactNode } from 'react';
import type { SettlementKind } from '../../../../domain/events.ts';
import type { Term } from '../../../../domain/query.ts';
import type { WorkflowAction, WorkflowValues } from '../../../../machines/workflow-page.ts';
import type { Page, ReviewApi } from '../api.ts';
import type { QueueColumns } from '../components/QueueFilters.tsx';

export interface QueueRecord { id: number; state: string; stateName: string }

export interface QueueColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** amounts and counts are right-aligned */
  numeric?: boolean;
}

export interface QueueDecision {
  /** the page actor's action (machines/review-actions.ts): its gate offers the button, its dialog asks */
  action: WorkflowAction;
  label: string;
  /** a refusal: its button is quiet and red, its dialog asks for the reason the enterprise reads */
  refuses?: boolean;
  /** the question of a decision taken with 是否…? (its action's dialog is 'confirm') */
  confirm?: string;
}

export interface QueueDetailProps<Detail> {
  api: ReviewApi;
  detail: Detail;
  /** bumped after every decision: the detail's pages of rows read again */
  version: number;
}

export interface QueueDefinition<Row extends QueueRecord, Detail extends QueueRecord> {
  /** the operators' live queue that moves this one (issue 20) */
  queue: SettlementKind;
  title: string;
  /** the table's minimum width before it scrolls */
  minWidth: number;
  /** the states chosen at first: what waits for the operator */
  waiting: string[];
  states: { value: string; label: string }[];
  filterColumns: QueueColumns;
  /** the table's columns before 操作 */
  columns: QueueColumn<Row>[];
  stateColor: (state: string) => string;
  /** in the order of their buttons */
  decisions: QueueDecision[];
  list: (api: ReviewApi, pageIndex: number, pageSize: number, terms: Term[]) => Promise<Page<Row>>;
  decide: (api: ReviewApi, code: string, id: number, values: WorkflowValues) => Promise<unknown>;
  detail: (api: ReviewApi, id: number) => Promise<Detail>;
  drawerTitle: (detail: Detail | null) => string;
  /** what the decision dialog names (the record and its company) */
  subject: (row: Row) => string;
  /** the drawer's body under the state and the decisions */
  Detail: ComponentType<QueueDetailProps<Detail>>;
}
