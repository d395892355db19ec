import * as contracts from '@kpi/contracts';
import { errorResponseSchema, PRODUCT_NAME, ROLES } from '@kpi/contracts';
import { z, type ZodType } from 'zod';
import type { ApiRoute } from './route-registry';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

/** The contracts' own names for their schemas: `userSchema` is the component `User`. */
const CONTRACT_NAMES = new Map<unknown, string>(
  Object.entries(contracts)
    .filter(([key, value]) => key.endsWith('Schema') && value instanceof z.ZodType)
    .map(([key, value]) => [value, key[0].toUpperCase() + key.slice(1, -'Schema'.length)]),
);

const ERROR_MEANING: Record<number, string> = {
  304: 'Not modified: the answer is still the one the `If-None-Match` ETag names (no body)',
  400: 'Invalid input: `field` names the first field at fault',
  401: 'No valid token: sign in again',
  403: 'Signed in, but the role does not allow this',
  404: 'Not found, or belongs to another company (the same answer)',
  409: 'Conflicts with existing data',
  413: 'The request body is too large',
  415: 'The body is not JSON (send Content-Type: application/json)',
  429: 'Too many attempts: wait a minute',
};

const toJson = (schema: ZodType, io: Io): JsonSchema =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', override: tidy });

/**
 * Timestamps keep `format: date-time`; the generated 300-character pattern only hides that in the UI. A field
 * whose contract says what its text means on the wire (`onTheWire` in contracts/src/common/fields.ts, e.g. a
 * query's `limit`, a whole number from 1 to 200) is shown as that instead of the string checks it parses with.
 */
function tidy(ctx: { jsonSchema: JsonSchema }): void {
  const { wire } = ctx.jsonSchema as { wire?: JsonSchema };
  if (wire) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, wire);
  }
  if (ctx.jsonSchema.format === 'date-time') delete ctx.jsonSchema.pattern;
}

/**
 * Components from the contracts: every schema a route names, under the contracts' name where it has one.
 * A component nested in another is referenced by `$ref`.
 */
class Components {
  private readonly registries = { input: z.registry<{ id: string }>(), output: z.registry<{ id: string }>() };
  private readonly ids = new Map<ZodType, string>();

  ref(schema: ZodType, io: Io, fallbackName: string): JsonSchema {
    let id = this.ids.get(schema);
    if (!id) {
      const named = CONTRACT_NAMES.get(schema) ?? fallbackName;
      id = [...this.ids.values()].includes(named) ? `${named}${io === 'input' ? 'Input' : 'Output'}` : named;
      this.ids.set(schema, id);
      this.registries[io].add(schema, { id });
    }
    return { $ref: `#/components/schemas/${id}` };
  }

  render(): Record<string, JsonSchema> {
    const all: Record<string, JsonSchema> = {};
    for (const io of ['input', 'output'] as const) {
      const { schemas } = z.toJSONSchema(this.registries[io], { io, unrepresentable: 'any', override: tidy, uri: (id) => `#/components/schemas/${id}` });
      for (const [id, schema] of Object.entries(schemas)) {
        const { $schema: _, $id: __, ...rest } = schema as JsonSchema;
        if (id === SHARED) {
          // Schemas several contracts share (a recursive one, say) come as definitions of one extra entry, which an
          // OpenAPI $ref cannot point into: each becomes a component of its own.
          for (const [name, def] of Object.entries((rest.$defs ?? {}) as Record<string, JsonSchema>)) all[`Shared_${io}_${name}`] = def;
        } else all[id] = rest;
      }
      Object.assign(all, JSON.parse(JSON.stringify(pick(all, Object.keys(schemas), io)).replaceAll(`#/components/schemas/${SHARED}#/$defs/`, `#/components/schemas/Shared_${io}_`)));
    }
    return all;
  }
}

/** The entry zod's registry output puts shared definitions under. */
const SHARED = '__shared';

/** The components one pass wrote: its own ids and the shared definitions it split out. */
function pick(all: Record<string, JsonSchema>, ids: string[], io: string): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(all).filter(([id]) => ids.includes(id) || id.startsWith(`Shared_${io}_`)));
}

/** `markAllRead` → `Mark all read`: the handler's name is the operation's summary. */
const sentence = (name: string) => name.replace(/([A-Z])/g, ' $1').toLowerCase().replace(/^./, (c) => c.toUpperCase());

const pascal = (text: string) => text.replace(/(^|[^a-zA-Z0-9]+)([a-zA-Z0-9])/g, (_, __, c: string) => c.toUpperCase());

function whoMay(route: ApiRoute): string {
  if (route.wallDisplay) return 'A paired wall display, with its display token (not a user token).';
  if (route.isPublic) return 'Public: no sign-in needed.';
  return `Roles: ${(route.roles ?? ROLES).join(', ')}.`;
}

