/** Backup and restore (issue 30): what the commands and the operator's status say. */
export const backupText = {
  written: (file: string, mb: string) => `备份已写入 ${file}（${mb} MB）`,
  restored: (dir: string) => `已从备份恢复到 ${dir}`,
  usageBackup: '用法：npm run backup -- <备份文件>',
  usageRestore: '用法：npm run restore -- <备份文件>',
  notAnArchive: '备份文件已损坏或不是本系统的备份（无法读取）',
  noManifest: '备份文件不完整：缺少 manifest.json',
  damaged: (name: string) => `备份文件已损坏：${name} 的校验和不符`,
  missingEntry: (name: string) => `备份文件不完整：缺少 ${name}`,
  newerMigration: (migration: string) => `备份来自更新版本的数据库（迁移 ${migration}），请先升级程序再恢复`,
  wrongDatabase: (archive: string, target: string) => `该备份是 ${archive} 数据库的备份，不能恢复到 ${target} 数据库`,
  dataDirNotEmpty: (dir: string) => `数据目录 ${dir} 不为空：请恢复到一个空的数据目录（服务器须已停止）`,
  databaseNotEmpty: '目标 PostgreSQL 数据库不为空：请恢复到一个空数据库',
  serverRunning: (dir: string) => `数据目录 ${dir} 正被运行中的服务器使用：请先停止服务器再恢复`,
  lastBackup: '最近备份',
  backupFailed: '最近一次自动备份失败',
} as const;
