import { Module } from '@nestjs/common';
import { UserRepositoryModule } from '../users/user-repository.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginAttempts } from './login-attempts';
import { VerifyAnswers } from './verify-answers';

@Module({ imports: [UserRepositoryModule], controllers: [AuthController], providers: [AuthService, LoginAttempts, VerifyAnswers] })
export class AuthModule {}
