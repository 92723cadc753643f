import { allRoutes, ZApiError, type RouteDefinition } from '@beach/contracts';
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
