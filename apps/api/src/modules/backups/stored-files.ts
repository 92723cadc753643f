// The stored files' part of a backup (docs/domain.md#backups): every file under STORAGE_DIR (card PDFs,
// receipts, medical certificates, whatever the modules keep) listed with its size and SHA-256, and
// exactly those files in a tar.gz made by the system's tar.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { BackupError } from './backup-error.js';

export interface StoredFile {
  /** Relative to STORAGE_DIR, with '/' between folders. */
  path: string;
  bytes: number;
  sha256: string;
}

function runTar(args: string[], input = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`tar non riuscito (uscita ${code}):\n${errors.trim()}`))));
    // A tar that reads no list, or stops early, closes its input first: its exit status says how it went.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `root`, sorted by path. */
export async function storedFilesIn(root: string): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.push({ path: relative(root, path), bytes: (await stat(path)).size, sha256: await sha256Of(path) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Lists the files of `storage`, then archives exactly those (a file written meanwhile waits for the next backup). */
export async function archiveStoredFiles(storage: string, archive: string): Promise<StoredFile[]> {
  const files = await storedFilesIn(storage);
  // Names separated by NUL and taken as they are: any character a file name may have is safe.
  await runTar(['-czf', archive, '-C', storage, '--null', '--verbatim-files-from', '-T', '-'], files.map((file) => `${file.path}\0`).join(''));
  return files;
}

/** Writes the archive's files into `into`, owned by whoever restores. */
export const extractStoredFiles = (archive: string, into: string) => runTar(['-xzf', archive, '-C', into, '--no-same-owner']);
