import urdu from '@portal/shared/locales/ur.json';
import { describe, expect, it } from 'vitest';
import * as everyPageUrdu from './urdu-texts';
import * as signedInUrdu from './urdu-student-texts';

describe("the Urdu texts of the student pages (issue 27: the console's third of ur.json stays off them)", () => {
  it("are every area of ur.json but the console's and the e-mails', as written in the file", () => {
    const studentAreas = Object.keys(urdu).filter((area) => area !== 'console' && area !== 'email');
    expect([...Object.keys(everyPageUrdu), ...Object.keys(signedInUrdu)].sort()).toEqual(studentAreas.sort());
    expect(signedInUrdu.courses).toEqual(urdu.courses);
    expect(everyPageUrdu.messages).toEqual(urdu.messages);
  });

  it("leave the signed-in pages' own areas out of what a visitor's page waits for (decision 0073)", () => {
    expect(Object.keys(everyPageUrdu).sort()).toEqual(['auth', 'common', 'messages', 'shell']);
  });
});
