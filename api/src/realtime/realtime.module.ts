import { Module } from '@nestjs/common';
import { LiveOrder } from './live-order';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';
import { SocketSessions } from './socket-sessions';
import { SocketAdmission } from './socket-admission';

@Module({ providers: [RealtimeGateway, ReplayService, LiveOrder, SocketSessions, SocketAdmission] })
export class RealtimeModule {}
