import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';
import { SocketSessions } from './socket-sessions';

@Module({ providers: [RealtimeGateway, ReplayService, SocketSessions] })
export class RealtimeModule {}
