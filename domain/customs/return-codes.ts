/**
 * Explained return codes, pure data: what a receipt's returnStatus means, and for the returnInfo
 * texts customs writes most often, what usually caused it and how to fix it. Shown beside each
 * receipt (POST /api/receipter/messageFindByBill answers it as `explain`).
 *
 * Sources: ceb-messages §5.1 (returnStatus values), §5.3 (error codes, summarised from spec ch. 7),
 * §10 (what customs compares). The patterns are regular-expression sources (strings, so the table
 * stays data and can be shown or tested as it is); the first pattern matching the returnInfo wins,
 * so the specific ones come first. Wording of causes and fixes is ours: customs publishes codes,
 * not remedies.
 */
import { returnStatusNames } from '../bill-states.ts';
import { receiptText } from '../texts/receipts.ts';
import { DXP_OTHER, DXP_REP, dxpCodeKey, dxpFailureIsFinal, dxpFamilyOf, isDxpSuccessCode } from './dxp-codes.ts';

export interface ReturnCodeEntry {
  /** short name, as the state dictionaries show it */
  name: string;
  /** what happened, in one sentence */
  meaning: string;
  /** the usual reason (for codes that need the user to act) */
  cause?: string;
  /** what to do */
  fix?: string;
}

export interface ReturnInfoPattern {
  /** stable id, for tests and logs */
  id: string;
  /** RegExp source, matched case-insensitively against returnInfo */
  pattern: string;
  cause: string;
  fix: string;
}

export interface ReceiptExplanation {
  meaning: string;
  cause?: string;
  fix?: string;
}

const RESEND = '按回执信息修改单据后重新申报（变更申报 appType=2 或重新新增）';

/** returnStatus values of ceb-messages §5.1. */
export const returnStatusCodes: Readonly<Record<string, ReturnCodeEntry>> = {
  '1': { name: '电子口岸已暂存', meaning: '报文已在电子口岸暂存（报送状态为暂存），尚未向海关申报' },
  '2': { name: '电子口岸申报中', meaning: '电子口岸已接收报文，正在向海关转发' },
  '3': { name: '发送海关成功', meaning: '电子口岸已将报文发送至海关，等待海关处理' },
  '4': {
    name: '发送海关失败', meaning: '电子口岸向海关转发报文失败',
    cause: '电子口岸与海关之间传输异常，单据未到达海关', fix: '稍后重新申报；持续失败请联系电子口岸客服',
  },
  '100': {
    name: '海关退单', meaning: '海关审核未通过，单证被退回',
    cause: '海关校验或审核发现问题，原因见回执信息', fix: RESEND,
  },
  '120': { name: '海关入库', meaning: '海关已接收并入库，等待与其他单证比对或后续审核' },
  '300': { name: '人工审核', meaning: '单证转入海关人工审核', fix: '等待海关审核结果；如海关联系补充材料，请及时提供' },
  '399': { name: '海关审结', meaning: '海关已完成审核' },
  '500': { name: '查验', meaning: '海关布控查验', fix: '配合监管场所和海关完成查验，查验结束后等待放行回执' },
  '501': { name: '扣留移送通关', meaning: '货物被扣留并移送通关部门处理', fix: '联系主管海关通关部门了解处理要求' },
  '502': { name: '扣留移送缉私', meaning: '货物被扣留并移送缉私部门处理', fix: '联系主管海关缉私部门，按要求配合调查' },
  '503': { name: '扣留移送法规', meaning: '货物被扣留并移送法规部门处理', fix: '联系主管海关法规部门了解处理要求' },
  '505': { name: '移交', meaning: '退货申请已移交处理（出口退货）' },
  '599': { name: '其它扣留', meaning: '货物因其它原因被海关扣留', fix: '联系主管海关了解扣留原因' },
  '600': { name: '挂起', meaning: '退货申请被挂起（出口退货）', fix: '联系主管海关了解挂起原因' },
  '700': { name: '退运', meaning: '货物被退运出境（进口清单）' },
  '800': { name: '放行', meaning: '海关已放行' },
  '899': { name: '结关', meaning: '海关已结关，流程结束' },
};

