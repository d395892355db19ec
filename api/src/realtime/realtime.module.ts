import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';
import { SocketSessions } from './socket-sessions';
import { SocketAdmission } from './socket-admission';

@Module({ providers: [RealtimeGateway, ReplayService, SocketSessions, SocketAdmission] })
export class RealtimeModule {}
