import { averageOf } from './average';

describe('averageOf', () => {
  it.each([
    [{ sum: 0, count: 0 }, 0],
    [{ sum: 25.2, count: 3 }, 8.4],
    [{ sum: 22.4, count: 3 }, 7.5],
    [{ sum: 10, count: 3 }, 3.3],
    // An exact half-tenth rounds up whichever way the database's floating-point sum came out.
    [{ sum: 88.2, count: 12 }, 7.4],
    [{ sum: 88.19999999999999, count: 12 }, 7.4],
    [{ sum: 88.1, count: 12 }, 7.3],
  ])('average of %p is %p', (s, expected) => expect(averageOf(s)).toBe(expected));
});
