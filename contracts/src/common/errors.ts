/** Error codes carried by every error response; the api maps each to one HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorResponse {
  statusCode: number;
  message: string;
  code: ErrorCode;
  /** The request field a validation error is about, as a dotted path. */
  field?: string;
}

export interface MessageResponse {
  message: string;
}
