import { Inject, Injectable } from '@nestjs/common';
import { LIMITS, type Limits } from '../../common/rate-limit/limits';
import { RateLimiter, TooManyRequests } from '../../common/rate-limit/rate-limiter';

/** One sign-in being checked: settle it with `failed()` or `succeeded()` once the password is known. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Failed sign-ins, counted per account (from every address together) and per client address (credential
 * spraying), in Redis across instances. Successes cost nothing: an office of a thousand people behind one
 * address signs in at 9:00 without using up its budget, while a guesser from that address is stopped after
 * `LOGIN_RATE_LIMIT` failures a minute. An attempt counts against its address *while* it is checked and is
 * given back when the password was right, so a burst of parallel guesses cannot all slip past a budget that
 * only their results would have filled. Unknown emails count like known ones, so a lock reveals nothing.
 */
@Injectable()
export class LoginAttempts {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(LIMITS) private readonly limits: Limits,
  ) {}

  async begin(email: string, address: string): Promise<SignInAttempt> {
    const { loginAccount, loginAddress } = this.limits;
    if (await this.limiter.isExhausted(loginAccount, email)) {
      throw new TooManyRequests(loginAccount.windowMs / 1000, 'Too many failed sign-ins for this account, please try again in 15 minutes');
    }
    const retryAfterS = await this.limiter.consumeOrRefund(loginAddress, address);
    if (retryAfterS !== null) throw new TooManyRequests(retryAfterS);
    return {
      failed: () => this.limiter.hit(loginAccount, email),
      succeeded: async () => {
        await this.limiter.unhit(loginAddress, address);
        await this.limiter.reset(loginAccount, email);
      },
    };
  }
}
