import { Controller, Get } from '@nestjs/common';
import { Public } from './common/auth/decorators';

/** Liveness for load balancers and the test harness. */
@Controller('health')
export class HealthController {
  @Public()
  @Get()
  health() {
    return { status: 'ok' };
  }
}
