import { beforeEach, describe, expect, it } from 'vitest';
import { makeStudent } from '@test/render-app';
import { publicSettings } from '@portal/shared/calls/profile';
import { firstFromArrived, queryClient } from './query-client';
import { endSession, startSession, updateStudent } from './session';

const key = ['lectures', 'topics', 'lesson-1'];

describe('the query cache follows the session', () => {
  beforeEach(() => {
    startSession({ studentData: makeStudent({ _id: 'student-a' }), routes: [] });
    queryClient.setQueryData(key, ['student A’s progress']);
  });

  it('keeps the answers while the same student is signed in, even when the stored student changes', () => {
    const { databaseToken: _t, tokenId: _i, ...student } = makeStudent({ _id: 'student-a', fullName: 'New' });
    updateStudent(student);
    expect(queryClient.getQueryData(key)).toEqual(['student A’s progress']);
  });

  it('drops every answer when the session ends', () => {
    endSession('logout');
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });

  it('drops every answer when another student signs in', () => {
    startSession({ studentData: makeStudent({ _id: 'student-b' }), routes: [] });
    expect(queryClient.getQueryData(key)).toBeUndefined();
  });
});

describe('a query whose first data may be the answer asked for as the page opened', () => {
  it('has none when nothing was asked early', () => {
    expect(firstFromArrived(publicSettings, {}, (answer) => answer).initialData()).toBeUndefined();
  });

  it('counts that answer as fresh for 10 s, and what it fetches itself as its own staleTime says', () => {
    const { staleTime } = firstFromArrived(publicSettings, {}, (answer) => answer);
    expect(staleTime({ state: { dataUpdateCount: 0 } })).toBe(10_000);
    expect(staleTime({ state: { dataUpdateCount: 1 } })).toBe(0);
    const kept = firstFromArrived(publicSettings, {}, (answer) => answer, Infinity).staleTime;
    expect(kept({ state: { dataUpdateCount: 0 } })).toBe(Infinity);
    expect(kept({ state: { dataUpdateCount: 3 } })).toBe(Infinity);
  });
});
