// Once per browser test run: the production web build, one PostgreSQL with the migrated and seeded
// template database (each test file copies it), and one Chromium (each test file connects to it).
import { startTemplateServer } from '@beach/api/testing';
import type { TestProject } from 'vitest/node';
import { launchSharedBrowser } from './browser.js';
import buildWeb from './build-web.js';

export default async function setup(project: TestProject) {
  const [, database, browser] = await Promise.all([buildWeb(), startTemplateServer(), launchSharedBrowser()]);
  project.provide('databaseAdminUrl', database.adminUrl);
  project.provide('browserEndpoint', browser.endpoint);
  return async () => {
    await browser.close();
    await database.stop();
  };
}
