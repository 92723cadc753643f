// One real PostgreSQL for the whole API test run, with the template every test file copies (./database.ts).
import type { TestProject } from 'vitest/node';
import { startTemplateServer } from './database.js';

export default async function setup(project: TestProject) {
  const server = await startTemplateServer();
  project.provide('databaseAdminUrl', server.adminUrl);
  return () => server.stop();
}
