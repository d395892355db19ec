import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi-document';
import { collectRoutes } from './route-registry';

export const OPENAPI_JSON_PATH = 'api/openapi.json';
export const OPENAPI_UI_PATH = 'api/docs';

/**
 * Serves the generated document at /api/openapi.json and Swagger UI at /api/docs. The document is built once,
 * from the routes Nest knows (route-registry.ts) and the contracts' schemas; Swagger's own scanner is not used.
 */
export function setupOpenApi(app: INestApplication, prefix: string): void {
  const { version } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  const document = buildOpenApiDocument(collectRoutes(app.get(ModulesContainer), prefix), version) as unknown as OpenAPIObject;
  SwaggerModule.setup(OPENAPI_UI_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    yamlDocumentUrl: 'api/openapi.yaml',
    customSiteTitle: `${document.info.title} — reference`,
    swaggerOptions: { persistAuthorization: false, validatorUrl: null },
  });
}
