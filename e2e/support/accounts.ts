import { createHash, randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { mailedLink, type RunningPortal } from './server';

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

export async function signIn(page: Page, portal: RunningPortal, email: string, password: string) {
  await page.goto(`${portal.url}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}
