import { Module } from '@nestjs/common';
import { WallsModule } from '../modules/walls/walls.module';
import { EventPublisher } from './event-publisher';
import { LiveOrder } from './live-order';
import { LiveRelay } from './live-relay';
import { RealtimeGateway } from './realtime.gateway';
import { ReplayService } from './replay.service';
import { SocketSessions } from './socket-sessions';
import { SocketAdmission } from './socket-admission';

/** The Socket.IO edge: publishes what the outbox commits, admits and replays sockets, closes the ones a change ends. */
@Module({ imports: [WallsModule], providers: [RealtimeGateway, EventPublisher, ReplayService, LiveOrder, LiveRelay, SocketSessions, SocketAdmission] })
export class RealtimeModule {}
