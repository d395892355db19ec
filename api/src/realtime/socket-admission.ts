import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { Actor } from '../common/auth/actor';
import { LIMITS, type Limits } from '../common/rate-limit/limits';
import { RateLimiter } from '../common/rate-limit/rate-limiter';
import { ReplayService, type ReplayResult } from './replay.service';
import { streamFor } from './rooms-for';

type TrustFn = (address: string, hop: number) => boolean;

/**
 * The client's address as Express's `req.ip` gives it (TRUST_PROXY decides how far X-Forwarded-For is believed):
 * walk from the socket's peer outwards while each hop is a trusted proxy.
 */
export function clientAddress(req: IncomingMessage, trust: TrustFn | undefined): string {
  const peer = req.socket?.remoteAddress ?? 'unknown';
  if (!trust) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean).reverse();
  const chain = [peer, ...forwarded];
  for (let hop = 0; hop < chain.length - 1; hop++) if (!trust(chain[hop], hop)) return chain[hop];
  return chain[chain.length - 1];
}

/**
 * What a socket is let in to: refused handshakes per address, handshakes per user, and replays per user (a
 * reconnect loop must not become a lever); the replay itself leaves out what was deleted since (replay.service.ts).
 */
@Injectable()
export class SocketAdmission {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
    private readonly http: HttpAdapterHost,
    private readonly replay: ReplayService,
  ) {}

  /**
   * A refused handshake (no token, a bad or expired one) counts against its address; past the budget the
   * address is refused before its token is even read. A valid token is never refused for its address (an
   * office after a deploy reconnects together), only for its own reconnect loop: handshakes per user or display.
   */
  async addressBlocked(socket: Socket): Promise<boolean> {
    return this.limiter.isExhausted(this.limits.handshakeAddress, this.addressOf(socket));
  }

  async refused(socket: Socket): Promise<void> {
    await this.limiter.hit(this.limits.handshakeAddress, this.addressOf(socket));
  }

  admitsIdentity(id: string): Promise<boolean> {
    return this.limiter.allows(this.limits.handshakeUser, id);
  }

  private addressOf(socket: Socket): string {
    const express = this.http.httpAdapter?.getInstance<{ get?(key: string): unknown }>();
    const trust = express?.get?.('trust proxy fn') as TrustFn | undefined;
    return clientAddress(socket.request, trust);
  }

  /** The replay, unless this user already had their share this minute: then `resync`, and the client refetches. */
  async missedBy(actor: Actor, since: number | undefined): Promise<ReplayResult> {
    if (since !== undefined && !(await this.limiter.allows(this.limits.replayUser, actor.userId))) {
      return { kind: 'resync', seq: await this.replay.head(streamFor(actor)) };
    }
    return this.replay.missedBy(actor, since);
  }
}
