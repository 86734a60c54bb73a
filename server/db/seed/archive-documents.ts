/**
 * Documents of the knowledge-file archive (/archive) beyond the home page's: summaries of the
 * customs rules the console works by, restated from the 202205 CEB message specification and the
 * retail-import tax policy (财关税〔2018〕49号) as /work/shared/domain/ceb-messages.md records them,
 * each typed e 出口说明, i 进口说明 or other 其他. Seeded once with the demo; the type of the home
 * page's documents is read from their names.
 */
import type { PublishedDocument } from '../../../domain/content/published.ts';
import type { ArchiveType } from '../../../domain/texts/archive.ts';

export interface ArchiveDocument extends PublishedDocument {
  type: ArchiveType;
  daysAgo: number;
}

export const archiveDocuments: readonly ArchiveDocument[] = [
  {
    type: 'other', daysAgo: 2, fileName: '海关跨境电商统一版报文规范摘要202205.pdf', title: '海关跨境电商统一版报文规范摘要（202205版）',
    paragraphs: [
      '一、报文与命名空间：所有业务报文使用命名空间 http://www.chinaport.gov.cn/ceb，根节点为 CEB+三位编号+Message，带 guid（36位大写）与 version（默认1.0）属性。',
      '二、传输信息：每份申报报文带一个 BaseTransfer 节点（传输企业代码、名称、报文传输模式 DXP、报文传输编号 DXPID、备注），须与发送报文的客户端账号一致。',
      '三、报送类型与状态：appType 1 新增、2 变更、3 删除；appStatus 1 暂存、2 申报，申报（appStatus=2）时报文必须加签。',
      '四、时间格式：申报时间、离境时间、支付时间等为 yyyyMMddHHmmss（14位）；回执时间为 yyyyMMddHHmmssSSS（17位）；进出口日期、申报日期为 yyyyMMdd。',
      '五、回执状态：1 电子口岸已暂存，2 电子口岸申报中，3 发送海关成功，4 发送海关失败，100 海关退单，120 海关入库，300 人工审核，399 海关审结，500 查验，501 扣留移送通关，700 退运，800 放行，899 结关；负数为报文处理错误。',
      '六、报文格式校验回执 CEB900：报文未通过格式校验时返回，oriCopMsgId 为被拒 DXP 报文的 CopMsgId。',
    ],
  },
  {
    type: 'e', daysAgo: 5, fileName: '跨境电商出口申报报文一览.pdf', title: '跨境电商出口申报报文一览',
    paragraphs: [
      'CEB303 出口电子订单（回执 CEB304）；CEB403 出口收款单（回执 CEB404）；CEB505 出口物流运单（回执 CEB506）。',
      'CEB507 运抵单（回执 CEB508），由监管场所经营人申报；CEB509 离境单（回执 CEB510），离境时间必填。',
      'CEB603 出口申报清单（回执 CEB604）：海关审结时生成清单编号；CEB605 撤销申请单（回执 CEB606）；CEB607 清单总分单（回执 CEB608）。',
      'CEB213 零售出口退货申请单（回执 CEB214）；CEB215 出口退运理货明细单（回执 CEB216）。',
      'CEB701 汇总申请单（回执 CEB702）：汇总申报的清单由海关汇总后，以 CEB792 汇总结果单下发汇总统一编号及报关单信息。',
    ],
  },
  {
    type: 'e', daysAgo: 12, fileName: '出口汇总申报与报关单说明.pdf', title: '出口汇总申报与报关单说明',
    paragraphs: [
      '简化申报（A）适用于不涉及许可证、出口关税和出口退税的商品；汇总申报（B）的清单放行后，按收发货人汇总申请报关单。',
      '汇总申请时须选择收发货人汇总标志，商品名称汇总标志可选；海关审结后下发汇总结果单，其中的汇总统一编号对应一份报关单。',
      '报关单可通过“订单汇总”选择已入库的出口订单，系统按货号、商品名称、计量单位、单价和币制合并商品项，数量与总价相加。',
      '特殊业务标识为七位0/1：国际赛事、特殊进出军工物资、国际援助物资、国际会议、直通放行、外交礼遇、转关。',
    ],
  },
  {
    type: 'i', daysAgo: 7, fileName: '跨境电商零售进口税收政策说明.pdf', title: '跨境电商零售进口税收政策说明',
    paragraphs: [
      '单次交易限值为人民币5000元，个人年度交易限值为人民币26000元。',
      '在限值以内进口的跨境电商零售进口商品，关税税率暂设为0%；进口环节增值税、消费税取消免征税额，暂按法定应纳税额的70%征收。',
      '综合税率 =（增值税税率 + 消费税税率）/（1 − 消费税税率）× 70%；完税价格为实际交易价格，包括货物零售价格、运费和保险费。',
      '例：一般商品增值税税率13%、无消费税，综合税率为9.1%；化妆品消费税税率15%，综合税率约为23.06%。',
      '电子税单由海关以 CEB816 下发（状态 1 已生成、2 已汇总、3 作废），状态变化以 CEB818 通知；税款由担保企业代扣代缴。',
    ],
  },
  {
    type: 'i', daysAgo: 14, fileName: '进口清单三单比对规则.pdf', title: '进口清单三单比对规则',
    paragraphs: [
      '申报进口清单（CEB621）前，海关须已接收对应的进口订单（CEB311）、支付单（CEB411）和物流运单（CEB511），即“三单比对”。',
      '订单：电商平台代码与订单编号一致，电商企业代码、订购人证件号码、姓名、电话与清单一致。',
      '支付单：支付金额等于订单实际支付金额；实际支付金额 = 商品价格 + 运杂费 + 代扣税款 − 非现金抵扣金额。',
      '运单：物流企业代码与运单编号一致，运单上的订单编号与清单一致；收货人姓名、电话、地址与订单一致。',
      '清单商品总价超过单次交易限值5000元的，海关不予通过（-621005）。',
    ],
  },
];

/** The type of a home-page document, from its name: 出口… e, 进口… i, the rest other. */
export function archiveTypeOfName(fileName: string): ArchiveType {
  if (fileName.includes('出口')) return 'e';
  if (fileName.includes('进口')) return 'i';
  return 'other';
}
