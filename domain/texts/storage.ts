/** The server's own disk (issue 27): a full or unwritable DATA_DIR, and the embedded database's one holder. */
export const storageText = {
  /** an upload, export or template could not be written: the disk is full, read-only or failing (HTTP 507) */
  full: '服务器存储空间不足或无法写入，请联系管理员',
  /**
   * A second process would open the embedded database (PGlite) another one holds: PGlite has one
   * session, so both would write the same files and one's work would be lost.
   */
  dataDirHeld: (dir: string, holder: { pid: number; command: string; since: string }) =>
    `数据目录 ${dir} 正被运行中的服务器或命令占用（进程 ${holder.pid}：${holder.command}，自 ${holder.since} 起）。`
    + '嵌入式数据库同一时间只能由一个进程打开，否则所做的修改会丢失。请先停止该进程再运行此命令；'
    + '如需在服务器运行时执行，请改用 PostgreSQL（设置 DATABASE_URL）',
} as const;

/** The folder transport's send folder refusing a write: the message waits, it is not a delivery attempt. */
export const outboxStorageText = {
  waiting: (reason: string) => `本地发送目录暂时无法写入（${reason}），报文未计入发送次数，将在恢复后自动发送`,
  /** a file-system error without a Chinese reason of its own (the system's text never reaches a screen) */
  unknownReason: '写入失败',
} as const;
