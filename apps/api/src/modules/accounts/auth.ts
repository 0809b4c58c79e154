import { PROTECTED_ROUTES } from '@portal/shared/constants/routes';
import { defaultLocale, type Locale } from '@portal/shared/i18n';
import { messages } from '@portal/shared/messages';
import {
  emailSchema,
  SIGNUP_ERROR_CODES,
  type LoginRequest,
  type SignupRequest,
} from '@portal/shared/schemas/auth';
import type { SessionStudent } from '@portal/shared/schemas/student';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import {
  consumeEmailToken,
  consumeVerificationToken,
  insertEmailToken,
  retireEmailTokens,
} from './email-tokens-repository';
import { deleteStudentSessions } from './sessions-repository';
import {
  findCredentialsByEmail,
  findLoginAccount,
  findIdentityTaken,
  findPasswordHash,
  insertStudentWithVerification,
  markEmailVerified,
  setPasswordHash,
  setStudentLanguage,
} from '../students/repository';
import { HttpError, badRequest, forbidden } from '../../lib/http-error';
import { hashToken, newToken } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { passwordResetMail, verificationMail } from '../../mail/templates';
import type { Metrics } from '../../services/metrics';
import { isCommonPasswordHash, type PasswordHasher } from './passwords';
import { limits, type LimitCheck, type RateLimiter } from '../../services/rate-limit';
import type { SessionContext, SessionService } from './sessions';
import type { StudentPresenter } from '../students/student-view';

function signupRefusal(status: number, code: keyof typeof SIGNUP_ERROR_CODES, message: string) {
  return new HttpError(status, message, { errorCode: SIGNUP_ERROR_CODES[code] });
}

