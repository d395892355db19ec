import type { Announcement, Task, UserBadge } from '@kpi/contracts';
import { chatBody, chatSentence } from './chat-message';

const task = (title: string, total: number | null): Task =>
  ({
    _id: 't1',
    title,
    assignedTo: { _id: 'u1', name: 'Alex Kim', department: 'Sales' },
    scoring: total === null ? null : { qualityScore: 9, timeScore: 9, initiativeScore: 9, totalScore: total, feedback: '', scoredAt: '2026-11-27T10:00:00Z', scoredBy: null },
  }) as Task;

describe('chatSentence', () => {
  it('says who scored what on which task', () => {
    expect(chatSentence({ type: 'task.scored', payload: { task: task('Quarterly report', 9.2333) } })).toBe("Alex Kim scored 9.2 on 'Quarterly report'");
  });

  it('names the badge and its receiver', () => {
    const userBadge = { badge: { _id: 'top-performer', name: 'Top Performer', icon: '', description: '' } } as UserBadge;
    expect(chatSentence({ type: 'badge.awarded', payload: { userId: 'u2', userBadge }, personName: 'Sam Lee' })).toBe('New badge: Top Performer for Sam Lee');
  });

  it('posts a pinned announcement, not an unpinned one', () => {
    const announcement = { title: 'Town hall', content: 'Friday at 4', isPinned: true } as Announcement;
    expect(chatSentence({ type: 'announcement.pinned', payload: { announcement } })).toBe('Pinned announcement: Town hall\nFriday at 4');
    expect(chatSentence({ type: 'announcement.pinned', payload: { announcement: { ...announcement, isPinned: false } } })).toBeNull();
  });

  it('names the published period', () => {
    const generatedAt = '2026-11-01T00:00:00Z';
    expect(chatSentence({ type: 'leaderboard.generated', payload: { type: 'monthly', period: { year: 2026, month: 10 }, generatedAt } })).toBe(
      'The October 2026 leaderboard is published',
    );
    expect(chatSentence({ type: 'leaderboard.generated', payload: { type: 'yearly', period: { year: 2026 }, generatedAt } })).toBe('The 2026 yearly leaderboard is published');
  });
});

describe('chatBody', () => {
  it("escapes Slack's markup so a title cannot ping a channel", () => {
    expect(chatBody('slack', "Alex scored 9 on '<!channel> & more'")).toEqual({ text: "Alex scored 9 on '&lt;!channel&gt; &amp; more'" });
  });

  it('wraps the sentence in an Adaptive Card for Teams', () => {
    const body = chatBody('teams', 'New badge: Podium for Sam Lee') as { attachments: { content: { body: { text: string }[] } }[] };
    expect(body.attachments[0].content.body[0].text).toBe('New badge: Podium for Sam Lee');
  });
});

describe('the test message', () => {
  it('says the channel is connected and what it will hear of', () => {
    expect(chatSentence({ type: 'webhook.test' })).toMatch(/^KPI Tracker is connected/);
  });
});
