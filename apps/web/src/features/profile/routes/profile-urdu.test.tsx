import { messages } from '@portal/shared/messages';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '@/lib/i18n';
import { makeStudent, renderApp } from '@test/render-app';

/** A student who has just verified the e-mail: nothing of the profile filled in yet. */
const student = makeStudent({
  fullName: null,
  fatherName: null,
  gender: null,
  dob: null,
  phoneNumber: null,
  homeAddress: null,
  lastQualification: null,
  province: null,
  city: null,
  haveLaptop: null,
  imageUrl: null,
  isProfileComplete: false,
  isDocumentUploaded: false,
  documents: [],
});

/**
 * The spec's messages get their Urdu from the `messages` area of ur.json (written with the server's codes);
 * where a text is not there yet, a stand-in lets this test follow the path a form check's message takes.
 */
const standIns = { fullNameShort: 'براہِ کرم اپنا پورا نام لکھیں۔' } as const;

beforeAll(async () => {
  // The route loads lazily; compiling it on first use can outlast a query's wait on a busy machine.
  await import('./profile');
});

beforeEach(async () => {
  await setLocale('ur', { remember: false });
  for (const [code, text] of Object.entries(standIns)) {
    if (i18n.messages[`messages.${code}`] === undefined) i18n.load('ur', { [`messages.${code}`]: text });
  }
});
afterEach(() => setLocale('en', { remember: false }));

describe('/profile in Urdu', () => {
  it('asks in Urdu, keeps the values it sends, and says what is wrong in Urdu', async () => {
    const { user } = renderApp('/profile', { student });
    expect(await screen.findByRole('heading', { level: 1, name: 'پروفائل' })).toBeInTheDocument();
    expect(await screen.findByText('سفید یا نیلا پس منظر', {}, { timeout: 5000 })).toBeInTheDocument();

    // Gender: Urdu labels, the values the server knows.
    expect(screen.getByRole('group', { name: 'جنس' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'خاتون' })).toHaveAttribute('value', 'female');
    expect(screen.getByRole('radio', { name: 'مرد' })).toHaveAttribute('value', 'male');

    // Selects: an Urdu placeholder; the reference lists' values (and their names) as the server gives them.
    const province = screen.getByLabelText('صوبہ');
    expect(province).toHaveDisplayValue('براہِ کرم صوبہ منتخب کریں');
    await user.selectOptions(province, 'sindh');
    expect(province).toHaveDisplayValue('Sindh');
    expect(screen.getByLabelText('شہر')).toHaveDisplayValue('براہِ کرم شہر منتخب کریں');

    // A check of the spec (the form's zod schema) shows its message in Urdu.
    const fullName = screen.getByLabelText('پورا نام');
    await user.type(fullName, 'A');
    await user.clear(fullName);
    await user.tab();
    expect(await screen.findByText(i18n._('messages.fullNameShort'))).toBeInTheDocument();
    expect(fullName).toHaveAccessibleDescription(i18n._('messages.fullNameShort'));
    expect(screen.queryByText(messages.fullNameShort)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'میں روبوٹ نہیں ہوں' })).toBeInTheDocument();
  });
});
