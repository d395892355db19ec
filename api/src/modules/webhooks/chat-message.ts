import { MONTH_NAMES, type EventPayloads, type WebhookKind } from '@kpi/contracts';

/**
 * What a Slack or Teams channel is told of an event (docs/webhooks.md): one readable sentence, in the message
 * format of that product's incoming webhooks. Null when the event is nothing to post (an announcement unpinned).
 */
export type ChatEvent =
  | { type: 'task.scored'; payload: EventPayloads['task.scored'] }
  | { type: 'badge.awarded'; payload: EventPayloads['badge.awarded']; personName: string }
  | { type: 'announcement.pinned'; payload: EventPayloads['announcement.pinned'] }
  | { type: 'leaderboard.generated'; payload: EventPayloads['leaderboard.generated'] }
  | { type: 'webhook.test' };

export function chatSentence(event: ChatEvent): string | null {
  switch (event.type) {
    case 'task.scored': {
      const { task } = event.payload;
      if (!task.scoring) return null;
      return `${task.assignedTo?.name ?? 'Someone'} scored ${formatScore(task.scoring.totalScore)} on '${task.title}'`;
    }
    case 'badge.awarded':
      return `New badge: ${event.payload.userBadge.badge.name} for ${event.personName}`;
    case 'announcement.pinned': {
      const { announcement } = event.payload;
      if (!announcement.isPinned) return null;
      return `Pinned announcement: ${announcement.title}\n${excerpt(announcement.content, 500)}`;
    }
    case 'leaderboard.generated': {
      const { type, period } = event.payload;
      return type === 'monthly' && period.month
        ? `The ${MONTH_NAMES[period.month - 1]} ${period.year} leaderboard is published`
        : `The ${period.year} yearly leaderboard is published`;
    }
    case 'webhook.test':
      return 'KPI Tracker is connected: this channel will hear of scores, badges, pinned announcements and published leaderboards';
  }
}

/** The body an incoming webhook of `kind` takes for one sentence. */
export function chatBody(kind: Exclude<WebhookKind, 'standard'>, sentence: string): unknown {
  if (kind === 'slack') return { text: escapeSlack(sentence) };
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [{ type: 'TextBlock', text: sentence, wrap: true }],
        },
      },
    ],
  };
}

const formatScore = (score: number) => (Math.round(score * 10) / 10).toString();
const excerpt = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** Slack reads &, < and > as markup: a task titled `<!channel>` must not ping a channel. */
const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
