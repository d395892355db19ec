import { Global, Module } from '@nestjs/common';
import { PasswordLinkMail } from '../../common/mail/password-link-mail';
import { UserRepositoryModule } from '../users/user-repository.module';
import { PasswordLinksController } from './password-links.controller';
import { PasswordLinksService } from './password-links.service';

/** Invitations and password resets; `PasswordLinkMail` is the port a mail module plugs its sender into. */
@Global()
@Module({ imports: [UserRepositoryModule], controllers: [PasswordLinksController], providers: [PasswordLinksService, PasswordLinkMail], exports: [PasswordLinksService, PasswordLinkMail] })
export class PasswordLinksModule {}
