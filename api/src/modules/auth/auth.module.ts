import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempts } from './login-attempts';

@Module({ controllers: [AuthController], providers: [AuthService, LoginAttempts] })
export class AuthModule {}
