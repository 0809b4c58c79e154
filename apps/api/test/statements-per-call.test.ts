import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, bill, biller, ids, paymentOf } from './enrolment';
import {
  createTestApp,
  mailedToken,
  post,
  postMultipart,
  sha256,
  signUp,
  validProfile,
  verifiedCaptcha,
  type TestApp,
} from './helpers';

/**
 * The statements each call of the admission-day journey sends to PostgreSQL, BEGIN and COMMIT included
 * (issue 27: each is a round trip, a write on the socket and work for the server, paid by every applicant).
 * A call that needs one more must say why here; one that needs fewer lowers its figure.
 */
const budget = {
  signup: 2,
  verifyemail: 1,
  login: 2,
  getinfo: 1,
  updateprofile: 9,
  uploaddocuments: 9,
  apply: 9,
  voucher: 10,
  billpayment: 8,
};

describe.runIf(process.env.TEST_DATABASE_URL)('statements per call of the admission-day journey', () => {
  let app: TestApp;
  let sent: string[] = [];
  // eslint-disable-next-line @typescript-eslint/unbound-method -- pg's own method, called with its client below
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    app = await createTestApp({ KUICKPAY_USERNAME: biller.username, KUICKPAY_PASSWORD: biller.password });
    // Every statement of the pool's clients passes here (db/client.ts's QueryClient hands them to pg's own).
    pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      const text = typeof config === 'string' ? config : (config as { text?: string }).text;
      sent.push(String(text).replace(/\s+/g, ' ').slice(0, 80));
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await app?.close();
  });

  async function counted<T extends { status: number }>(work: () => Promise<T>) {
    sent = [];
    const answer = await work();
    return { answer, statements: sent.length, sent: [...sent] };
  }

  it('is within the budget of each call, and each call succeeds', async () => {
    const { jpeg } = await import('./images');
    const picture = await jpeg();
    const figures: Record<string, number> = {};
    const step = async <T extends { status: number }>(name: keyof typeof budget, work: () => Promise<T>) => {
      const { answer, statements, sent } = await counted(work);
      expect(answer.status, name).toBe(200);
      figures[name] = statements;
      if (statements > budget[name]) console.log(`${name}: ${statements} statements\n  ${sent.join('\n  ')}`);
      return answer;
    };

    let account!: Awaited<ReturnType<typeof signUp>>;
    await step('signup', async () => {
      account = await signUp(app.app);
      return account.response;
    });
    const token = await mailedToken(app.app, account.email, 'emailverification');
    await step('verifyemail', () => post(app.app, '/auth/verifyemail', { emailVerificationToken: token }));
    const login = await step('login', () =>
      post(app.app, '/auth/login', { email: account.email, password: sha256(account.password) }),
    );
    const { databaseToken, _id: studentId } = login.body.studentData as {
      databaseToken: string;
      _id: string;
    };
    await step('getinfo', () => post(app.app, '/studentapi/getinfo', {}, databaseToken));
    const captcha = await verifiedCaptcha(app.app);
    await step('updateprofile', () =>
      postMultipart(
        app.app,
        '/studentapi/updateprofile',
        [
          { name: 'studentId', value: studentId },
          { name: 'data', value: JSON.stringify(validProfile) },
          { name: 'captcha', value: captcha },
          { name: 'image', value: picture, filename: 'me.jpg' },
        ],
        databaseToken,
      ),
    );
    await step('uploaddocuments', () =>
      postMultipart(
        app.app,
        '/studentapi/uploaddocuments',
        [
          { name: 'studentId', value: studentId },
          { name: 'Front CNIC', value: picture, filename: 'f.jpg' },
          { name: 'Back CNIC', value: picture, filename: 'b.jpg' },
          { name: 'Education Document', value: picture, filename: 'e.jpg' },
        ],
        databaseToken,
      ),
    );
    const offer = await ids(app, 'Batch 36', 'Karachi', 'AIC');
    await step('apply', () =>
      post(app.app, '/studentapi/applyCourse', { studentId, ...offer, onsite: false }, databaseToken),
    );
    await admin(app, ['enrolment:set-status', account.email, 'AIC', 'ENTRYTESTPASSED']);
    const voucher = await step('voucher', () =>
      post(
        app.app,
        '/studentapi/generatevoucher/online',
        { data: { studentId, quarter: 'Q1', ...offer } },
        databaseToken,
      ),
    );
    const { consumerNumber, feeAmount } = voucher.body.data as { consumerNumber: string; feeAmount: number };
    const paid = await step('billpayment', () =>
      bill(app, 'BillPayment', paymentOf(consumerNumber, feeAmount, '654321')),
    );
    expect(paid.body.response_Code).toBe('00');

    expect(figures).toEqual(budget);
  });
});