/** Negative codes the spec names individually (ceb-messages §5.3). */
export const errorCodes: Readonly<Record<string, ReturnCodeEntry>> = {
  '-10101': { name: '企业类型错误', meaning: '报文中的企业类型不正确', cause: '申报企业的类型与其备案类型不符', fix: '核对企业在海关备案的企业类型后重新申报' },
  '-10102': { name: '企业代码错误', meaning: '报文中的企业代码不正确或未备案', cause: '企业代码填写错误或企业未在海关备案', fix: '核对10位海关注册编码或18位统一社会信用代码，确认企业已完成跨境电商备案' },
  '-301002': { name: '表体序号重复', meaning: '订单表体商品序号重复', cause: '两条商品行使用了相同的序号(gnum)', fix: '商品序号从1开始连续编号且不重复后重新申报' },
  '-301009': { name: '申报类型不符', meaning: '申报类型与已有订单不符', cause: '新增申报的订单已存在，或变更/删除的订单不存在', fix: '已存在的订单用变更(appType=2)，不存在的订单用新增(appType=1)' },
  '-301010': { name: '订单重复申报', meaning: '订单编号已存在', cause: '同一电商平台下该订单编号已申报过（新增申报重复）', fix: '如需修改请用变更申报(appType=2)；如是新订单请使用新的订单编号' },
  '-301011': { name: '订单已被清单使用', meaning: '订单已被已申报的清单引用，不能再变更', cause: '清单已申报，订单被锁定', fix: '先撤销或退单对应清单，再变更订单' },
  '-301014': { name: '旧报文已忽略', meaning: '收到的报文比海关已存的版本旧，已被忽略', cause: '重发或乱序到达的旧报文', fix: '无需处理；以海关已存的最新版本为准' },
  '-301015': { name: '表头数量超限', meaning: '一个报文中的订单数量超过上限', cause: '单个报文包含的表头超过100条', fix: '拆分为多个报文后重新申报' },
  '-621004': { name: '清单重复申报', meaning: '清单已申报', cause: '同一清单重复新增申报', fix: '如需修改请用变更申报；如已放行请走撤销或退货流程' },
  '-621005': { name: '超过单次限值', meaning: '超过跨境电商单次交易限值', cause: '单次交易完税价格超过5000元人民币（单件不可分割商品除外）', fix: '拆分订单使单次交易不超过5000元，或改按一般贸易方式进口' },
  '-621011': { name: '当前状态不允许变更', meaning: '清单当前状态不允许变更', cause: '清单已进入海关审核后续环节', fix: '等待海关处理结果，或按流程申请撤销后重新申报' },
  '-621012': { name: '当前状态不允许修改', meaning: '清单当前状态不允许修改', cause: '清单已进入海关审核后续环节', fix: '等待海关处理结果，或按流程申请撤销后重新申报' },
  '-621015': { name: '卡号不符', meaning: '签名卡与申报企业不符', cause: '报文加签所用的IC卡/证书不属于申报企业', fix: '使用申报企业自己的IC卡或证书加签' },
  '-621016': { name: '权限不符', meaning: '签名卡没有该业务的申报权限', cause: '操作员卡未开通跨境电商申报权限', fix: '在电子口岸为操作员卡开通相应权限' },
  '-621018': { name: '超过年度限额', meaning: '订购人超过跨境电商个人年度交易限值', cause: '订购人本年度累计交易额超过26000元人民币', fix: '该订购人本年度不能再以跨境电商零售方式进口；改按一般贸易方式进口或取消订单' },
  '-621027': { name: '表体序号重复', meaning: '清单表体商品序号重复', cause: '两条商品行使用了相同的序号(gnum)', fix: '商品序号与订单一一对应、从1开始连续编号后重新申报' },
  '-621028': { name: '签名数据不一致', meaning: '加签数据与报文内容不一致', cause: '报文加签后内容被修改，或加签时的数据与发送的数据不同', fix: '在报文最终内容上重新加签后发送，加签后不要再改动报文' },
  '-621029': { name: '签名验证失败', meaning: '报文签名验证未通过', cause: '签名无效、证书过期或证书与申报企业不符', fix: '检查IC卡/证书是否在有效期内并属于申报企业，重新加签后申报' },
  '-621030': { name: '记录数超限', meaning: '报文中的记录数超过上限', cause: '单个报文包含的清单或商品行过多', fix: '拆分报文后重新申报' },
  '-623005': { name: '清单状态不允许撤销', meaning: '原清单当前状态不允许撤销', cause: '清单尚未放行或已结关、已退货等', fix: '确认原清单状态，仅对允许撤销状态的清单申请撤销' },
  '-625009': { name: '第二数量规则不符', meaning: '第二数量与第二计量单位填写不符合规则', cause: '第二数量、第二计量单位一个有值一个为空，或第二数量不为正数', fix: '两者同时填写（数量为正数）或同时留空' },
  '-625013': { name: '申报人与证书不符', meaning: '申报企业与签名证书持有人不一致', cause: '报文由其他企业的证书加签', fix: '使用申报企业自己的证书加签' },
  '-625014': { name: '超过限值', meaning: '退货数量或金额超过限值', cause: '退货数量超过原清单数量', fix: '退货数量不得超过原清单申报数量' },
  '-625015': { name: '超过限值', meaning: '退货数量或金额超过限值', cause: '退货金额超过原清单金额', fix: '核对退货金额，不得超过原清单' },
  '-625209': { name: '商品不在原清单中', meaning: '退货商品在原清单中不存在', cause: '退货表体的商品项号或货号与原清单不对应', fix: '按原清单的商品项号(gnum)填写退货商品' },
};

