// Once per browser test run: the production web build, one PostgreSQL with the migrated and seeded
// template database (each test file copies it), and one Chromium (each test file connects to it).
import { startTemplateServer } from '@beach/api/testing';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.js';
import buildWeb from './build-web.js';

export default async function setup(project: TestProject) {
  const [, database, browser] = await Promise.all([buildWeb(), startTemplateServer(), launchBrowserServer()]);
  project.provide('databaseAdminUrl', database.adminUrl);
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await database.stop();
  };
}
