import { Module } from '@nestjs/common';
import { BadgeAwardsService } from './badge-awards.service';
import { BadgeCatalogue } from './badge-catalogue';
import { BadgesController } from './badges.controller';
import { BadgesService } from './badges.service';

@Module({ controllers: [BadgesController], providers: [BadgesService, BadgeAwardsService, BadgeCatalogue], exports: [BadgesService, BadgeAwardsService] })
export class BadgesModule {}
