/**
 * The two file operations the folder transport relies on, each safe against a reader or writer on
 * the other side of the folder: a file that appears complete or not at all, and a move that never
 * overwrites and never leaves the file in two places.
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, rename, rm, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { transportText } from '../../../domain/texts/transport.ts';
import { outboxWriteError } from './local-failure.ts';
import { groupCommit } from '../group-commit.ts';

const MAX_NAME_CLASHES = 1000;
/** link() is not possible here (another file system, no hard links): copy exclusively instead */
const NO_LINK = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

export const codeOf = (e: unknown) => (typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '');
/** A file-system error as a reader can act on it: the cause in Chinese, the system's text otherwise. */
const fsReason = (e: unknown) => transportText.fsReasons[codeOf(e)] ?? (e instanceof Error ? e.message : String(e));

/** Writes `name` in `dir` so that it appears complete or not at all; a missing folder is recreated. */
export async function writeAtomically(dir: string, name: string, content: string): Promise<void> {
  const temp = join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const writeSynced = async () => {
    const file = await open(temp, 'wx', 0o644);
    try {
      await file.writeFile(content, 'utf8');
      await file.sync();
    } finally {
      await file.close();
    }
  };
  try {
    try {
      await writeSynced();
    } catch (e) {
      if (codeOf(e) !== 'ENOENT') throw e;
      await mkdir(dir, { recursive: true });
      await writeSynced();
    }
    await rename(temp, join(dir, name));
  } catch (e) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw outboxWriteError(transportText.outboxFailed(dir, fsReason(e)), codeOf(e));
  }
  // the rename itself survives a power cut only once the folder is synced (not possible everywhere)
  await syncFolder(dir);
}

/**
 * Files renamed into a folder at about the same time share one sync of it (the outbox writes
 * several at once): each caller's rename is done before the sync its group runs.
 */
const syncFolder = groupCommit<string>(async (dirs) => {
  await Promise.all([...new Set(dirs)].map((dir) =>
    open(dir, 'r').then(async (d) => { try { await d.sync(); } finally { await d.close(); } }).catch(() => undefined)));
  return dirs.map(() => undefined);
});

/** Moves src into dir under its name, or name.2.xml … when taken; never overwrites, never leaves two. */
export async function moveUnique(src: string, dir: string, name: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const ext = extname(name);
  const base = ext ? name.slice(0, -ext.length) : name;
  for (let n = 1; n <= MAX_NAME_CLASHES; n++) {
    const dest = join(dir, n === 1 ? name : `${base}.${n}${ext}`);
    try {
      await link(src, dest);
    } catch (e) {
      if (codeOf(e) === 'EEXIST') continue;
      if (!NO_LINK.has(codeOf(e))) throw e;
      try {
        await copyFile(src, dest, constants.COPYFILE_EXCL);
      } catch (e2) {
        if (codeOf(e2) === 'EEXIST') continue;
        throw e2;
      }
    }
    try {
      await unlink(src);
    } catch (e) {
      if (codeOf(e) === 'ENOENT') return dest;
      await unlink(dest).catch(() => undefined); // the original stays; the move is tried again
      throw e;
    }
    return dest;
  }
  throw new Error(`${dir}: ${MAX_NAME_CLASHES} files named like ${name}`);
}
