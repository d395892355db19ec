import { RequestMethod, type Type } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ModulesContainer } from '@nestjs/core';
import type { Role } from '@kpi/contracts';
import type { ZodType } from 'zod';
import { IS_PUBLIC, ROLES_KEY } from '../common/auth/decorators';
import { WallGuard } from '../modules/walls/wall.guard';
import { FAILURE_LIMIT_KEY } from '../common/rate-limit/failure-limit.interceptor';
import { RateLimitGuard } from '../common/rate-limit/rate-limit.guard';
import { ZodPipe } from '../common/validation/zod.pipe';
import { RESPONDS_KEY, type RespondsMetadata } from '../common/http/responds';

/** Where a handler reads its input from, and the contracts schema that validates it (when a ZodPipe does). */
export type RouteInput =
  | { in: 'body'; schema?: ZodType }
  | { in: 'query' | 'path'; schema: ZodType }
  | { in: 'query' | 'path' | 'header'; name: string };

/** One HTTP route as Nest registered it, with what the OpenAPI document says about it. */
export interface ApiRoute {
  method: 'get' | 'post' | 'put' | 'delete' | 'patch';
  /** OpenAPI style, with the global prefix: `/api/tasks/{id}`. */
  path: string;
  controller: string;
  handler: string;
  /** `null`: any signed-in user. */
  roles: Role[] | null;
  isPublic: boolean;
  /** Opened by a wall display's token rather than a user's (WallGuard). */
  wallDisplay: boolean;
  throttled: boolean;
  successStatus: number;
  inputs: RouteInput[];
  responds?: RespondsMetadata;
}

const joinPath = (...parts: string[]) =>
  '/' +
  parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `{${segment.slice(1)}}` : segment))
    .join('/');

/** Reflect's metadata as the type its key holds (it answers `any`). */
const metadataOf = <T>(key: string, target: object, property?: string): T | undefined =>
  (property === undefined ? Reflect.getMetadata(key, target) : Reflect.getMetadata(key, target, property)) as T | undefined;

const firstPath = (value: unknown): string => (Array.isArray(value) ? String(value[0] ?? '') : typeof value === 'string' ? value : '');

function inputsOf(controller: Type, handler: string): RouteInput[] {
  const args = metadataOf<Record<string, { data?: unknown; pipes?: unknown[] }>>(ROUTE_ARGS_METADATA, controller, handler) ?? {};
  const inputs: RouteInput[] = [];
  for (const [key, arg] of Object.entries(args)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const schema = arg.pipes?.find((p): p is ZodPipe<unknown> => p instanceof ZodPipe)?.schema;
    const name = typeof arg.data === 'string' ? arg.data : undefined;
    if (type === RouteParamtypes.BODY) inputs.push({ in: 'body', schema });
    else if (type === RouteParamtypes.HEADERS && name) inputs.push({ in: 'header', name });
    else if (type === RouteParamtypes.QUERY || type === RouteParamtypes.PARAM) {
      const where = type === RouteParamtypes.QUERY ? 'query' : 'path';
      if (name) inputs.push({ in: where, name });
      else if (schema) inputs.push({ in: where, schema });
    }
  }
  return inputs;
}

/**
 * Every route of the app's controllers, read from the metadata Nest routes with: the path and method
 * decorators, @Public/@Roles, the guards, the ZodPipes of the arguments and @Responds. A new route is listed
 * without anyone registering it.
 */
export function collectRoutes(modules: ModulesContainer, prefix: string): ApiRoute[] {
  const controllers = new Set<Type>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) if (wrapper.metatype) controllers.add(wrapper.metatype as Type);
  }
  const routes: ApiRoute[] = [];
  for (const controller of controllers) {
    const base = firstPath(metadataOf<unknown>(PATH_METADATA, controller));
    for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
      const fn = (controller.prototype as Record<string, unknown>)[handler];
      if (handler === 'constructor' || typeof fn !== 'function') continue;
      const method = metadataOf<RequestMethod>(METHOD_METADATA, fn);
      const path = metadataOf<unknown>(PATH_METADATA, fn);
      if (method === undefined || path === undefined) continue;
      const verb = RequestMethod[method].toLowerCase() as ApiRoute['method'];
      const meta = <T>(key: string): T | undefined => metadataOf<T>(key, fn) ?? metadataOf<T>(key, controller);
      const guards = [...(metadataOf<unknown[]>(GUARDS_METADATA, controller) ?? []), ...(metadataOf<unknown[]>(GUARDS_METADATA, fn) ?? [])];
      const isGuard = (g: unknown, base: Type) => g === base || (typeof g === 'function' && g.prototype instanceof base);
      routes.push({
        method: verb,
        path: joinPath(prefix, base, firstPath(path)),
        controller: controller.name,
        handler,
        roles: meta<Role[]>(ROLES_KEY) ?? null,
        isPublic: meta<boolean>(IS_PUBLIC) === true,
        wallDisplay: guards.some((g) => isGuard(g, WallGuard)),
        throttled: guards.some((g) => isGuard(g, RateLimitGuard)) || meta(FAILURE_LIMIT_KEY) !== undefined,
        successStatus: metadataOf<number>(HTTP_CODE_METADATA, fn) ?? (verb === 'post' ? 201 : 200),
        inputs: inputsOf(controller, handler),
        responds: metadataOf<RespondsMetadata>(RESPONDS_KEY, fn),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
