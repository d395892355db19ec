import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempts } from './login-attempts';
import { RevokedSessions } from './revoked-sessions';
import { VerifyAnswers } from './verify-answers';

@Module({ controllers: [AuthController], providers: [AuthService, LoginAttempts, RevokedSessions, VerifyAnswers] })
export class AuthModule {}
