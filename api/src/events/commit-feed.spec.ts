import { Logger } from '@nestjs/common';
import { CommitFeed, type Committed } from './commit-feed';

describe('CommitFeed', () => {
  const committed: Committed = { events: [], notices: [{ type: 'wall.revoked', payload: { displayId: 'd1' } }] };

  it('hands each commit to every listener, in the order they listened, even past one that throws', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const feed = new CommitFeed();
    const seen: string[] = [];
    feed.listen((c) => seen.push(`first ${c.notices.length}`));
    feed.listen(() => {
      throw new Error('broken listener');
    });
    feed.listen((c) => {
      const [notice] = c.notices;
      if (notice.type === 'wall.revoked') seen.push(`third ${notice.payload.displayId}`);
    });
    feed.deliver(committed);
    expect(seen).toEqual(['first 1', 'third d1']);
    expect(logged).toHaveBeenCalledWith('a listener of committed events failed: broken listener');
  });
});
