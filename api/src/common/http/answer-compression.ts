import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { acceptsEncoding } from './accept-encoding';

/**
 * JSON answers from this size on are gzipped for a client that accepts it; smaller ones are sent as they are
 * (compressing them saves a few hundred bytes for a thread-pool trip and the CPU of a small answer).
 */
export const COMPRESS_MIN_BYTES = 1024;

const gzipAsync = promisify(gzip);

/**
 * Gzip on libuv's thread pool, never on the event loop. gzip, not brotli: on a ranking page brotli (quality 4–5)
 * saved about 5 % more bytes for more CPU, and every client this app has takes gzip (docs/paging.md).
 */
export const gzipAnswer = (body: Buffer): Promise<Buffer> => gzipAsync(body);

/** Whether an answer of `size` bytes goes out gzipped to a client sending `acceptEncoding`. */
export const gzipWanted = (size: number, acceptEncoding: string | undefined): boolean => size >= COMPRESS_MIN_BYTES && acceptsEncoding(acceptEncoding, 'gzip');
