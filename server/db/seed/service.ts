/**
 * The service side of the demo (first start only, with the demo enterprises): the published news,
 * notices and knowledge documents (domain/content/published.ts; covers and PDFs made here), a few
 * work tickets of the demo enterprise in each state, its parameter settings, and the second demo
 * enterprise (杭州云途, login `other`) marked as still to be promoted to the resource centre, so its
 * main account meets the upgrade wizard.
 */
import { knowledgeDocuments, publishedNews, publishedNotices } from '../../../domain/content/published.ts';
import { chinaTime } from '../../company/detail.ts';
import { coverSvg } from '../../content/cover.ts';
import { storeFile } from '../../content/files.ts';
import { simplePdf } from '../../content/pdf.ts';
import type { Db } from '../database.ts';
import { archiveDocuments, archiveTypeOfName } from './archive-documents.ts';

const DAY = 24 * 3600_000;
const PDF = 'application/pdf';

export async function seedServiceDemo(trx: Db, ids: { companyIds: Map<string, number>; userIds: Map<string, number> }, now = Date.now()): Promise<void> {
  /** `daysAgo` days and `minutes` minutes before the seeding */
  const at = (daysAgo: number, minutes: number) => new Date(now - daysAgo * DAY - minutes * 60_000);

  for (const [i, item] of [...publishedNews, ...publishedNotices].entries()) {
    const time = at(item.daysAgo, 30 + (i % 7) * 47);
    const cover = item.type === 'NEWS'
      ? await storeFile(trx, { companyId: null, fileName: `封面${i + 1}.svg`, contentType: 'image/svg+xml', content: Buffer.from(coverSvg(item.title, i), 'utf8') })
      : null;
    const notice = await trx.insertInto('notices').values({
      type: item.type, title: item.title, content: item.html, cover_file_id: cover?.id ?? null, create_time: time, update_time: time,
    }).returning('id').executeTakeFirstOrThrow();
    for (const [n, doc] of (item.attachments ?? []).entries()) {
      const file = await storeFile(trx, { companyId: null, fileName: doc.fileName, contentType: PDF, content: simplePdf(doc.title, doc.paragraphs) });
      await trx.insertInto('notice_files').values({ notice_id: notice.id, file_id: file.id, sort_no: n }).execute();
    }
  }

  // the home page's documents and the archive's own (/archive), each with its type (e, i, other)
  const documents = [...knowledgeDocuments.map((d) => ({ ...d, type: archiveTypeOfName(d.fileName) })), ...archiveDocuments];
  for (const doc of documents) {
    const file = await storeFile(trx, { companyId: null, fileName: doc.fileName, contentType: PDF, content: simplePdf(doc.title, doc.paragraphs) });
    await trx.insertInto('knowledge_files').values({ file_name: doc.fileName, file_id: file.id, create_time: at(doc.daysAgo, 120), doc_type: doc.type }).execute();
  }

  const demo = ids.companyIds.get('demo');
  const admin = ids.userIds.get('admin');
  if (demo !== undefined) {
    const tickets = [
      {
        daysAgo: 9, type: '1', state: 'stop', title: '出口订单申报后一直显示申报中',
        content: '昨天下午申报的 3 票出口订单至今仍显示申报中，没有收到海关回执，请帮忙查看报文是否已发送。',
        reason: '经核查为贵司签名客户端未启动，报文未完成加签。启动客户端后报文已正常发送并收到海关回执，请在列表中查看。',
      },
      {
        daysAgo: 3, type: '2', state: 'process', title: '如何查询出口清单的放行时间',
        content: '需要统计上个月出口清单的放行时间，请问在哪个页面可以查询或导出？', reason: null,
      },
      {
        daysAgo: 0, type: '0', state: 'pending', title: '建议增加运单导入模板的填写说明',
        content: '运单导入模板中部分字段含义不清楚，例如“保价费”是否必填，建议在模板中增加填写说明。', reason: null,
      },
    ];
    for (const [i, tk] of tickets.entries()) {
      const time = at(tk.daysAgo, 25 + i * 90);
      await trx.insertInto('work_tickets').values({
        company_id: demo, user_id: admin ?? null, promoter: '王丽华', ticket_num: `GD${chinaTime(time)!.slice(0, 10).replaceAll('-', '')}${String(i + 1).padStart(4, '0')}`,
        ticket_type: tk.type, ticket_title: tk.title, ticket_content: tk.content, telephone: '13805740000', state: tk.state, reason: tk.reason,
        create_time: time, update_time: time,
      }).execute();
    }
    const settings = [
      ['申报', 'DEFAULT_CUSTOMS_CODE', '3105'], ['申报', 'DEFAULT_TRADE_MODE', '9610'],
      ['签名', 'SIGN_MODE', 'SOFTWARE'], ['回执', 'NOTIFY_MOBILE', '13805740000'],
    ] as const;
    for (const [type, code, value] of settings) await trx.insertInto('company_settings').values({ company_id: demo, type, code, value }).execute();
  }

  const other = ids.companyIds.get('other');
  if (other !== undefined) await trx.insertInto('upgrade_wizards').values({ company_id: other, step: 'notice', step_at: new Date(now) }).execute();
}
