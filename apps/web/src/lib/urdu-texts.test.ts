import urdu from '@portal/shared/locales/ur.json';
import { describe, expect, it } from 'vitest';
import * as studentUrdu from './urdu-texts';

describe("the Urdu texts of the student pages (issue 27: the console's third of ur.json stays off them)", () => {
  it("are every area of ur.json but the console's and the e-mails', as written in the file", () => {
    const studentAreas = Object.keys(urdu).filter((area) => area !== 'console' && area !== 'email');
    expect(Object.keys(studentUrdu).sort()).toEqual(studentAreas.sort());
    expect(studentUrdu.courses).toEqual(urdu.courses);
  });
});
