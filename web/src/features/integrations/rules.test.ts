import { CHAT_EVENT_TYPES, WEBHOOK_EVENT_TYPES } from '@kpi/contracts';
import { describe, expect, it } from 'vitest';
import { allowedFor, attemptOutcome, endpointState, eventTypesFor, parseSeq } from './rules';

describe('integrations rules', () => {
  it('offers chat channels only the chat event types, and drops the others when a new endpoint becomes one', () => {
    expect(eventTypesFor('standard')).toEqual(WEBHOOK_EVENT_TYPES);
    expect(eventTypesFor('slack')).toEqual(CHAT_EVENT_TYPES);
    expect(eventTypesFor('teams')).toEqual(CHAT_EVENT_TYPES);
    expect(allowedFor('slack', ['task.assigned', 'task.scored', 'badge.awarded'])).toEqual(['task.scored', 'badge.awarded']);
    expect(allowedFor('standard', ['task.assigned', 'task.scored'])).toEqual(['task.assigned', 'task.scored']);
  });

  it('says an endpoint is paused (with the reason), failing (with the next retry) or active', () => {
    const base = { active: true, pausedReason: null, failures: 0, nextAttemptAt: null };
    expect(endpointState(base)).toEqual({ state: 'active' });
    expect(endpointState({ ...base, active: false })).toEqual({ state: 'paused', reason: 'Paused by an admin' });
    expect(endpointState({ ...base, active: false, pausedReason: 'The receiver answered 410 Gone' })).toEqual({ state: 'paused', reason: 'The receiver answered 410 Gone' });
    expect(endpointState({ ...base, failures: 2, nextAttemptAt: '2026-11-27T18:00:00.000Z' })).toEqual({ state: 'failing', failures: 2, nextAttemptAt: '2026-11-27T18:00:00.000Z' });
  });

  it('describes an attempt by its error, else its status', () => {
    expect(attemptOutcome({ succeeded: true, statusCode: 200, error: null })).toBe('Delivered (200)');
    expect(attemptOutcome({ succeeded: false, statusCode: 500, error: null })).toBe('Answered 500');
    expect(attemptOutcome({ succeeded: false, statusCode: null, error: 'Timed out after 10 s' })).toBe('Timed out after 10 s');
    expect(attemptOutcome({ succeeded: false, statusCode: null, error: null })).toBe('No answer');
  });

  it('reads a sequence number typed into the replay form', () => {
    expect(parseSeq(' 42 ')).toBe(42);
    expect(parseSeq('0')).toBeNull();
    expect(parseSeq('1.5')).toBeNull();
    expect(parseSeq('-3')).toBeNull();
    expect(parseSeq('')).toBeNull();
  });
});
