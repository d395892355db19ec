import { readFileSync, statSync } from 'node:fs';

/** A file's bytes with the validators `send` would give it (same weak ETag format, so revalidation carries over). */
export interface CachedFile {
  body: Buffer;
  etag: string;
  lastModified: string;
}

/**
 * The built web files in memory, each checked against its size and mtime on every read (one stat), so a rebuild
 * of web/dist under a running server is picked up at once. Files above `maxBytes` are not kept (null): the
 * caller streams them. A read that fails (the file went away) is null too.
 */
export class FileCache {
  private readonly files = new Map<string, CachedFile & { size: number; mtimeMs: number }>();

  constructor(private readonly maxBytes: number) {}

  get(path: string): CachedFile | null {
    let size: number;
    let mtimeMs: number;
    let mtime: Date;
    try {
      const stat = statSync(path);
      if (!stat.isFile()) return null;
      ({ size, mtimeMs, mtime } = stat);
    } catch {
      return null;
    }
    if (size > this.maxBytes) return null;
    const known = this.files.get(path);
    if (known && known.size === size && known.mtimeMs === mtimeMs) return known;
    let body: Buffer;
    try {
      body = readFileSync(path);
    } catch {
      return null;
    }
    // A file rewritten between the stat and the read is read again on the next request (its mtime moved on).
    const entry = { body, size, mtimeMs, etag: `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`, lastModified: mtime.toUTCString() };
    this.files.set(path, entry);
    return entry;
  }
}
