import { Global, Module } from '@nestjs/common';
import { CursorCodec } from './cursor-codec';
import { PageInterceptor } from './page';

/** Cursor paging for every list (docs/paging.md). */
@Global()
@Module({ providers: [CursorCodec, PageInterceptor], exports: [CursorCodec, PageInterceptor] })
export class PagingModule {}
