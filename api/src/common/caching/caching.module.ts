import { Global, Module } from '@nestjs/common';
import { CacheDrops } from './cache-drops';
import { DropRelay } from './drop-relay';

/** The one way cached answers are dropped, on every node (docs/caching.md). */
@Global()
@Module({ providers: [CacheDrops, DropRelay], exports: [CacheDrops] })
export class CachingModule {}
