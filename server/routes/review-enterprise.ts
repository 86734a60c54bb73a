/**
 * The operator's 企业管理 (/review/company, issue 20): /api/review/enterprise/{pageList, accounts,
 * freeze, unfreeze, backupStatus}. The filing review itself is /api/review/company/* (server/routes/review.ts).
 */
import { basename } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { backupHealth, sizeText, type BackupStatusAnswer } from '../../domain/ops/backup-health.ts';
import { chinaDateTime } from '../bills/time.ts';
import { msUntilChinaTime, readBackupStatus } from '../ops/backup/schedule.ts';
import { enterpriseAccounts, listEnterprises, setCompanyFrozen } from '../company/enterprises.ts';
import { defineRoute } from '../http/route.ts';

const tags = ['企业管理（审核端）'];
const idBody = { type: 'object', required: ['id'], properties: { id: { type: 'integer', title: '企业编号', minimum: 1 } } };

export default async function reviewEnterpriseRoutes(app: FastifyInstance) {
  const { db } = app;
  const { backup } = app.config;

  defineRoute<unknown, 'operator'>(app, {
    path: '/api/review/enterprise/backupStatus', summary: '本服务器的自动备份：最近一次的时间、大小或错误，下次计划时间', tags, access: 'operator',
    dataOptional: true, data: { type: 'object', additionalProperties: false },
    handler: async (): Promise<BackupStatusAnswer> => {
      const now = Date.now();
      const last = app.serverState.lastBackup ?? await readBackupStatus(backup.dir);
      return {
        health: backupHealth(backup, last, now),
        last: last && {
          time: chinaDateTime(last.at) ?? last.at, ok: last.ok, file: last.file ? basename(last.file) : null,
          size: last.size === undefined ? null : sizeText(last.size), error: last.error ?? null,
        },
        next: !backup.everyMs && backup.at ? chinaDateTime(new Date(now + msUntilChinaTime(backup.at, now))) : null,
        everyMinutes: backup.everyMs ? Math.max(1, Math.round(backup.everyMs / 60_000)) : null,
        keep: backup.keep,
        dir: backup.dir,
      };
    },
  });

  defineRoute<unknown, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/enterprise/pageList', summary: '企业列表：备案状态、账号数、冻结状态 (分页，terms/sorts 同其他列表)', tags, access: 'operator',
    dataOptional: true, data: { type: 'object', additionalProperties: true },
    handler: ({ data }) => listEnterprises(db, data ?? {}),
  });

  defineRoute<{ id: number }, 'operator'>(app, {
    idColumn: 'integer',
    path: '/api/review/enterprise/accounts', summary: '企业的账号 (主账号与子账号)', tags, access: 'operator', data: idBody,
    handler: ({ data }) => enterpriseAccounts(db, data.id),
  });

  for (const [verb, frozen, summary] of [['freeze', true, '冻结企业：其账号禁止登录、已登录的会话与接口密钥立即失效'], ['unfreeze', false, '解冻企业']] as const) {
    defineRoute<{ id: number }, 'operator'>(app, {
      idColumn: 'integer',
      path: `/api/review/enterprise/${verb}`, summary, tags, access: 'operator', data: idBody,
      handler: async ({ data }) => {
        const users = await setCompanyFrozen(db, data.id, frozen);
        // committed: this server's next call with such a session or key reads the database again
        app.sessions.forgetUsers(users);
        app.grants.forgetAll();
        return { id: data.id, frozen };
      },
    });
  }
}
