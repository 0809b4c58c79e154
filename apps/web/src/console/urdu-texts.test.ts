import urdu from '@portal/shared/locales/ur.json';
import { describe, expect, it } from 'vitest';
import * as consoleUrdu from './urdu-texts';

describe('the Urdu texts the console adds to the student pages’ (lib/urdu-texts.ts)', () => {
  it('are its own area of ur.json, as written in the file', () => {
    expect(Object.keys(consoleUrdu)).toEqual(['console']);
    expect(consoleUrdu.console).toEqual(urdu.console);
  });
});
