import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, type Limits } from '../../common/rate-limit/limits';
import { RateLimiter, TooManyRequests } from '../../common/rate-limit/rate-limiter';

/**
 * Failed sign-ins per account, counted from every address together (and in Redis across instances): after
 * the limit, that account answers 429 whoever asks, until the window ends. Unknown emails count the same way,
 * so a lock says nothing about whether an account exists.
 */
@Injectable()
export class LoginAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
  ) {}

  async assertNotLocked(email: string): Promise<void> {
    if (await this.limiter.isExhausted(this.limits.loginAccount, email)) {
      throw new TooManyRequests(this.limits.loginAccount.windowMs / 1000, 'Too many failed sign-ins for this account, please try again in 15 minutes');
    }
  }

  failed(email: string): Promise<void> {
    return this.limiter.hit(this.limits.loginAccount, email);
  }

  succeeded(email: string): Promise<void> {
    return this.limiter.reset(this.limits.loginAccount, email);
  }
}
