import { redisUrlForLog } from './redis-io.adapter';

describe('the Redis URL in log lines', () => {
  it.each([
    ['redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
    ['redis://:s3cret@cache:6379/2', 'redis://:***@cache:6379/2'],
    ['rediss://kpi:s3cret@cache.example.com:6380', 'rediss://kpi:***@cache.example.com:6380'],
  ])('%s is logged as %s', (url, logged) => expect(redisUrlForLog(url)).toBe(logged));
});
