import { Body, Controller, Delete, Get, Headers, Param, Post } from '@nestjs/common';
import { claimWallSchema, messageResponseSchema, PAIRING_SECRET_HEADER, pairingStatusSchema, wallBoardSchema, wallDisplaySchema, wallPairingSchema, type ClaimWallInput } from '@kpi/contracts';
import { z } from 'zod';
import type { Actor, WallActor } from '../../common/auth/actor';
import { CurrentActor, Public, Roles } from '../../common/auth/decorators';
import { CurrentWall, WallDisplayOnly } from './wall.guard';
import { LimitFailures } from '../../common/rate-limit/failure-limit.interceptor';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard';
import { ZodPipe } from '../../common/validation/zod.pipe';
import { Responds } from '../../common/http/responds';
import { WallsService } from './walls.service';

@Controller('walls')
export class WallsController {
  constructor(private readonly walls: WallsService) {}

  /** A screen asks for a code: no login, so limited per address like sign-in. */
  @Public()
  @RateLimited({ limit: 'wallPairing', by: 'address' })
  @Post('pairings')
  @Responds(wallPairingSchema)
  startPairing() {
    return this.walls.startPairing();
  }

  @Public()
  @Get('pairings/:pairingId')
  @Responds(pairingStatusSchema)
  pairingStatus(@Param('pairingId') pairingId: string, @Headers(PAIRING_SECRET_HEADER) secret?: string) {
    return this.walls.pairingStatus(pairingId, secret);
  }

  @Post('claim')
  @Roles('admin')
  @Responds(wallDisplaySchema, { errors: { 404: 'No display is waiting with this code (wrong, used or expired)' } })
  @LimitFailures('wallClaim')
  claim(@CurrentActor() actor: Actor, @Body(new ZodPipe(claimWallSchema)) body: ClaimWallInput) {
    return this.walls.claim(actor, body);
  }

  @Get()
  @Roles('admin')
  @Responds(z.array(wallDisplaySchema))
  list(@CurrentActor() actor: Actor) {
    return this.walls.list(actor);
  }

  @WallDisplayOnly()
  @Get('me/board')
  @Responds(wallBoardSchema)
  board(@CurrentWall() wall: WallActor) {
    return this.walls.board(wall);
  }

  @Delete(':id')
  @Roles('admin')
  @Responds(messageResponseSchema)
  revoke(@CurrentActor() actor: Actor, @Param('id') id: string) {
    return this.walls.revoke(actor, id);
  }
}
