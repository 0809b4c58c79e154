import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { messages } from '@portal/shared/messages';
import type { CaptchaChallenge } from '@portal/shared/schemas/profile';
import type { Db } from '../../db/client';
import { recordVerifiedSolution, spendSolution } from './captcha-repository';
import { badRequest } from '../../lib/http-error';

const lifetimeMs = 10 * 60_000;

/**
 * The self-hosted proof-of-work captcha (ALTCHA): the browser spends a second or two of work, the server
 * checks it with one hash. A solution is verified once, then spent once by the call it protects.
 */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    private readonly hmacKey: string,
    private readonly maxNumber: number,
  ) {}

  async challenge(): Promise<CaptchaChallenge> {
    const challenge = await createChallenge({
      hmacKey: this.hmacKey,
      maxnumber: this.maxNumber,
      expires: new Date(Date.now() + lifetimeMs),
    });
    return { ...challenge, algorithm: 'SHA-256', maxnumber: challenge.maxnumber ?? this.maxNumber };
  }

  /** A solution's identity: its challenge, however the payload around it is encoded. */
  #identity(payload: string): string | undefined {
    try {
      const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
        challenge?: unknown;
        salt?: unknown;
      };
      if (typeof decoded.challenge !== 'string' || typeof decoded.salt !== 'string') return undefined;
      return createHash('sha256').update(`${decoded.salt}|${decoded.challenge}`).digest('base64url');
    } catch {
      return undefined;
    }
  }

  async verify(payload: string): Promise<void> {
    const identity = this.#identity(payload);
    let valid = false;
    try {
      valid = identity !== undefined && (await verifySolution(payload, this.hmacKey, true));
    } catch {
      valid = false;
    }
    if (!valid || !(await recordVerifiedSolution(this.db, identity!, new Date(Date.now() + lifetimeMs)))) {
      throw badRequest(messages.captchaFailed);
    }
  }

  async spend(payload: string | undefined): Promise<void> {
    const identity = payload ? this.#identity(payload) : undefined;
    if (!identity)
      throw badRequest(messages.captchaRequired, { errors: { captcha: messages.captchaRequired } });
    if (!(await spendSolution(this.db, identity))) {
      throw badRequest(messages.captchaFailed, { errors: { captcha: messages.captchaFailed } });
    }
  }
}
