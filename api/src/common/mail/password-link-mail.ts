import { Injectable, Logger } from '@nestjs/common';
import type { PasswordLinkPurpose } from '@kpi/contracts';

/** One invitation or reset link to deliver to its owner. */
export interface PasswordLinkMessage {
  purpose: PasswordLinkPurpose;
  to: string;
  name: string;
  companyName: string | null;
  link: string;
  expiresAt: Date;
}

/** What actually sends mail (SMTP, a provider's API): answers once the message was handed over. */
export interface PasswordLinkSender {
  send(message: PasswordLinkMessage): Promise<void>;
}

/**
 * The port through which invitation and reset links leave by mail. Nothing is plugged in by default: then an
 * admin copies an invitation link from the screen, and "forgot password" has nobody to send its link to (the
 * answer is the same either way). A mail module plugs its sender in with `use()` when it starts.
 */
@Injectable()
export class PasswordLinkMail {
  private readonly logger = new Logger('PasswordLinkMail');
  private sender: PasswordLinkSender | null = null;

  use(sender: PasswordLinkSender | null): void {
    this.sender = sender;
  }

  get configured(): boolean {
    return this.sender !== null;
  }

  /** True when the message was handed to the sender; a failure is logged (never the link) and answers false. */
  async send(message: PasswordLinkMessage): Promise<boolean> {
    if (!this.sender) return false;
    try {
      await this.sender.send(message);
      return true;
    } catch (err) {
      this.logger.warn(`could not send the ${message.purpose} link: ${(err as Error).message}`);
      return false;
    }
  }
}
