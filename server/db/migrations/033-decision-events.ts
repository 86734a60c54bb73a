import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the operator's decisions and the operator's queues as live events, raised like those of
 * migration 021 by triggers in the very transaction of the change (so the sandbox, a script with
 * X-Review-Token, another app server and the console are all covered; nothing for a rollback).
 *
 * To the company (server/events/wire.ts):
 * - 't' a ticket changed state, was written or removed, or got an answer (work_ticket_replies);
 * - 's' a 结汇单 / 核销申请 / 补贴申请 was created, changed state (受理, 审核通过, 退回 …) or was removed.
 * To the operators ('q', no company: the platform's channel, which no company's stream hears):
 * - the queue that moved: filing (a company's approve_state changed), ticket, settlement,
 *   verification, subsidy. Identical notifications of one transaction are delivered once, so a
 *   batch of rows moves its queue once.
 */
const records = [
  { table: 'settlements', kind: 'settlement' },
  { table: 'settlement_verifications', kind: 'verification' },
  { table: 'subsidies', kind: 'subsidy' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function cbec_ticket_event() returns trigger language plpgsql as $$
    declare
      r record;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      perform pg_notify('cbec_events', json_build_object('t', 't', 'c', r.company_id, 'i', r.id, 's', r.state)::text);
      perform pg_notify('cbec_events', json_build_object('t', 'q', 'q', 'ticket')::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger work_tickets_event after insert or delete or update of state, reason on work_tickets
    for each row execute function cbec_ticket_event()`.execute(db);

  await sql`create function cbec_ticket_reply_event() returns trigger language plpgsql as $$
    declare
      w record;
    begin
      select id, company_id, state into w from work_tickets where id = new.ticket_id;
      if found then
        perform pg_notify('cbec_events', json_build_object('t', 't', 'c', w.company_id, 'i', w.id, 's', w.state)::text);
        perform pg_notify('cbec_events', json_build_object('t', 'q', 'q', 'ticket')::text);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger work_ticket_replies_event after insert on work_ticket_replies
    for each row execute function cbec_ticket_reply_event()`.execute(db);

  // one function for the three records: the kind is the trigger's argument
  await sql`create function cbec_settlement_event() returns trigger language plpgsql as $$
    declare
      r record;
    begin
      if tg_op = 'DELETE' then r := old; else r := new; end if;
      if tg_op = 'UPDATE' and new.state is not distinct from old.state then return null; end if;
      perform pg_notify('cbec_events', json_build_object('t', 's', 'c', r.company_id, 'k', tg_argv[0], 'i', r.id, 's', r.state)::text);
      perform pg_notify('cbec_events', json_build_object('t', 'q', 'q', tg_argv[0])::text);
      return null;
    end $$`.execute(db);
  for (const { table, kind } of records) {
    await sql.raw(`create trigger ${table}_decision_event after insert or delete or update of state on ${table}
      for each row execute function cbec_settlement_event('${kind}')`).execute(db);
  }

  await sql`create function cbec_filing_queue_event() returns trigger language plpgsql as $$
    begin
      perform pg_notify('cbec_events', json_build_object('t', 'q', 'q', 'filing')::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger companies_filing_queue_event after update of approve_state on companies
    for each row when (new.approve_state is distinct from old.approve_state) execute function cbec_filing_queue_event()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists companies_filing_queue_event on companies`.execute(db);
  await sql`drop function if exists cbec_filing_queue_event()`.execute(db);
  for (const { table } of records) await sql.raw(`drop trigger if exists ${table}_decision_event on ${table}`).execute(db);
  await sql`drop function if exists cbec_settlement_event()`.execute(db);
  await sql`drop trigger if exists work_ticket_replies_event on work_ticket_replies`.execute(db);
  await sql`drop function if exists cbec_ticket_reply_event()`.execute(db);
  await sql`drop trigger if exists work_tickets_event on work_tickets`.execute(db);
  await sql`drop function if exists cbec_ticket_event()`.execute(db);
}
