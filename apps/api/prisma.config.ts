// Configuration of the Prisma CLI, used here only for `prisma generate` (see scripts/prisma-generate.mjs).
// The database schema is applied by dbmate from prisma/migrations, not by `prisma migrate`.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../../prisma/schema.prisma',
});
