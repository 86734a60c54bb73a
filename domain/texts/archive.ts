/**
 * The knowledge-file archive (/archive, bills §2, §5, §7): document types as the spec names them
 * (e 出口说明, i 进口说明, other 其他), its refusal 请选择下载文件 (billText.selectDownload); the
 * page's other words are ours.
 */
export const archiveTypes = [
  { value: 'e', name: '出口说明' },
  { value: 'i', name: '进口说明' },
  { value: 'other', name: '其他' },
] as const;

export type ArchiveType = (typeof archiveTypes)[number]['value'];

/** e → 出口说明; an unknown type reads 其他. */
export const archiveTypeName = (type: string | null | undefined): string =>
  archiveTypes.find((t) => t.value === type)?.name ?? '其他';

export const archiveText = {
  title: '知识库',
  all: '全部',
  fileName: '文件名称',
  type: '文档类型',
  createTime: '创建时间',
  action: '操作',
  download: '下载',
  batchDownload: '批量下载',
  search: '查询',
  reset: '重置',
  empty: '暂无文档',
  loadFailed: '列表加载失败',
  retry: '重新加载',
  total: (n: number) => `共 ${n} 条`,
  selectRow: (name: string) => `选择 ${name}`,
  selectAll: '全选本页',
  previousPage: '上一页',
  nextPage: '下一页',
  pageSize: (n: number) => `${n} 条/页`,
  /** the zip of a batch download */
  zipName: (stamp: string) => `知识库文档_${stamp}.zip`,
  tooMany: (max: number) => `一次最多下载${max}个文件`,
  notFound: '所选文档不存在',
} as const;
