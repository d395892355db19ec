import { Global, Module } from '@nestjs/common';
import { CursorCodec } from './cursor-codec';

/** Cursor paging for every list (docs/paging.md). */
@Global()
@Module({ providers: [CursorCodec], exports: [CursorCodec] })
export class PagingModule {}
