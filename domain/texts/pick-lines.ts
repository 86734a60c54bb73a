/**
 * Texts of picking lines from other bills (报关单 订单汇总, bills §2, §7). The spec gives the dialog's
 * refusal 请选择订单数据！ (billText.selectOrders); the rest is ours.
 */
export const pickText = {
  /** a chosen bill that is not the company's, or gone */
  notFound: (label: string) => `所选${label}不存在或无权访问`,
  /** `订单编号 SO1 当前状态不能汇总` */
  notPickable: (label: string, value: string) => `${label} ${value} 当前状态不能汇总`,
  noLines: '所选单据没有表体，无法汇总',
  title: '订单汇总',
  orderNo: '订单编号',
  ebcName: '企业名称',
  search: '查询',
  reset: '重置',
  cancel: '取消',
  confirm: '确定',
  columns: { orderNo: '订单编号', createTime: '创建时间', ebcName: '电商企业名称', stateName: '状态' } as Record<string, string>,
  selected: (n: number) => `已选择 ${n} 条`,
  added: (n: number) => `已汇总 ${n} 项商品`,
  empty: '暂无可汇总的订单',
  total: (n: number) => `共 ${n} 条`,
  pageSize: (n: number) => `${n} 条/页`,
  previous: '上一页',
  next: '下一页',
  selectRow: (orderNo: string) => `选择 ${orderNo}`,
  selectAll: '全选本页',
  saveFirst: '请先保存报关单，再进行订单汇总',
} as const;