/** Families of negative codes (ceb-messages §5.3), for codes not listed one by one. */
export const errorCodeFamilies: readonly { from: number; to: number; name: string }[] = [
  { from: -10199, to: -10100, name: '企业信息校验异常' },
  { from: -301999, to: -301000, name: '订单业务校验异常' },
  { from: -401999, to: -401000, name: '支付单/收款单业务校验异常' },
  { from: -504999, to: -504000, name: '运单业务校验异常' },
  { from: -505999, to: -505000, name: '运单状态业务校验异常' },
  { from: -621999, to: -621000, name: '清单业务校验异常' },
  { from: -623999, to: -623000, name: '撤销申请单业务校验异常' },
  { from: -625999, to: -625000, name: '退货申请单业务校验异常' },
  { from: -800999, to: -800000, name: '入库明细单业务校验异常' },
];

/** DXP transport codes (4 digits, ceb-messages §5.3), as they appear in DXP answers and CEB900. */
export const transportCodes: Readonly<Record<string, ReturnCodeEntry>> = {
  '0001': { name: '报文格式错误', meaning: '传输报文格式错误', cause: '报文不是合法的XML或DXP封装不正确', fix: '检查DXP封装（TransInfo、Data）和报文编码（UTF-8）后重发' },
  '0002': { name: '报文校验失败', meaning: '报文未通过海关XSD校验', cause: '字段缺失、超长或元素顺序与202205版报文规范不符', fix: '按202205版报文规范检查必填项、长度和元素顺序后重发' },
  '1001': { name: '签名无效', meaning: '报文签名无效', cause: '签名值错误或签名结构不符合规范', fix: '重新加签后发送' },
  '1002': { name: '签名或证书过期', meaning: '签名证书已过期', cause: 'IC卡/证书超过有效期', fix: '到电子口岸数据分中心更新证书后重新加签' },
  '1003': { name: '解密错误', meaning: '报文解密失败', cause: '加密方式或密钥不正确', fix: '检查传输客户端的加密配置' },
  '1004': { name: '签名与数据不符', meaning: '签名与报文数据不匹配', cause: '报文加签后内容被修改', fix: '在最终报文上重新加签，加签后不要再改动' },
  '2001': { name: '接收方未知', meaning: 'DXP接收方不存在', cause: 'ReceiverId填写错误', fix: '出口填 DXPEDCCEB0000003，进口填 DXPEDCCEB0000002' },
  '2002': { name: '接收方不符', meaning: 'DXP接收方与报文不符', cause: 'ReceiverId与报文业务类型不对应', fix: '出口填 DXPEDCCEB0000003，进口填 DXPEDCCEB0000002' },
  '3001': { name: '系统异常', meaning: '数据库或中间件异常', cause: '海关或电子口岸系统故障', fix: '稍后重发' },
  '3002': { name: '远程连接异常', meaning: '远程连接失败', cause: '网络或对端系统不可用', fix: '稍后重发' },
  '3003': { name: '远程连接超时', meaning: '远程连接超时', cause: '网络或对端系统繁忙', fix: '稍后重发' },
};