/** The account rules of the spec: sign-up, verification, sign-in, sign-out and both password changes. */
export class AuthService {
  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      passwords: PasswordHasher;
      sessions: SessionService;
      limiter: RateLimiter;
      mailer: Mailer;
      metrics: Metrics;
      presenter: StudentPresenter;
    },
  ) {}

  async signup(input: SignupRequest, address: string): Promise<void> {
    const { db, limiter, passwords, mailer, metrics } = this.deps;
    await limiter.consume([
      [limits.signupAddress, address],
      [limits.signupIdentity, input.email],
      [limits.signupIdentity, input.cnic],
    ]);
    if (isCommonPasswordHash(input.password)) {
      throw badRequest(messages.commonPassword, {
        errorCode: SIGNUP_ERROR_CODES.invalidInput,
        errors: { password: messages.commonPassword },
      });
    }
    this.#refuseTaken(await findIdentityTaken(db, input.cnic, input.email));

    const passwordHash = await passwords.hash(input.password);
    const language = input.language ?? defaultLocale;
    const verification = this.#verification(input.email, language);
    const created = await insertStudentWithVerification(
      db,
      { cnic: input.cnic, email: input.email, passwordHash, language },
      verification.token,
      verification.mail,
    );
    if ('conflict' in created) {
      // Another sign-up with the same CNIC or e-mail won the race between our check and our insert.
      this.#refuseTaken(await findIdentityTaken(db, input.cnic, input.email));
      throw signupRefusal(
        409,
        created.conflict === 'email' ? 'emailTaken' : 'cnicTaken',
        created.conflict === 'email' ? messages.emailTaken : messages.cnicTaken,
      );
    }
    mailer.queued(verification.mail);
    mailer.nudge();
    metrics.registrations.inc();
  }

  #refuseTaken(taken: Awaited<ReturnType<typeof findIdentityTaken>>) {
    if (taken.email) {
      throw taken.email.emailVerifiedAt
        ? signupRefusal(409, 'emailTaken', messages.emailTaken)
        : signupRefusal(409, 'emailUnverified', messages.emailUnverified);
    }
    if (taken.cnic) throw signupRefusal(409, 'cnicTaken', messages.cnicTaken);
  }

  /** A new verification token (its hash, to store) and the e-mail that carries its link. */
  #verification(email: string, language: Locale) {
    const { config } = this.deps;
    const token = newToken();
    const minutes = config.tokens.verifyHours * 60;
    const link = `${config.publicUrl}/emailverification/${token}`;
    return {
      token: {
        tokenHash: hashToken(config.secrets.sessionSecret, token),
        expiresAt: new Date(Date.now() + minutes * 60_000),
      },
      mail: verificationMail(email, link, minutes, language),
    };
  }

  async #sendVerification(tx: Executor, studentId: string, email: string, language: Locale) {
    const { token, mail } = this.#verification(email, language);
    await insertEmailToken(tx, { studentId, purpose: 'verify', ...token });
    await this.deps.mailer.queue(tx, mail);
  }

  async verifyEmail(token: string): Promise<void> {
    const { db, config, metrics } = this.deps;
    const verified = await consumeVerificationToken(db, hashToken(config.secrets.sessionSecret, token));
    if (!verified) throw badRequest(messages.verifyFailure);
    metrics.verifications.inc();
  }

  /** The same answer for every address: whether an account exists is not told here. */
  async resendVerification(email: string, address: string): Promise<void> {
    const { db, limiter, mailer } = this.deps;
    await limiter.consume([
      [limits.resendAddress, address],
      [limits.resendAccount, email],
    ]);
    const account = await findCredentialsByEmail(db, email);
    if (!account || account.emailVerifiedAt) return;
    await db.transaction((tx) => this.#sendVerification(tx, account.id, email, account.language));
    mailer.nudge();
  }

  async login(
    input: LoginRequest,
    address: string,
  ): Promise<{ studentData: SessionStudent; routes: string[] }> {
    const { db, limiter, passwords, sessions, metrics, presenter } = this.deps;
    // An address that is not one cannot be an account: refused before any query or limit counts it.
    if (!emailSchema.safeParse(input.email).success) throw badRequest(messages.loginInvalidInput);
    const checks: LimitCheck[] = [
      [limits.loginAccountAddress, `${input.email}|${address}`],
      [limits.loginAccount, input.email],
      [limits.loginAddressFailures, address],
    ];
    try {
      await limiter.consume(checks);
    } catch (error) {
      metrics.logins.inc({ outcome: 'limited' });
      throw error;
    }
    const account = await findLoginAccount(db, input.email);
    const valid = account
      ? await passwords.verify(account.passwordHash, input.password)
      : await passwords.verifyNothing(input.password);
    if (!account || !valid) {
      metrics.logins.inc({ outcome: 'failed' });
      throw badRequest(messages.loginWrongCredentials);
    }
    // Only failures count: the right password gives its attempt back, and clears this account and address.
    await Promise.all([limiter.clear(checks.slice(0, 1)), limiter.refund(checks.slice(1))]);
    // Only someone who knows the password learns that the address is not verified yet.
    if (!account.emailVerifiedAt) {
      metrics.logins.inc({ outcome: 'unverified' });
      throw forbidden(messages.verifyYourEmail);
    }
    const session = await sessions.create(account.id);
    metrics.logins.inc({ outcome: 'success' });
    return {
      studentData: {
        ...presenter.present(account),
        databaseToken: session.token,
        tokenId: session.sessionId,
      },
      routes: [...PROTECTED_ROUTES],
    };
  }

  async logout(session: SessionContext, tokenId: string): Promise<void> {
    if (tokenId !== session.sessionId) throw forbidden(messages.forbidden);
    await this.deps.sessions.revoke(session.sessionId);
  }

  /** The same answer whether or not the address has an account (no enumeration). */
  async forgotPassword(email: string, address: string): Promise<void> {
    const { db, config, limiter, mailer } = this.deps;
    await limiter.consume([
      [limits.forgotAddress, address],
      [limits.forgotAccount, email],
    ]);
    const account = await findCredentialsByEmail(db, email);
    if (!account) return;
    const token = newToken();
    const minutes = config.tokens.resetMinutes;
    const link = `${config.publicUrl}/resetpassword/${token}`;
    await db.transaction(async (tx) => {
      await retireEmailTokens(tx, account.id, 'reset');
      await insertEmailToken(tx, {
        studentId: account.id,
        purpose: 'reset',
        tokenHash: hashToken(config.secrets.sessionSecret, token),
        expiresAt: new Date(Date.now() + minutes * 60_000),
      });
      await mailer.queue(tx, passwordResetMail(email, link, minutes, account.language));
    });
    mailer.nudge();
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const { db, config, passwords } = this.deps;
    if (isCommonPasswordHash(password)) throw badRequest(messages.commonPassword);
    const passwordHash = await passwords.hash(password);
    const done = await db.transaction(async (tx) => {
      const studentId = await consumeEmailToken(tx, hashToken(config.secrets.sessionSecret, token), 'reset');
      if (!studentId) return false;
      await setPasswordHash(tx, studentId, passwordHash);
      await retireEmailTokens(tx, studentId, 'reset');
      // The link came to the inbox, which is what verification proves.
      await markEmailVerified(tx, studentId);
      await deleteStudentSessions(tx, studentId);
      return true;
    });
    if (!done) throw badRequest(messages.resetInvalidLink);
  }

  async changePassword(session: SessionContext, oldPassword: string, newPassword: string, address: string) {
    const { db, passwords, limiter } = this.deps;
    const studentId = session.student.id;
    const guesses: LimitCheck[] = [[limits.loginAccountAddress, `${session.student.email}|${address}`]];
    await limiter.consume(guesses);
    const stored = await findPasswordHash(db, studentId);
    if (!stored || !(await passwords.verify(stored, oldPassword)))
      throw badRequest(messages.changeWrongOldPassword);
    await limiter.refund(guesses);
    if (isCommonPasswordHash(newPassword)) throw badRequest(messages.commonPassword);
    const passwordHash = await passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, studentId, passwordHash);
      await deleteStudentSessions(tx, studentId);
    });
  }

  /** The language the student reads the portal in: the portal's e-mails to them are written in it. */
  async setLanguage(session: SessionContext, language: Locale): Promise<void> {
    await setStudentLanguage(this.deps.db, session.student.id, language);
  }
}
