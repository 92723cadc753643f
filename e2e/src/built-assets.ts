// The build's hashed files (/assets/…) served as nginx serves them deployed (apps/web/nginx.conf): cached by
// the browser for a year, gzipped. `vite preview` read each from disk and gzipped it again for every request
// (and said nothing about caching), about a sixth of a test worker's busy time in a file that opens many
// pages (docs/testing.md#session-12-the-browser-lanes-cpu); here each file is read and gzipped once per worker.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The types /assets/ holds (scripts and styles; their source maps are fetched by no test). */
const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', map: 'application/json' };
const NAME = /^\/assets\/[\w.-]+\.(js|css|map)$/;

/** Each file as read and gzipped, by its path on disk: kept by the worker for all its test files (one build a run). */
const files = new Map<string, { plain: Buffer; gzipped: Buffer; type: string } | null>();

function loaded(file: string) {
  if (!files.has(file)) {
    const plain = existsSync(file) ? readFileSync(file) : null;
    files.set(file, plain && { plain, gzipped: gzipSync(plain), type: TYPES[file.slice(file.lastIndexOf('.') + 1)]! });
  }
  return files.get(file);
}

export function builtAssetsAsDeployed(distDir: string): Plugin {
  return {
    name: 'e2e-built-assets-as-deployed',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        if (!['GET', 'HEAD'].includes(request.method ?? '') || !NAME.test(path)) return next();
        const file = loaded(join(distDir, path));
        if (!file) return next();
        const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        const body = gzip ? file.gzipped : file.plain;
        response.setHeader('Content-Type', file.type);
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        if (gzip) response.setHeader('Content-Encoding', 'gzip');
        response.setHeader('Content-Length', body.length);
        response.end(request.method === 'HEAD' ? undefined : body);
      });
    },
  };
}