const SIGNATURE_FIX = '检查IC卡/证书是否插好、在有效期内且属于申报企业；在报文最终内容上重新加签后申报，加签后不要再改动报文';

/** Frequent returnInfo texts, most specific first. */
export const returnInfoPatterns: readonly ReturnInfoPattern[] = [
  {
    id: 'paymentMissing',
    pattern: '支付(单|凭证|信息)[^，,。；;]{0,10}(不存在|未找到|未入库|查询不到)',
    cause: '三单比对不通过：清单引用的支付单在海关不存在——订单、支付单、清单之间的订单编号或支付交易编号不一致，或支付单尚未申报/入库',
    fix: '核对订单编号(orderNo)、支付交易编号(payTransactionId)和电商平台代码在订单、支付单、清单中完全一致；待支付企业的支付单回执120海关入库后再申报清单',
  },
  {
    id: 'orderMissing',
    pattern: '订单[^，,。；;]{0,10}(不存在|未找到|未入库|查询不到)',
    cause: '三单比对不通过：清单、支付单或运单引用的订单在海关不存在——订单编号或电商平台代码不一致，或订单尚未申报/入库',
    fix: '核对各单证中的订单编号(orderNo)和电商平台代码(ebpCode)一致；待订单回执120海关入库后再申报后续单证',
  },
  {
    id: 'waybillMissing',
    pattern: '(运单|物流)[^，,。；;]{0,10}(不存在|未找到|未入库|查询不到)',
    cause: '三单比对不通过：清单引用的运单在海关不存在——物流运单编号或物流企业代码不一致，或运单尚未申报/入库',
    fix: '核对清单与运单的物流运单编号(logisticsNo)和物流企业代码(logisticsCode)一致；待运单回执入库后再申报清单',
  },
  {
    id: 'matchFailed',
    pattern: '[三四]单(比对|对碰|校验)?[^，,。；;]{0,6}(不通过|失败|不一致|不符)|比对(失败|不通过|不一致)',
    cause: '三单（订单、支付单、运单）与清单的比对不一致：订单编号、电商平台代码、支付交易编号、运单编号、金额或收件人信息有差异',
    fix: '逐项核对订单、支付单、运单、清单中的订单编号、电商平台代码、支付交易编号、物流运单编号、实付金额及收件人姓名电话地址，修正后重新申报',
  },
  {
    id: 'ebpMismatch',
    pattern: '电商平台(代码|编码)?[^，,。；;]{0,10}(不一致|不符|不匹配|错误)|ebpCode',
    cause: '电商平台代码不一致：订单、支付单、清单中的电商平台代码不同，或填写的不是平台在海关备案的代码',
    fix: '各单证统一填写电商平台在海关备案的10位海关注册编码（或18位统一社会信用代码），与订单中的ebpCode一致',
  },
  {
    id: 'annualLimit',
    pattern: '年度[^，,。；;]{0,10}(限额|限值|额度|超过|超限)|超过[^，,。；;]{0,6}年度|26000元',
    cause: '订购人本年度跨境电商累计交易额超过26000元人民币（-621018）',
    fix: '该订购人本年度不能再以跨境电商零售方式进口；改按一般贸易方式进口或取消订单',
  },
  {
    id: 'singleLimit',
    pattern: '(单次|单笔)[^，,。；;]{0,10}(限额|限值|超过|超限)|超过[^，,。；;]{0,6}(单次|单笔)|5000元',
    cause: '单次交易完税价格超过5000元人民币（-621005）',
    fix: '拆分订单使单次交易不超过5000元（单件不可分割商品除外），或改按一般贸易方式进口',
  },
  {
    id: 'signature',
    pattern: '签名|验签|加签|证书|IC卡|卡号',
    cause: '签名或证书问题：签名验证失败、证书过期，或加签证书不属于申报企业',
    fix: SIGNATURE_FIX,
  },
  {
    id: 'notFiled',
    pattern: '未备案|未在海关(注册|登记|备案)|备案信息|未注册|企业不存在',
    cause: '企业未在海关完成跨境电商企业备案，或备案信息与报文中的企业代码、名称不一致',
    fix: '在国际贸易单一窗口完成跨境电商企业备案（或更新备案），报文中的企业代码和名称按备案信息填写',
  },
  {
    id: 'sender',
    pattern: '传输企业|DXP身份|发送方|dxpId',
    cause: '报文的传输企业(BaseTransfer copCode/dxpId)与实际发送报文的DXP账号不一致',
    fix: '传输企业代码、名称和DXP编号按发送报文的DXP账号填写（企业参数设置）',
  },
  {
    id: 'lineNumber',
    pattern: '序号重复|项号重复|gnum',
    cause: '商品序号(gnum)重复或不连续',
    fix: '商品序号从1开始连续编号，订单与清单的商品序号一一对应',
  },
  {
    id: 'state',
    pattern: '状态不允许|不允许(变更|修改|撤销|删除|退货)',
    cause: '单证当前状态不允许该操作（如-621011/-621012/-623005）',
    fix: '确认单证在海关的当前状态，等待处理结果或按撤销/退货流程办理',
  },
  {
    id: 'duplicate',
    pattern: '重复申报|重复发送|已存在|已申报|重复',
    cause: '重复申报：相同编号的单证已在海关存在（新增申报重复，如-301010）',
    fix: '需要修改已存在的单证时用变更申报(appType=2)；新单证请使用新的编号',
  },
  {
    id: 'format',
    pattern: '报文格式|格式(校验|错误|不正确)|XSD|schema|解析(失败|错误|异常)|不符合[^，,。；;]{0,6}(规范|格式)',
    cause: '报文格式错误：报文未通过海关XSD校验（CEB900报文格式校验回执），如字段缺失、超长、元素顺序不符或编码错误',
    fix: '按202205版报文规范检查必填项、字段长度、元素顺序和UTF-8编码，修正后重新申报',
  },
  {
    id: 'buyerIdentity',
    pattern: '订购人|身份证|实名',
    cause: '订购人身份信息校验不通过：订购人姓名与证件号码不一致，或与支付人信息不一致',
    fix: '核对订购人姓名、证件号码与支付单中的支付人信息一致后重新申报',
  },
  {
    id: 'amountMismatch',
    pattern: '金额|总价|货值|实付',
    cause: '金额不一致：订单商品金额、运费、税款、优惠与实付金额的计算关系不成立，或与支付单金额不同',
    fix: '核对实付金额=商品价格+运杂费+代扣税款-非现金抵扣金额，且与支付单支付金额一致；表体总价=数量×单价',
  },
  {
    id: 'required',
    pattern: '不能为空|必填|缺少',
    cause: '必填项未填写',
    fix: '按回执提示补全必填项后重新申报',
  },
];

