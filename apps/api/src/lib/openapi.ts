import { allRoutes, ZApiError, type RouteDefinition } from '@beach/contracts';
import type { RequestHandler } from 'express';
import swaggerUi from 'swagger-ui-express';
import { createDocument, type ZodOpenApiPathsObject } from 'zod-openapi';

const json = (schema: RouteDefinition['response']) => ({ content: { 'application/json': { schema } } });

/** The OpenAPI 3.1 document of every route in the contracts. */
export function buildOpenApiDocument(version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of allRoutes()) {
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][route.method] = {
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }], description: `Accesso: ${route.access}` }),
      requestParams: { ...(route.params ? { path: route.params } : {}), ...(route.query ? { query: route.query } : {}) },
      ...(route.body ? { requestBody: json(route.body) } : {}),
      responses: {
        [String(route.successStatus ?? 200)]: { description: 'Successo', ...json(route.response) },
        '422': { description: 'Dati non validi', ...json(ZApiError) },
        ...(route.access === 'public'
          ? {}
          : { '401': { description: 'Non autenticato', ...json(ZApiError) }, '403': { description: 'Permessi insufficienti', ...json(ZApiError) } }),
      },
    };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Adriatica Beach Arena API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  });
}

/**
 * The reference of a version, built at its first request and kept for the process: building it costs
 * ≈ 0.2 s of CPU, which every app made in the process paid, asked or not (each API test file makes one:
 * docs/testing.md#session-12-the-api-lanes-cpu).
 */
const references = new Map<string, { document: ReturnType<typeof buildOpenApiDocument>; page: RequestHandler }>();
function reference(version: string) {
  let built = references.get(version);
  if (!built) {
    const document = buildOpenApiDocument(version);
    built = { document, page: swaggerUi.setup(document, { customSiteTitle: 'API Adriatica Beach Arena' }) };
    references.set(version, built);
  }
  return built;
}

/** GET of the OpenAPI document. */
export const openApiJson =
  (version: string): RequestHandler =>
  (_req, res) => {
    res.json(reference(version).document);
  };

/** The browsable page (swagger-ui): its script, served by `swaggerUi.serve`, is the one `setup` last built. */
export const apiReferencePage = (version: string): RequestHandler[] => [
  (_req, _res, next) => {
    reference(version);
    next();
  },
  ...swaggerUi.serve,
  (req, res, next) => reference(version).page(req, res, next),
];
