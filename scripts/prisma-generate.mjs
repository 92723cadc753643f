// Generates the typed Prisma client offline.
// Prisma's CLI insists on finding its schema-engine binary before `generate`, although generation
// never uses it and the binary cannot be downloaded here; any existing file satisfies the check.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath };
const result = spawnSync('pnpm', ['--filter', '@beach/api', 'exec', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