const compiled = returnInfoPatterns.map((p) => ({ ...p, re: new RegExp(p.pattern, 'i') }));

/** The first pattern matching the text, or undefined. */
export function matchReturnInfo(returnInfo: string): ReturnInfoPattern | undefined {
  const text = returnInfo.trim();
  if (!text) return undefined;
  return compiled.find((p) => p.re.test(text));
}

/** The entry of a returnStatus: listed code, then the family of a negative code; undefined otherwise. */
export function returnCodeEntry(returnStatus: string): ReturnCodeEntry | undefined {
  const code = returnStatus.trim();
  const listed = returnStatusCodes[code] ?? errorCodes[code] ?? transportCodes[code];
  if (listed) return listed;
  if (/^-\d+$/.test(code)) {
    const n = Number(code);
    const family = errorCodeFamilies.find((f) => n >= f.from && n <= f.to);
    return {
      name: family?.name ?? '申报异常',
      meaning: family ? `${family.name}（${code}）` : `处理异常（${code}），原因见回执信息`,
      cause: '海关或电子口岸处理报文时发现错误，原因见回执信息',
      fix: RESEND,
    };
  }
  return undefined;
}

/** Statuses of the customs-issued messages, which are not returnStatus values (ceb-messages §4). */
export const issuedStatusCodes: Readonly<Record<string, Readonly<Record<string, ReturnCodeEntry>>>> = {
  CEB816: {
    '1': { name: '已生成', meaning: '电子税单已生成' },
    '2': { name: '已汇总', meaning: '电子税单已汇总缴款' },
    '3': { name: '作废', meaning: '电子税单已作废' },
  },
  CEB818: {
    '1': { name: '已生成', meaning: '电子税单已生成' },
    '2': { name: '已汇总', meaning: '电子税单已汇总缴款' },
    '3': { name: '作废', meaning: '电子税单已作废' },
  },
};

