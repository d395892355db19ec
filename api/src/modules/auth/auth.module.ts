import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempts } from './login-attempts';
import { VerifyAnswers } from './verify-answers';

@Module({ controllers: [AuthController], providers: [AuthService, LoginAttempts, VerifyAnswers] })
export class AuthModule {}
