// A vitest reporter that keeps each test file's time, split into import and run, in
// .test-timings/<suite>.json (git-ignored) for `pnpm test:timings` (docs/testing.md#test-timings); the suite
// is named after its package's folder (api, web, e2e). A run of a few files updates theirs and keeps the
// others' last times.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const outputDir = new URL('../.test-timings/', import.meta.url);

export default class TestTimingsReporter {
  onInit(vitest) {
    this.vitest = vitest;
    this.suite = basename(vitest.config.root);
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules) {
    const root = this.vitest.config.root;
    const files = testModules.map((testModule) => {
      const timing = testModule.diagnostic();
      const importMs = timing.collectDuration;
      const setupMs = timing.environmentSetupDuration + timing.prepareDuration + timing.setupDuration;
      const runMs = timing.duration;
      return {
        file: relative(root, testModule.moduleId),
        state: testModule.state(),
        tests: [...testModule.children.allTests()].length,
        wallMs: Math.round(setupMs + importMs + runMs),
        importMs: Math.round(importMs),
        setupMs: Math.round(setupMs),
        runMs: Math.round(runMs),
      };
    });
    const path = new URL(`${this.suite}.json`, outputDir);
    const ran = new Set(files.map((file) => file.file));
    const earlier = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).files : [];
    const kept = earlier.filter((file) => !ran.has(file.file) && existsSync(join(root, file.file)));
    mkdirSync(outputDir, { recursive: true });
    const lastRun = { finishedAt: new Date().toISOString(), files: files.length, wallMs: Date.now() - this.startedAt };
    const suiteRoot = relative(fileURLToPath(new URL('..', import.meta.url)), root);
    writeFileSync(path, `${JSON.stringify({ suite: this.suite, root: suiteRoot, lastRun, files: [...files, ...kept] }, null, 1)}\n`);
  }
}
