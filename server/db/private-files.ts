/**
 * Everything under DATA_DIR (the database's files, the outbox's mails, backups written there) is for the
 * server's own user only: folders 0700, files 0600, whatever the umask of the shell that started it.
 * PGlite's file system creates its files with mode 0777 and sets some to 0644 or 0666 itself, so its modes
 * are masked where it creates or changes them; a start on an existing folder repairs what is open.
 */
import { lstat, mkdir, readdir, chmod } from "node:fs/promises";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The bits a private file or folder never has: group's and others'. */
const OPEN_BITS = 0o077;
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/**
 * The process's own files are created private from here on (mkdir and open apply the umask), and the
 * folder exists as 0700. Returns how many files and folders under it were open to others and are now closed.
 */
export async function keepPrivate(dir: string): Promise<number> {
  process.umask(process.umask() | OPEN_BITS);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  return closeOpenModes(dir);
}

async function closeOpenModes(target: string): Promise<number> {
  const info = await lstat(target).catch(() => undefined);
  // A symbolic link's own mode means nothing, and what it points to is not ours to change.
  if (!info || info.isSymbolicLink()) return 0;
  let fixed = 0;
  if (info.mode & OPEN_BITS) {
    await chmod(target, info.isDirectory() ? PRIVATE_DIR_MODE : privateMode(info.mode));
    fixed++;
  }
  if (info.isDirectory()) {
    const names = await readdir(target).catch(() => []);
    for (const name of names) fixed += await closeOpenModes(path.join(target, name));
  }
  return fixed;
}

/** The mode a file or folder of this mode gets under DATA_DIR. */
export function privateMode(mode: number): number {
  const type = mode & S_IFMT;
  if (type === S_IFDIR) return type | PRIVATE_DIR_MODE;
  return type | (mode & PRIVATE_FILE_MODE & ~OPEN_BITS);
}

interface NodeFsOps {
  mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
  setattr(node: unknown, attr: { mode?: number }): void;
}

/** Masks the modes PGlite's Emscripten file system (NODEFS) creates and sets, for one WebAssembly instance. */
export function maskPgliteModes(module: { NODEFS: { node_ops: NodeFsOps } }): void {
  const ops = module.NODEFS.node_ops;
  const mknod = ops.mknod.bind(ops);
  const setattr = ops.setattr.bind(ops);
  ops.mknod = (parent, name, mode, dev) => mknod(parent, name, privateMode(mode), dev);
  ops.setattr = (node, attr) => setattr(node, attr.mode === undefined ? attr : { ...attr, mode: privateMode(attr.mode) });
}
