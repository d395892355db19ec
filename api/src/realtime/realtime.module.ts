import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';

@Module({ providers: [RealtimeGateway, ReplayService] })
export class RealtimeModule {}