/** CEB900 is always a format failure, whatever its text says. */
const formatFailure = returnInfoPatterns.find((p) => p.id === 'format')!;

/**
 * What a receipt means and, where the code or the text tells, why and how to fix it. A matching
 * returnInfo pattern speaks for the actual case, so its cause and fix win over the code's generic
 * ones. Only failures are diagnosed: a 2 新增申报成功 or 120 carries no cause even if its text
 * happens to contain a pattern word. `messageType` (CEB816 …) selects the status list of
 * customs-issued messages; CEB900 falls back to the format-failure explanation.
 */
/** What a stored transfer receipt (DxpRep, by its ResponseCode) means; cause and fix for a failure. */
export function explainTransfer(code: string): ReceiptExplanation {
  if (isDxpSuccessCode(code)) return { meaning: receiptText.transferOkMeaning };
  const key = dxpCodeKey(code);
  const entry = key ? transportCodes[key] : undefined;
  const fix = dxpFailureIsFinal(code) ? receiptText.transferRefused : receiptText.transferRetried;
  return {
    meaning: entry ? `${entry.name}：${entry.meaning}` : receiptText.transferFailedMeaning(code),
    cause: entry?.cause ?? dxpFamilyOf(code),
    fix: entry?.fix ? `${entry.fix}；${fix}` : fix,
  };
}

export function explainReceipt(returnStatus: string | number, returnInfo = '', messageType?: string): ReceiptExplanation {
  const code = String(returnStatus).trim();
  if (messageType === DXP_REP) return explainTransfer(code);
  if (messageType === DXP_OTHER) return { meaning: receiptText.otherDxpMeaning };
  const type = messageType ? /^(CEB\d{3})/i.exec(messageType.trim())?.[1]?.toUpperCase() : undefined;
  const issued = type ? issuedStatusCodes[type] : undefined;
  if (issued) {
    const s = issued[code];
    return { meaning: s ? s.meaning : `税单状态（${code}）` };
  }
  if (type === 'CEB792') return { meaning: `报关单状态（${code}），具体含义由海关确定` };
  const entry = returnCodeEntry(code);
  const name = entry?.name ?? returnStatusNames[code];
  const meaning = entry ? (entry.meaning.startsWith(entry.name) ? entry.meaning : `${entry.name}：${entry.meaning}`)
    : name ?? `其它状态（${code}），海关未公布该代码的含义`;
  const failed = /^-\d+$/.test(code) || entry?.cause !== undefined || type === 'CEB900';
  const pattern = failed ? matchReturnInfo(returnInfo) ?? (type === 'CEB900' ? formatFailure : undefined) : undefined;
  const out: ReceiptExplanation = { meaning: type === 'CEB900' && !/^-\d+$/.test(code) ? `报文格式校验回执（${code}）` : meaning };
  const cause = pattern?.cause ?? entry?.cause;
  const fix = pattern?.fix ?? entry?.fix;
  if (cause !== undefined) out.cause = cause;
  if (fix !== undefined) out.fix = fix;
  return out;
}
