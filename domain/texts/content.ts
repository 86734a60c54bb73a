/**
 * Texts of news, notices and knowledge documents (accounts-and-enterprise.md §2, §3, §7), word for
 * word where the spec gives them; entries marked "ours" are wording the spec leaves open.
 */
export const contentText = {
  home: '首页',
  notices: '通知公告',
  news: '新闻动态',
  details: '详情',
  noticeTitle: '通知公告',
  newsTitle: '新闻动态',
  publishTime: '发布时间', // ours
  updateTime: '更新时间', // ours
  attachments: '附件', // ours
  empty: '暂无数据', // ours
  total: (n: number) => `共 ${n} 条`, // ours (the pager's total)
  jumpTo: '前往', // ours (the pager's jumper)
  page: '页', // ours
  prev: '上一页', // ours
  next: '下一页', // ours
  back: '返回', // ours
  notFound: '内容不存在或已下线', // ours
  fileNotFound: '文件不存在', // ours
  badType: '类型只能是 NEWS 或 NOTICE', // ours
  documents: '文档下载', // ours
  knowledgeFileNotFound: '文档不存在', // ours
  download: '下载',
} as const;

export const contentTypes = ['NEWS', 'NOTICE'] as const;
export type ContentType = (typeof contentTypes)[number];
