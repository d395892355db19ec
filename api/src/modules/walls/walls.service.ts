import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/knex';
import { formatPairingCode, PAIRING_TTL_MS, type MessageResponse, type PairingStatus, type WallBoard, type WallDisplay as WallDisplayView, type WallPairing as WallPairingView, type ClaimWallInput } from '@kpi/contracts';
import type { Actor, WallActor } from '../../common/auth/actor';
import { AppError, notFound, unauthenticated } from '../../common/errors/app-error';
import { periodRange } from '../../common/periods/periods';
import { Scope } from '../../common/tenancy/scope';
import { UnitOfWork } from '../../events/unit-of-work';
import { AnnouncementRepository } from '../announcements/announcement.repository';
import { Company } from '../companies/company.entity';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { hashSecret, newPairingCode, newPairingSecret, secretMatches } from './pairing-code';
import { WallDisplay } from './wall-display.entity';
import { WallPairing } from './wall-pairing.entity';
import { WallSessionService } from './wall-session.service';
import { toWallDisplayView } from './wall.view';


/** A fresh code clashing with a live one is drawn again; past a few clashes something else is wrong. */
const CODE_ATTEMPTS = 5;
const codeNotFound = () => new AppError('NOT_FOUND', 'Pairing code not found or expired');

/**
 * Wall displays (docs/wall-display.md): a screen asks for a pairing code, an admin claims it for their
 * company, the screen picks up a display token and reads its company's board with it until revoked.
 */
@Injectable()
export class WallsService {
  constructor(
    private readonly em: EntityManager,
    private readonly uow: UnitOfWork,
    private readonly sessions: WallSessionService,
    private readonly leaderboard: LeaderboardService,
    private readonly announcements: AnnouncementRepository,
  ) {}

  /** A new code for a screen (no login). Expired pairings are pruned first, which frees their codes. */
  async startPairing(now = new Date()): Promise<WallPairingView> {
    const em = this.em.fork();
    await em.nativeDelete(WallPairing, { expiresAt: { $lt: now } });
    const secret = newPairingSecret();
    const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
    for (let attempt = 1; ; attempt++) {
      const pairing = em.create(WallPairing, { code: newPairingCode(), secretHash: hashSecret(secret), expiresAt, createdAt: now });
      try {
        await em.flush();
        return { pairingId: pairing.id, code: pairing.code, secret, expiresAt: expiresAt.toISOString() };
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException) || attempt >= CODE_ATTEMPTS) throw err;
        em.clear();
      }
    }
  }

  /**
   * What the screen polling its pairing learns. Without the right secret the pairing does not exist (404),
   * so a code read off a screen is no way to its token.
   */
  async pairingStatus(pairingId: string, secret: string | undefined, now = new Date()): Promise<PairingStatus> {
    const pairing = await this.em.fork().findOne(WallPairing, { id: pairingId }, { populate: ['display', 'display.company'] });
    if (!pairing || !secret || !secretMatches(pairing.secretHash, secret)) throw notFound('Pairing');
    const display = pairing.display;
    if (display && !display.revokedAt) {
      return {
        status: 'paired',
        displayToken: this.sessions.issue({ id: display.id, companyId: display.company.id }),
        display: { _id: display.id, name: display.name },
        company: { name: display.company.name },
      };
    }
    if (display || pairing.expiresAt <= now) return { status: 'expired' };
    return { status: 'pending', expiresAt: pairing.expiresAt.toISOString() };
  }

  /** An admin pairs the screen showing `code` with their company. Each code works once. */
  claim(actor: Actor, input: ClaimWallInput): Promise<WallDisplayView> {
    const companyId = Scope.of(actor).own();
    return this.uow.run(async (em, events) => {
      const now = new Date();
      const pairing = await em.findOne(WallPairing, { code: input.code, display: null, expiresAt: { $gt: now } });
      if (!pairing) throw codeNotFound();
      const display = em.create(WallDisplay, {
        company: em.getReference(Company, companyId),
        name: input.name || `Display ${formatPairingCode(pairing.code)}`,
        createdById: actor.userId,
        createdAt: now,
      });
      await em.flush();
      // Single use even when two admins race for one code: only the update that finds it unclaimed wins,
      // and the loser's display is rolled back with its transaction.
      const claimed = await em.nativeUpdate(WallPairing, { id: pairing.id, display: null }, { display: display.id, claimedAt: now });
      if (!claimed) throw codeNotFound();
      const view = toWallDisplayView(display);
      // The company's other admins' screens, and the audit trail.
      events.record('wall.paired', { kind: 'admins', companyId }, { display: view });
      return view;
    });
  }

  /** The company's paired (not revoked) displays, newest first. */
  async list(actor: Actor): Promise<WallDisplayView[]> {
    const scope = Scope.company(Scope.of(actor).own());
    const displays = await this.em.fork().find(WallDisplay, scope.where({ revokedAt: null }), { orderBy: { createdAt: 'desc', id: 'asc' } });
    return displays.map(toWallDisplayView);
  }

  /** Ends a display: its token stops working and its screen is disconnected at once; the company's admins are told. */
  async revoke(actor: Actor, id: string): Promise<MessageResponse> {
    const scope = Scope.company(Scope.of(actor).own());
    await this.uow.run(async (em, events) => {
      // Another company's display (or one already revoked) answers exactly like a missing one.
      const display = await em.findOne(WallDisplay, scope.where({ id, revokedAt: null }));
      if (!display) throw notFound('Display');
      display.revokedAt = new Date();
      // Its open sockets close once this commits (realtime/disconnects.ts).
      events.notify({ type: 'wall.revoked', payload: { displayId: id } });
      events.record('wall.unpaired', { kind: 'admins', companyId: display.company.id }, { displayId: id }, { before: toWallDisplayView(display) });
    });
    return { message: 'Display revoked successfully' };
  }

  /** Everything the wall shows, for its own company only: the live top 10 and the pinned, current announcements. */
  async board(wall: WallActor, now = new Date()): Promise<WallBoard> {
    const em = this.em.fork();
    const company = await em.findOne(Company, { id: wall.companyId });
    if (!company) throw unauthenticated('This display is no longer paired');
    const live = await this.leaderboard.liveTop10(em, company, now);
    const announcements = await this.announcements.pinnedCurrent(em, Scope.company(company.id), now);
    return {
      company: { name: company.name },
      display: { _id: wall.displayId, name: wall.name },
      period: live.period,
      periodEndsAt: periodRange(company.timeZone, live.period).end.toISOString(),
      top10: live.top10,
      totalExecutives: live.totalExecutives,
      announcements,
    };
  }
}
