import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ROOT_LOGGER } from '../logging/logging';
import { requestLog } from '../logging/request-logger';
import { RequestOrigin, type OriginRequest } from './origin';
import { RequestScope } from './request-scope';

/**
 * The one middleware every API request passes before its route: it starts the request's log line and runs the
 * rest of the request in its `RequestScope`. Mounted with `app.use` (bootstrap.ts) rather than as three Nest
 * middlewares, each of which Express matched twice per request.
 */
@Injectable()
export class RequestScopeMiddleware {
  constructor(
    private readonly orm: MikroORM,
    @Inject(ROOT_LOGGER) private readonly root: Logger,
  ) {}

  readonly use = (req: IncomingMessage & OriginRequest, res: ServerResponse, next: () => void): void => {
    const { log, requestId } = requestLog(this.root, req, res);
    new RequestScope(this.orm.em, log, new RequestOrigin(req), requestId).run(next);
  };
}