function parameters(route: ApiRoute): JsonSchema[] {
  const params: JsonSchema[] = [];
  const seen = new Set<string>();
  const add = (where: string, name: string, schema: JsonSchema, required: boolean) => {
    if (seen.has(`${where}:${name}`)) return;
    seen.add(`${where}:${name}`);
    params.push({ name, in: where, required, schema });
  };
  for (const input of route.inputs) {
    if (input.in === 'body') continue;
    if ('schema' in input) {
      const json = toJson(input.schema, 'input');
      const required = new Set((json.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((json.properties as Record<string, JsonSchema>) ?? {})) {
        add(input.in, name, schema, input.in === 'path' || required.has(name));
      }
    } else {
      add(input.in, input.name, { type: 'string' }, input.in === 'path');
    }
  }
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) add('path', name, { type: 'string' }, true);
  const order = ['path', 'query', 'header'];
  return params.sort((x, y) => order.indexOf(x.in as string) - order.indexOf(y.in as string));
}

function errorAnswers(route: ApiRoute): Record<number, string> {
  const errors: Record<number, string> = {};
  // Express answers every GET with an ETag, and 304 to a request whose If-None-Match still matches.
  if (route.method === 'get' && !route.responds?.redirect) errors[304] = ERROR_MEANING[304];
  const hasBody = route.inputs.some((i) => i.in === 'body');
  if (hasBody || route.inputs.some((i) => 'schema' in i)) errors[400] = ERROR_MEANING[400];
  if (!route.isPublic || route.wallDisplay) errors[401] = ERROR_MEANING[401];
  if (route.roles) errors[403] = ERROR_MEANING[403];
  if (route.path.includes('{')) errors[404] = ERROR_MEANING[404];
  if (hasBody) {
    errors[413] = ERROR_MEANING[413];
    errors[415] = ERROR_MEANING[415];
  }
  if (route.throttled) errors[429] = ERROR_MEANING[429];
  for (const [status, meaning] of Object.entries(route.responds?.errors ?? {})) if (meaning) errors[Number(status)] = meaning;
  return errors;
}

function operation(route: ApiRoute, components: Components): JsonSchema {
  const tag = route.controller.replace(/Controller$/, '');
  const operationId = `${tag}.${route.handler}`;
  const responds = route.responds;
  const success = responds ? components.ref(responds.schema, 'output', `${pascal(operationId)}Response`) : undefined;
  const content: JsonSchema = success ? { 'application/json': { schema: success } } : {};
  if (responds?.csv) content['text/csv'] = { schema: { type: 'string', description: 'With `format=csv`: a `#` comment line (period, time zone, when), then the tables' } };

  const responses: Record<string, JsonSchema> = responds?.redirect
    ? { [responds.redirect]: { description: `Redirect: ${responds.schema.description ?? 'see Location'}`, headers: { Location: { schema: { type: 'string' } } } } }
    : { [route.successStatus]: { description: 'Success', ...(success ? { content } : {}) } };
  for (const [status, description] of Object.entries(errorAnswers(route))) {
    if (status === '304') {
      responses[status] = { description };
      continue;
    }
    const schema = Number(status) === 503 && success ? success : { $ref: '#/components/schemas/ErrorResponse' };
    responses[status] = { description, content: { 'application/json': { schema } } };
  }

  const body = route.inputs.find((i) => i.in === 'body');
  const bodySchema = body && 'schema' in body && body.schema ? components.ref(body.schema, 'input', `${pascal(operationId)}Request`) : { type: 'object' };
  return {
    tags: [tag],
    operationId,
    summary: sentence(route.handler),
    description: whoMay(route),
    'x-roles': route.wallDisplay || route.isPublic ? [] : (route.roles ?? [...ROLES]),
    security: route.wallDisplay ? [{ displayToken: [] }] : route.isPublic ? [] : [{ bearer: [] }],
    parameters: parameters(route),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: bodySchema } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route, its schemas generated from the contracts that validate them. */
export function buildOpenApiDocument(routes: ApiRoute[], version: string): JsonSchema {
  const components = new Components();
  components.ref(errorResponseSchema, 'output', 'ErrorResponse');
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route, components);
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} API`,
      version,
      description:
        'Sign in with `POST /api/auth/login` and send the token as `Authorization: Bearer <token>`. ' +
        'Each operation lists the roles it admits (also as `x-roles`). Errors answer `{ statusCode, message, code, field? }`. ' +
        'Live updates travel over Socket.IO on `/socket.io` (see docs/architecture.md).',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token from POST /api/auth/login' },
        displayToken: { type: 'http', scheme: 'bearer', description: "A wall display's token from its pairing" },
      },
      schemas: components.render(),
    },
    paths,
  };
}
