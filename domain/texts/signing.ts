/**
 * Texts of message signing (software key and the external UKey client) and of the sign record
 * screens (签名记录). Refusals answer the signing client or the user in the envelope; verification
 * reasons go into logs and into the simulator's refusal.
 */
/** SIGN_ALGORITHM's two values as the screens name them */
export const signingAlgorithmNames = {
  sm2: 'SM2/SM3（国密）',
  rsa: 'RSA-SHA1',
} as const;

export const signingText = {
  // ── signing ────────────────────────────────────────────────────────────────────────────────
  alreadySigned: '报文已包含签名（ds:Signature），不能重复加签',
  notXml: (detail: string) => `报文不是合法的 XML，无法加签：${detail}`,
  unknownSchema: (type: string) => `无法确定报文 ${type} 的签名位置（不是可申报的 CEB 报文）`,
  keyUnreadable: (path: string, detail: string) => `签名私钥或证书无法读取（${path}）：${detail}`,
  keyCertMismatch: '证书与私钥不匹配（请同时替换或删除两个文件）',
  /** subject of the self-signed certificate of the software key */
  certificateSubject: 'cbec-console 软件签名密钥',
  /** purpose written on a sign record: what the signature is for */
  purpose: (typeName: string) => `${typeName}申报加签`,

  // ── verification (verifySignature) ──────────────────────────────────────────────────────────
  verify: {
    noSignature: '报文未加签（缺少 ds:Signature）',
    manySignatures: (n: number) => `报文含有${n}个签名，只允许一个`,
    misplaced: 'ds:Signature 不在报文根节点下',
    badStructure: (detail: string) => `签名结构不正确：${detail}`,
    algorithm: (what: string, uri: string) => `不支持的${what}：${uri}`,
    certificateAlgorithm: (method: 'sm2' | 'rsa', key: 'sm2' | 'rsa') =>
      `签名算法与证书不符：签名算法为 ${signingAlgorithmNames[method]}，证书密钥为 ${signingAlgorithmNames[key]}`,
    noCertificate: '签名缺少证书（KeyInfo/X509Data/X509Certificate）',
    badCertificate: (detail: string) => `签名证书无法读取：${detail}`,
    digestMismatch: '报文摘要不符：报文在加签后被修改',
    signatureMismatch: '签名值验证失败：签名与证书不符',
    failed: (detail: string) => `验签失败：${detail}`,
  },

  // ── external signing client (SIGN_MODE=external) ──────────────────────────────────────────
  recordNotFound: '签名记录不存在或无权访问',
  recordNotWaiting: (stateName: string) => `该签名记录当前状态为“${stateName}”，不能再提交签名`,
  messageGone: '签名记录对应的报文已不存在或已不在等待签名',
  signatureNotBase64: '签名值不是有效的 Base64 编码',
  certificateUnreadable: (detail: string) => `证书无法读取（应为 Base64 编码的 DER 或 PEM 格式 X.509 证书）：${detail}`,
  certificateKeyUnsupported: (type: string) => `证书密钥既不是 SM2 也不是 RSA，无法用于报文签名（证书密钥类型：${type}）`,
  /** an SM2 SignatureValue is r ‖ s: 64 bytes, or their DER SEQUENCE */
  sm2SignatureLength: (bytes: number) => `SM2 签名值应为 64 字节（r‖s）或其 DER 编码，收到 ${bytes} 字节`,
  certificateExpired: (from: string, to: string) => `证书不在有效期内（${from} 至 ${to}）`,
  /** a signature that does not verify over this record's data: wrong record, wrong card or corrupted */
  signatureWrongRecord: '签名与该签名记录的待签名数据不符（可能提交到了其他签名记录，或签名所用证书与提交的证书不一致），签名记录未作修改',
  signFailedByClient: (reason: string) => `签名失败：${reason}`,
  signFailedNoReason: '签名客户端未说明原因',
  signedInfo: '已签名，报文进入发送队列',

  // ── 查看报文: the signature of a sent message ──────────────────────────────────────────────
  view: {
    algorithm: '签名算法',
    verdictLabel: '验签结果',
    /** a SignatureMethod that is neither of the two, shown as written */
    otherAlgorithm: (uri: string) => `不支持的签名算法（${uri || '空'}）`,
    verified: '验签通过',
    notVerified: '验签失败',
    failedBecause: (reason: string) => `验签失败：${reason}`,
    unsigned: '未加签',
  },

  // ── DXP envelope ───────────────────────────────────────────────────────────────────────────
  noDxpId: '企业未填写报文传输编号（DXPID），无法封装 DXP 报文，请先在企业备案中填写',

  // ── screens ────────────────────────────────────────────────────────────────────────────────
  listLabel: '签名记录',
  columns: {
    copNo: '企业内部编号',
    customsRegistCode: '海关注册编码',
    companyName: '企业名称',
    typeName: '签名类型',
    purpose: '用途',
    note: '备注',
    stateName: '状态',
    returnInfo: '提示信息',
    createTime: '创建时间',
    updateTime: '更新时间',
    waitSignData: '待签名数据',
    signResult: '签名结果',
  },
  /** the detail page /sign/detail/{id} (bills §2): its title, the message and the back button */
  detail: {
    title: '签名详情',
    crumb: '详情',
    /** the declaration the record signs: before the signature, and once signed */
    unsignedMessage: '待签名报文',
    signedMessage: '已签名报文',
    back: '返回',
    empty: '—',
    loading: '正在加载签名记录',
  },
  templateFileName: '签名记录查询模板',
  templateSheet: '查询模板',
  templateNote: (label: string) => `请在第一列“${label}”下方逐行填写要查询的${label}，保留第一行标题`,
  exportTooLarge: (max: number) => `导出数据超过${max}条，请缩小查询范围`,
} as const;
