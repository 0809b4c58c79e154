import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Not in the common-password list the app refuses. */
export const benchPassword = 'Bench#Portal-2026';

/** What the browser sends for a password: the hex SHA-256 of what was typed (API.md). */
export const clientHash = (typed: string): string => createHash('sha256').update(typed).digest('hex');

/** 13 digits with no digit five times in a row (the CNIC rule). */
function randomCnic(): string {
  for (;;) {
    const cnic = String(randomInt(1, 10)) + Array.from({ length: 12 }, () => randomInt(0, 10)).join('');
    if (!/(\d)\1{4}/.test(cnic)) return cnic;
  }
}

async function call(
  baseUrl: string,
  path: string,
  body: unknown,
  expected = 200,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== expected) {
    throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return answer;
}

export interface BenchStudent {
  id: string;
  email: string;
  /** The password as it goes on the wire (hex SHA-256). */
  password: string;
}

/**
 * Signs a student up through the API, reads the verification link from the dev mailbox (the app must run
 * with DEV_MAILBOX=true) and verifies the address, as the student would by clicking the link.
 */
export async function createVerifiedStudent(baseUrl: string): Promise<BenchStudent> {
  const email = `bench-${randomBytes(6).toString('hex')}@example.com`;
  const password = clientHash(benchPassword);
  await call(baseUrl, '/auth/signup', { cnic: randomCnic(), email, password });

  const mailbox = await fetch(`${baseUrl}/dev/mailbox?format=json`);
  if (!mailbox.ok) throw new Error(`GET /dev/mailbox answered ${mailbox.status} (is DEV_MAILBOX=true?)`);
  const { data } = (await mailbox.json()) as { data: { recipient: string; textBody: string }[] };
  const token = data
    .filter((mail) => mail.recipient === email)
    .map((mail) => /\/emailverification\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1])
    .find(Boolean);
  if (!token) throw new Error(`no verification link for ${email} in the dev mailbox`);
  await call(baseUrl, '/auth/verifyemail', { emailVerificationToken: token });

  const { studentData } = await login(baseUrl, email, password);
  return { id: studentData._id, email, password };
}

export async function login(baseUrl: string, email: string, password: string) {
  const answer = await call(baseUrl, '/auth/login', { email, password });
  return answer as { studentData: { _id: string; databaseToken: string; tokenId: string } };
}
