import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database.js';
import { readPrismaDatamodel, SCHEMA_PATH, snapshotDatabase, snapshotPrismaSchema } from './schema-snapshot.js';

const { url } = await useTestDatabase();

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The Prisma snapshot after one textual edit of schema.prisma (the edit must apply). */
function prismaSnapshotWith(find: string, replace: string) {
  const schema = readFileSync(SCHEMA_PATH, 'utf8');
  expect(schema).toContain(find);
  return snapshotPrismaSchema(readPrismaDatamodel(schema.replace(find, replace)));
}

describe('prisma/schema.prisma and the SQL migrations', () => {
  it('describe the same tables, columns, types, nullability, defaults, enums and keys', async () => {
    const database = await withClient(snapshotDatabase);
    expect(database).toEqual(snapshotPrismaSchema());
  });

  it('differ when a migration adds a column the Prisma schema lacks', async () => {
    await withClient((client) => client.query('ALTER TABLE courts ADD COLUMN surface text'));
    const database = await withClient(snapshotDatabase);
    await withClient((client) => client.query('ALTER TABLE courts DROP COLUMN surface'));
    expect(database.tables.courts?.columns.surface).toEqual({ type: 'text', nullable: true, default: null });
    expect(database).not.toEqual(snapshotPrismaSchema());
  });

  it('differ when the Prisma schema changes a type, a default, nullability, an enum or a relation', async () => {
    const database = await withClient(snapshotDatabase);
    const edits: [string, string][] = [
      ['code        String       @unique @db.VarChar(10)', 'code        String       @unique @db.VarChar(12)'],
      ['isBookable  Boolean      @default(false)', 'isBookable  Boolean      @default(true)'],
      ['description String?      @db.VarChar(255)\n  createdAt', 'description String       @db.VarChar(255)\n  createdAt'],
      ['  free_use\n', '  free_use\n  beach_soccer\n'],
      ['onDelete: Cascade)\n\n  @@index([userId])\n  @@map("auth_sessions")', 'onDelete: Restrict)\n\n  @@index([userId])\n  @@map("auth_sessions")'],
    ];
    for (const [find, replace] of edits) expect(prismaSnapshotWith(find, replace)).not.toEqual(database);
  });
});
