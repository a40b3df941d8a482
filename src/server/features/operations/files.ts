import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

export interface Owner {
  uid: number;
  gid: number;
}

/** What a file should be: its text, its mode and (when given) its owner. */
export interface FileWanted {
  content: string;
  mode: number;
  owner?: Owner;
}

/** The file as it is now, or undefined. */
function current(file: string) {
  try {
    const stat = statSync(file);
    return { content: readFileSync(file, 'utf8'), mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid };
  } catch {
    return undefined;
  }
}

/** Whether the file already holds this text with this mode and owner. */
export function fileIsRight(file: string, wanted: FileWanted): boolean {
  const now = current(file);
  return (
    now !== undefined &&
    now.content === wanted.content &&
    now.mode === wanted.mode &&
    (!wanted.owner || (now.uid === wanted.owner.uid && now.gid === wanted.owner.gid))
  );
}

/**
 * Writes the file whole or not at all: a temporary file beside it, created with its final mode (a secret
 * is never readable by others, not even for a moment), given its owner, flushed, then renamed over the
 * old one. Answers false when the file was already right (nothing written).
 */
export function ensureFile(file: string, wanted: FileWanted): boolean {
  if (fileIsRight(file, wanted)) return false;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o755 });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', wanted.mode);
  try {
    if (wanted.owner) chownSync(temporary, wanted.owner.uid, wanted.owner.gid);
    chmodSync(temporary, wanted.mode); // the umask may have taken bits from the mode asked for
    writeSync(fd, wanted.content);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, file);
  return true;
}

/** A folder with this mode and owner; answers false when it already was. */
export function ensureFolder(folder: string, mode: number, owner?: Owner): boolean {
  let stat;
  try {
    stat = statSync(folder);
  } catch {
    mkdirSync(folder, { recursive: true, mode: 0o755 });
    chmodSync(folder, mode);
    if (owner) chownSync(folder, owner.uid, owner.gid);
    return true;
  }
  let changed = false;
  if ((stat.mode & 0o7777) !== mode) {
    chmodSync(folder, mode);
    changed = true;
  }
  if (owner && (stat.uid !== owner.uid || stat.gid !== owner.gid)) {
    chownSync(folder, owner.uid, owner.gid);
    changed = true;
  }
  return changed;
}

/** Where a symbolic link points, or undefined when there is none. */
export function linkTarget(link: string): string | undefined {
  try {
    if (!lstatSync(link).isSymbolicLink()) return undefined;
    return readlinkSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Points `link` at `target` in one step (a new link renamed over the old), so that a reader sees the old
 * release or the new one, never no release. Answers false when it already pointed there.
 */
export function ensureLink(link: string, target: string): boolean {
  if (linkTarget(link) === target) return false;
  const temporary = `${link}.${randomBytes(4).toString('hex')}.tmp`;
  symlinkSync(target, temporary);
  renameSync(temporary, link);
  return true;
}
