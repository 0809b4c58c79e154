import { createHash, randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { mailedLink, runAdmin, type RunningPortal } from './server';

export function newCnic(): string {
  let cnic = '';
  while (cnic.length < 13) {
    const digit = String(randomInt(10));
    if (!cnic.endsWith(digit.repeat(4))) cnic += digit;
  }
  return cnic;
}

export function newEmail(): string {
  return `e2e.${Date.now()}.${randomInt(1e6)}@example.pk`;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A verified account made through the API, for journeys that start after sign-up. */
export async function verifiedAccount(portal: RunningPortal, password: string): Promise<string> {
  const email = newEmail();
  const response = await fetch(`${portal.url}/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cnic: newCnic(), email, password: sha256(password) }),
  });
  if (response.status !== 200) throw new Error(`signup failed: ${response.status}`);
  const token = (await mailedLink(portal, email, 'emailverification')).split('/').pop();
  await fetch(`${portal.url}/auth/verifyemail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailVerificationToken: token }),
  });
  return email;
}

export async function signIn(
  page: Page,
  portal: RunningPortal,
  email: string,
  password: string,
  say: (english: string) => string = (english) => english,
) {
  await page.goto(`${portal.url}/`);
  await page.getByLabel(say('Email')).fill(email);
  await page.getByLabel(say('Password')).fill(password);
  await page.getByRole('button', { name: say('Login') }).click();
}

/** POST a JSON call of API.md (with the student's token when given) and read the answer. */
export async function callApi(portal: RunningPortal, path: string, body: unknown, token?: string) {
  const response = await fetch(`${portal.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, any>;
}

/** Solves the captcha as the page's worker does. */
async function captcha(portal: RunningPortal): Promise<string> {
  const challenge = (await (await fetch(`${portal.url}/captcha/challenge`)).json()) as Record<string, any>;
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (sha256(`${challenge.salt}${number}`) === challenge.challenge) {
      const payload = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
      await callApi(portal, '/captcha/verify', { recaptchaToken: payload });
      return payload;
    }
  }
  throw new Error('captcha not solved');
}

/** A verified account with its profile and three documents done through the API: ready for /courses. */
export async function onboardedAccount(
  portal: RunningPortal,
  password: string,
  gender: 'male' | 'female' = 'female',
) {
  const email = await verifiedAccount(portal, password);
  const login = await callApi(portal, '/auth/login', { email, password: sha256(password) });
  const token = login.studentData.databaseToken as string;
  const studentId = login.studentData._id as string;
  const { documentPicture, portrait } = await import('./pictures');
  const send = async (path: string, parts: Record<string, string | Buffer>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, new Blob([new Uint8Array(value)], { type: 'image/jpeg' }), `${name}.jpg`);
    }
    const response = await fetch(`${portal.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 200) throw new Error(`${path} failed: ${await response.text()}`);
  };
  await send('/studentapi/updateprofile', {
    studentId,
    captcha: await captcha(portal),
    data: JSON.stringify({
      fullName: gender === 'female' ? 'Sana Baloch' : 'Bilal Ahmed',
      fatherName: 'Karim Baloch',
      homeAddress: 'Flat 7, Block 13-D, Gulshan-e-Iqbal, Karachi',
      dob: '2002-03-09',
      gender,
      lastQualification: 'Graduate',
      province: 'sindh',
      city: 'Karachi',
      phoneNumber: '03211234567',
      haveLaptop: true,
      isEditing: false,
    }),
    image: await portrait(),
  });
  await send('/studentapi/uploaddocuments', {
    studentId,
    'Front CNIC': await documentPicture('CNIC front'),
    'Back CNIC': await documentPicture('CNIC back'),
    'Education Document': await documentPicture('Degree'),
  });
  return email;
}

/** An onboarded student who applied to AIC in Batch 36 (Karachi) and waits for the entry test. */
export async function appliedAccount(
  portal: RunningPortal,
  password: string,
  options: { gender?: 'male' | 'female'; onsite: boolean },
) {
  const email = await onboardedAccount(portal, password, options.gender);
  const login = await callApi(portal, '/auth/login', { email, password: sha256(password) });
  const token = login.studentData.databaseToken as string;
  const studentId = login.studentData._id as string;
  const available = await callApi(portal, '/studentapi/getcourse/availableCourses', {}, token);
  const batch = available.data.find(
    (b: { city: string; name: string }) => b.city === 'Karachi' && b.name === 'Batch 36',
  );
  const course = batch.courses.find((c: { initial: string }) => c.initial === 'AIC');
  const applied = await callApi(
    portal,
    '/studentapi/applyCourse',
    { studentId, batchId: batch._id, courseId: course._id, onsite: options.onsite },
    token,
  );
  if (!applied.success) throw new Error(`apply failed: ${JSON.stringify(applied)}`);
  return { email, token, studentId, batchId: batch._id as string, courseId: course._id as string };
}

/**
 * An onboarded account that applied to AIC in Batch 36 (Karachi) and passed the entry test (staff command):
 * ready to pay fees. Answers its e-mail, token and ids.
 */
export async function admittedAccount(
  portal: RunningPortal,
  password: string,
  options: { gender?: 'male' | 'female'; onsite: boolean },
) {
  const account = await appliedAccount(portal, password, options);
  await runAdmin(portal, 'enrolment:set-status', account.email, 'AIC', 'ENTRYTESTPASSED');
  return account;
}

/**
 * An admitted AIC student of Batch 36 Karachi with the online Q1 voucher generated; with `paid`, paid through
 * the biller (as the aggregator would) and given a Q1 result, so the learning pages open.
 */
export async function voucherAccount(portal: RunningPortal, password: string, options: { paid: boolean }) {
  const { email, token, studentId, batchId, courseId } = await admittedAccount(portal, password, {
    onsite: false,
  });
  const voucher = await callApi(
    portal,
    '/studentapi/generatevoucher/online',
    { data: { studentId, quarter: 'Q1', batchId, courseId } },
    token,
  );
  if (!voucher.success) throw new Error(`voucher failed: ${JSON.stringify(voucher)}`);
  if (!options.paid) return { email, payment: undefined };
  // What the staff command printed for the payment: the caller checks the biller's answer.
  const payment = await runAdmin(portal, 'voucher:simulate-payment', voucher.data.consumerNumber);
  await runAdmin(portal, 'result:set', email, 'AIC', 'Q1', '--grade', 'A', '--percentile', '88', '--passed');
  return { email, payment };
}
