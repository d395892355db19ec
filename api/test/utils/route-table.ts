import type { INestApplication } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { ZodType } from 'zod';
import { ModulesContainer } from '@nestjs/core';
import type { Role } from '@kpi/contracts';
import { IS_PUBLIC, ROLES_KEY } from '../../src/common/auth/decorators';
import { RESPONDS_KEY, type RespondsMetadata } from '../../src/common/http/responds';

export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** With the global prefix, e.g. `/api/tasks/:id/score`. */
  path: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  roles: Role[] | null;
  /** The zod schema its body is validated with, if it takes a body. */
  bodySchema: ZodType | null;
  /** The zod schema its query string is validated with, if any. */
  querySchema: ZodType | null;
  /** What it answers (`@Responds`): the contracts' schema of its body, and whether it also answers CSV or redirects. */
  responds: RespondsMetadata | null;
}

const join = (...parts: (string | undefined)[]) =>
  '/' + parts.flatMap((p) => (p ?? '').split('/')).filter(Boolean).join('/');

/** Every HTTP route Nest registered, read from the controllers' metadata, with its access decision. */
export function routeTable(app: INestApplication, prefix = 'api'): Route[] {
  const routes: Route[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!type) continue;
      const base = Reflect.getMetadata(PATH_METADATA, type) as string | string[] | undefined;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = type.prototype[name] as unknown;
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod].toLowerCase() as Route['method'];
        const pick = <T>(key: string): T | undefined => Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, type);
        const args = Object.entries((Reflect.getMetadata(ROUTE_ARGS_METADATA, type, name) ?? {}) as Record<string, { pipes?: { schema?: ZodType }[] }>);
        const schemaOf = (kind: RouteParamtypes) =>
          args.find(([key]) => key.split(':')[0] === String(kind))?.[1].pipes?.find((p) => p.schema)?.schema ?? null;
        routes.push({
          method,
          path: join(prefix, Array.isArray(base) ? base[0] : base, Array.isArray(path) ? path[0] : path),
          controller: type.name,
          handler: name,
          isPublic: pick<boolean>(IS_PUBLIC) === true,
          roles: pick<Role[]>(ROLES_KEY) ?? null,
          bodySchema: schemaOf(RouteParamtypes.BODY),
          querySchema: schemaOf(RouteParamtypes.QUERY),
          responds: pick<RespondsMetadata>(RESPONDS_KEY) ?? null,
        });
      }
    }
  }
  return routes;
}
