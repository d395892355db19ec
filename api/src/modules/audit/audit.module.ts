import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditPruner } from './audit-pruner';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditSink } from './audit-sink';

/** The audit trail (docs/audit.md): entries written by the outbox's sink, read, exported and verified here. */
@Module({
  controllers: [AuditController],
  providers: [AuditSink, AuditService, AuditRepository, AuditPruner],
})
export class AuditModule {}
