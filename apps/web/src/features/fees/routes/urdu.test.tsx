import { messages } from '@portal/shared/messages';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '@/lib/i18n';
import { makeStudent, ok, renderApp } from '@test/render-app';
import { quarters, voucher } from './fixtures';

const student = makeStudent();

/**
 * The spec's messages get their Urdu from the `messages` area of ur.json (written with the server's codes);
 * where a text is not there yet, a stand-in lets these tests follow the path a spec message takes.
 */
const standIns = {
  selectPendingQuarter: 'فیس واؤچر بنانے کے لیے براہِ کرم زیرِ التوا سہ ماہی منتخب کریں',
} as const;

beforeEach(async () => {
  await setLocale('ur', { remember: false });
  for (const [code, text] of Object.entries(standIns)) {
    if (i18n.messages[`messages.${code}`] === undefined) i18n.load('ur', { [`messages.${code}`]: text });
  }
});
afterEach(() => setLocale('en', { remember: false }));

describe('the fee pages in Urdu', () => {
  it('shows /payment in Urdu, the spec message too', async () => {
    renderApp('/payment', {
      student,
      api: {
        '/studentapi/getcenterandtime/forquarterchecking': () =>
          ok({ success: true, data: quarters(['Paid', 'Voucher Created', 'Pending', 'Locked', 'Locked']) }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ادائیگیاں' })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'سہ ماہیاں' })).getAllByRole('button');
    expect(cards.map((card) => card.textContent)).toEqual([
      'سہ ماہی 1ادا شدہ',
      'سہ ماہی 2واؤچر بن گیا',
      'سہ ماہی 3زیرِ التوا',
      'سہ ماہی 4مقفل',
      'سہ ماہی 5مقفل',
    ]);
    expect(screen.getByText(i18n._('messages.selectPendingQuarter'))).toBeInTheDocument();
    expect(screen.queryByText(messages.selectPendingQuarter)).not.toBeInTheDocument();
  });

  it('keeps the English of the voucher the bank reads, left to right, with the Urdu beside it', async () => {
    const shown = voucher({ quarter: 'Q2' });
    renderApp({ pathname: '/payment-voucher', state: { voucher: shown, quarter: 'Q2' } }, { student });
    expect(await screen.findByRole('heading', { level: 1, name: /فیس واؤچر/ })).toBeInTheDocument();
    const copy = screen.getByRole('article', { name: 'Head Office Copy / ہیڈ آفس کی نقل' });
    expect(copy).toHaveAttribute('dir', 'ltr');
    expect(copy).toHaveAttribute('lang', 'en');
    expect(within(copy).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Head Office Copy / ہیڈ آفس کی نقل',
    );
    const fee = within(copy).getByText('Rs. 1,500');
    expect(fee.previousElementSibling).toHaveTextContent('Fee / فیس');
    const urduLabel = within(copy).getByText('کنزیومر نمبر');
    expect(urduLabel).toHaveAttribute('lang', 'ur');
    expect(urduLabel.closest('dt')).toHaveTextContent('Consumer number / کنزیومر نمبر');
    expect(within(copy).getByText(shown.consumerNumber)).toBeInTheDocument();
    expect(within(copy).getByText(messages.chooseProgramme)).toBeInTheDocument();
    expect(within(copy).getByText('Fees are non-refundable once paid.')).toBeInTheDocument();
    expect(within(copy).getByText('ادا کی گئی فیس واپس نہیں کی جاتی۔')).toHaveAttribute('lang', 'ur');
    expect(within(copy).getByRole('img', { name: /^QR code of voucher 100001 \/ / })).toHaveAttribute(
      'data-qr-text',
      'student-1_100001_Batch 12_AIC_Q2_Ayesha Khan_Imran Khan_1500',
    );

    const card = screen.getByRole('region', { name: 'Student ID card (Q2) / اسٹوڈنٹ آئی ڈی کارڈ (Q2)' });
    expect(card).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText('Ayesha Khan').previousElementSibling).toHaveTextContent('Name / نام');
    expect(screen.getByRole('button', { name: 'پرنٹ کریں' })).toBeInTheDocument();
  });
});
