import { describe, it } from 'vitest';
import {
  expectNone,
  look,
  lookAtEveryRoute,
  lookAtLectures,
  voucherStudent,
  type Visit,
} from './support/look';
import { billerJourneyEnv } from './support/server';
import { setTheStage } from './support/stage';

/** The look of the pages of an admitted student with a voucher, and of a paid one (see look.test.ts). */
const stage = setTheStage(billerJourneyEnv);

describe('the look of every student page (axe colour-contrast at 390 × 844 and 1366 × 768): admitted and paid', () => {
  it('an admitted student with an unpaid voucher', { timeout: 300_000 }, async () => {
    const password = 'Mardan#Portal-2026';
    const email = await voucherStudent(stage, password, false);
    const voucher: Visit = async (page, findings) => {
      await page.goto(`${stage.portal.url}/payment`);
      await page.getByRole('button', { name: /Quarter 1/ }).click();
      await page.waitForURL(`${stage.portal.url}/payment-voucher`);
      await look(page, 'voucher-payment-voucher', findings);
    };
    expectNone(await lookAtEveryRoute(stage, 'voucher', email, password, { visits: [voucher] }));
  });

  it('a paid student: the learning pages and a lecture', { timeout: 300_000 }, async () => {
    const password = 'Chitral#Portal-2026';
    const email = await voucherStudent(stage, password, true);
    const editProfile: Visit = async (page, findings) => {
      await page.goto(`${stage.portal.url}/home`);
      await page.getByRole('button', { name: 'Open my profile' }).click();
      await page.getByRole('link', { name: 'Edit Profile' }).click();
      await page.waitForURL(`${stage.portal.url}/profile`);
      await look(page, 'paid-profile-editing', findings);
    };
    // A paid voucher opens as its receipt (issue 24, point 5).
    const receipt: Visit = async (page, findings) => {
      await page.goto(`${stage.portal.url}/payment`);
      await page.getByRole('button', { name: /Quarter 1/ }).click();
      await page.waitForURL(`${stage.portal.url}/payment-voucher`);
      await look(page, 'paid-receipt', findings);
    };
    expectNone([
      ...(await lookAtEveryRoute(stage, 'paid', email, password, { visits: [editProfile, receipt] })),
      ...(await lookAtLectures(stage, email, password)),
    ]);
  });
});
