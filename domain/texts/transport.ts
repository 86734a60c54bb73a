/**
 * Texts of the customs transports other than the simulator: the folder exchange with the Single
 * Window client. What fails a delivery is written into the bill's return_info (the worker prefixes
 * 报文发送失败…); why a receipt file was refused goes into the `<name>.error.txt` beside it.
 */
export const transportText = {
  // ── outbox (delivering a declaration as a file) ─────────────────────────────────────────────
  outboxFailed: (dir: string, detail: string) => `无法写入发送目录 ${dir}：${detail}`,
  badFileName: (name: string) => `报文文件名无效：${name}`,
  unknownMessage: (type: string) => `不支持的报文类型：${type}`,
  /** why a file operation failed, by errno code; anything else shows the system's own text */
  fsReasons: {
    EACCES: '没有写入权限',
    EPERM: '没有写入权限',
    EROFS: '文件系统为只读',
    ENOSPC: '磁盘空间不足',
    EDQUOT: '磁盘配额已满',
    ENOTDIR: '路径不是文件夹',
    EEXIST: '路径已被同名文件占用',
    EISDIR: '目标是一个文件夹',
    EIO: '磁盘读写错误',
  } as Record<string, string>,

  // ── inbox (receipt files from the Single Window client) ─────────────────────────────────────
  receiptRefused: (reason: string) => `回执文件处理失败：${reason}`,
  receiptTooLarge: (size: number, max: number) => `回执文件过大（${size}字节，最多${max}字节）`,
  /** first line of the `.error.txt` sidecar */
  errorFileHead: (name: string, time: string) => `文件 ${name} 于 ${time} 处理失败`,
} as const;
