import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';
import { SocketSessions } from './socket-sessions';
import { HandshakeLimits } from './handshake-limits';

@Module({ providers: [RealtimeGateway, ReplayService, SocketSessions, HandshakeLimits] })
export class RealtimeModule {}
