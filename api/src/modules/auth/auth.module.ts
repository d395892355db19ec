import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempts } from './login-attempts';
import { RevokedSessions } from './revoked-sessions';

@Module({ controllers: [AuthController], providers: [AuthService, LoginAttempts, RevokedSessions] })
export class AuthModule {}
