// A table's fingerprint as COPY writes it (text format, one row a line: a newline inside a value is
// written as \n): its rows counted and a checksum that does not depend on their order — the sum, modulo
// 2^64, of the first 8 bytes of each row's SHA-256. The same rows read back from another database, in
// whatever order its server returns them, give the same fingerprint (docs/domain.md#backups).
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const NEWLINE = 0x0a;
const MASK = (1n << 64n) - 1n;

export interface TableFingerprint {
  rows: number;
  checksum: string;
}

/** Passes COPY's text through unchanged, fingerprinting its rows on the way. */
export class RowDigest extends Transform {
  private rows = 0;
  private sum = 0n;
  /** The start of a row a chunk cut (COPY's chunks end anywhere). */
  private partial: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const piece = chunk.subarray(start, end);
      this.add(this.partial.length > 0 ? Buffer.concat([...this.partial, piece]) : piece);
      this.partial = [];
      start = end + 1;
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start));
    done(null, chunk);
  }

  override _flush(done: TransformCallback) {
    done(this.partial.length > 0 ? new Error('Dati della tabella troncati: l’ultima riga non è completa.') : null);
  }

  private add(row: Buffer) {
    this.rows += 1;
    this.sum = (this.sum + createHash('sha256').update(row).digest().readBigUInt64BE(0)) & MASK;
  }

  fingerprint(): TableFingerprint {
    return { rows: this.rows, checksum: this.sum.toString(16).padStart(16, '0') };
  }
}
