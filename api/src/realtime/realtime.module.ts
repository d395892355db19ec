import { Module } from '@nestjs/common';
import { LiveOrder } from './live-order';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';

@Module({ providers: [RealtimeGateway, ReplayService, LiveOrder] })
export class RealtimeModule {}
