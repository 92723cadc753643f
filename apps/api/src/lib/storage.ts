// Generated files (membership card PDFs) under STORAGE_DIR, addressed by a relative path that is
// what the database stores.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Config } from '../config.js';

export interface Storage {
  write(relativePath: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when it is missing. */
  read(relativePath: string): Promise<Buffer | null>;
  /** Deletes the file; one already gone is fine. */
  remove(relativePath: string): Promise<void>;
  absolutePath(relativePath: string): string;
}

export function createStorage(config: Pick<Config, 'STORAGE_DIR'>): Storage {
  const root = resolve(config.STORAGE_DIR);
  const absolutePath = (relativePath: string) => {
    const path = resolve(root, relativePath);
    if (!path.startsWith(root + sep)) throw new Error(`Percorso fuori dalla cartella dei file: ${relativePath}`);
    return path;
  };
  return {
    absolutePath,
    async write(relativePath, data) {
      const path = absolutePath(relativePath);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename, so a reader never sees half a file; each writer has its own temporary file.
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, path);
    },
    async read(relativePath) {
      return readFile(absolutePath(relativePath)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async remove(relativePath) {
      await rm(absolutePath(relativePath), { force: true });
    },
  };
}
