/**
 * Texts of the customs exchange: message checks, the outbox, receipts and the embedded customs
 * simulator. The simulator's texts imitate what the e-port and customs write into receipts.
 */
export const customsText = {
  // ── building and checking the declaration (shown to the user in the envelope) ──────────────
  /** prefix of the envelope message when the schema refuses the message */
  schemaRefused: (detail: string) => `报文校验失败：${detail}`,
  moreProblems: (n: number) => `等${n}项问题`,
  exactLength: (label: string, n: number) => `${label}长度必须为${n}个字符`,
  fractionDigits: (label: string, n: number) => `${label}最多${n}位小数`,
  totalDigits: (label: string, n: number) => `${label}最多${n}位数字`,
  badCharacter: (label: string) => `${label}含有不能写入报文的字符`,
  /** a schema problem the console cannot put into words: label, element, libxml2's text */
  schemaDetail: (label: string, element: string, detail: string) => `${label}(${element})：${detail}`,
  linePrefix: (n: number) => `第${n}行：`,
  /** labels of the elements the console fills itself */
  systemLabels: { guid: '系统唯一序号', appStatus: '报送状态', version: '报文版本', BaseTransfer: '传输信息' } as Record<string, string>,
  schemasNotReady: '海关报文校验器尚未初始化，请先调用 initCustomsSchemas()',
  noMessage: (label: string) => `${label}不是可申报的海关报文单据`,

  // ── outbox worker (written into bill_heads.return_info) ────────────────────────────────────
  sent: '报文已发送，等待海关回执',
  sendFailed: (attempts: number, reason: string) => `报文发送失败（已尝试${attempts}次）：${reason}`,
  sendRefused: (reason: string) => `报文被拒收：${reason}`,
  deliveryTimeout: (ms: number) => `发送超时（${ms}毫秒）`,

  // ── receipts ───────────────────────────────────────────────────────────────────────────────
  receiptEmpty: '回执报文为空',
  receiptTooLarge: (max: number) => `回执报文过大（超过${max}字节）`,
  receiptDtd: '回执报文不允许包含 DOCTYPE 或 ENTITY 声明',
  receiptMalformed: (detail: string) => `回执报文不是合法的 XML：${detail}`,
  /** a file whose bytes read cleanly in no encoding customs uses (bytes win over the declaration) */
  receiptUndecodable: '回执报文的字节既不是有效的 UTF-8，也不是有效的 GBK/GB18030 编码，无法读取',
  receiptBadBytes: (encoding: string, bom: boolean) => `回执报文${bom ? '以字节顺序标记（BOM）声明为' : '声明为'}${encoding}编码，但其内容不是有效的${encoding}`,
  encodingNames: { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16', 'utf-16be': 'UTF-16', gb18030: 'GBK/GB18030' },
  receiptUnknownRoot: (root: string) => `无法识别的回执报文类型：${root}`,
  receiptNoReturns: (element: string) => `回执报文中没有 ${element} 数据`,
  receiptTooMany: (n: number, max: number) => `回执报文包含${n}条回执，最多${max}条`,
  receiptMissing: (index: number, element: string) => `第${index}条回执缺少 ${element}`,
  receiptBadTime: (index: number, value: string) => `第${index}条回执的回执时间格式不正确：${value}`,
  dxpRepNoResponse: 'DXP 传输回执（DxpRep）中没有 Response',
  dxpRepMissing: (index: number, element: string) => `DXP 传输回执第${index}个 Response 缺少 ${element}`,

  // ── receipt lookup (POST /api/receipter/messageFindByBill) ───────────────────────────────
  unknownMessageType: (type: string) => `不支持的回执报文类型：${type}`,
  keyRequired: (label: string) => `请提供${label}`,
  /** name of a returnStatus the dictionary lacks */
  negativeStatusName: '申报异常',
  unknownStatusName: (code: string) => `其它状态(${code})`,
} as const;

/**
 * What the embedded simulator writes into receipts. returnInfo texts follow the official samples
 * (新增申报成功[guid]); error codes follow ceb-messages §5.3 where it names them (−301010 order no.
 * already exists) and the same numbering pattern for payment and waybill (not confirmed by a source).
 */
export const simulatorText = {
  stored: (guid: string) => `暂存成功[${guid}]`,
  declared: (guid: string) => `新增申报成功[${guid}]`,
  changed: (guid: string) => `变更申报成功[${guid}]`,
  deleted: (guid: string) => `删除申报成功[${guid}]`,
  rejected: (reason: string) => `海关退单：${reason}`,
  missing: (label: string, element: string) => `${label}[${element}]不能为空`,
  /** what customs writes with each step of a taken document */
  stepInfo: {
    accepted: '海关入库成功',
    concluded: '海关审结',
    released: '海关放行',
    cleared: '海关结关',
    cancelled: '撤销成功',
    refunded: '退货成功',
  },
  linePrefix: (gnum: string) => `第${gnum}项商品：`,
  /** 三单比对: the referred document customs does not hold (key values shown) */
  matchMissing: {
    order: (key: string) => `[三单比对]电子订单不存在或未入库(${key})`,
    payment: (key: string) => `[三单比对]支付单不存在或未入库(${key})`,
    receipt: (key: string) => `[三单比对]收款单不存在或未入库(${key})`,
    waybill: (key: string) => `[三单比对]物流运单不存在或未入库(${key})`,
    inventory: (key: string) => `原清单不存在或当前状态不允许此操作(${key})`,
  },
  matchDiffers: (label: string, element: string, mine: string, theirs: string) => `[三单比对]${label}[${element}]不一致：本单${mine}，对应单据${theirs}`,
  paymentDiffers: (paid: string, order: string) => `[三单比对]支付单支付金额[amountPaid=${paid}]与订单实际支付金额[acturalPaid=${order}]不一致`,
  consigneeDiffers: (label: string, element: string) => `[三单比对]订单与运单的${label}[${element}]不一致`,
  /** a message customs has received before (same guid): taken once, not answered again */
  redelivered: (guid: string) => `报文重复发送，已忽略[${guid}]`,
  schemaRefused: (detail: string) => `报文格式校验失败(0002)：${detail}`,
  signatureRefused: (reason: string) => `报文签名验证失败(1001)：${reason}`,
  unsupported: (type: string) => `模拟海关不受理该报文类型：${type}`,
  /** reasons picked for random rejections (SIMULATOR_REJECT_RATE), as customs would word them */
  randomReasons: [
    '电商企业未在海关备案或备案信息不一致',
    '商品名称申报不规范，请按商品实际名称申报',
    '传输企业与报文发送方DXP身份不一致',
  ],
} as const;
