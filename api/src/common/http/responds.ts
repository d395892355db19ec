import { SetMetadata } from '@nestjs/common';
import type { ZodType } from 'zod';

export const RESPONDS_KEY = 'openapi:responds';

export interface RespondsOptions {
  /** The route also answers `text/csv` when the query says `format=csv`. */
  csv?: boolean;
  /** The route answers a redirect with this status (and a `Location`), never a body. */
  redirect?: 302 | 303;
  /** Error answers beyond those the route's guards and pipes imply, with what each means here. */
  errors?: Partial<Record<400 | 401 | 403 | 404 | 409 | 410 | 413 | 429 | 503, string>>;
}

export interface RespondsMetadata extends RespondsOptions {
  schema: ZodType;
}

/**
 * The contracts schema of what a route answers, for the OpenAPI document (api/src/openapi reads it). The api does not
 * parse its own answers with it: the services' return types are inferred from the same schema.
 */
export const Responds = (schema: ZodType, options: RespondsOptions = {}) => SetMetadata(RESPONDS_KEY, { schema, ...options } satisfies RespondsMetadata);
