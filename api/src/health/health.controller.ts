import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { healthSchema, type Health } from '@kpi/contracts';
import { Public } from '../common/auth/decorators';
import { Responds } from '../common/http/responds';
import { HealthService } from './health.service';

/** For load balancers, orchestrators and the test harness: 503 as soon as a dependency stops answering. */
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Public()
  @Get()
  @Responds(healthSchema, { errors: { 503: 'The database or Redis does not answer; the body (this schema) names which' } })
  async check(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.health.check();
    res.status(health.status === 'ok' ? 200 : 503);
    return health;
  }
}
