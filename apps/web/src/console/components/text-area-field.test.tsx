import { messages } from '@portal/shared/messages';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLocale } from '@/lib/i18n';
import { TextAreaField } from '@/console/components/text-area-field';

beforeEach(() => setLocale('ur', { remember: false }));
afterEach(() => setLocale('en', { remember: false }));

describe('TextAreaField', () => {
  it('shows a spec message in the page’s language, as TextField does, and ties it to the textarea', () => {
    render(<TextAreaField label="Reason" error={messages.moneyReasonRequired} />);
    const urdu = i18n._('messages.moneyReasonRequired');
    expect(urdu).not.toBe(messages.moneyReasonRequired);
    expect(screen.getByRole('alert')).toHaveTextContent(urdu);
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(urdu);
  });

  it('shows a sentence already in that language as it is', () => {
    render(<TextAreaField label="Reason" error="اس تبدیلی کی وجہ لکھیں" />);
    expect(screen.getByRole('alert')).toHaveTextContent('اس تبدیلی کی وجہ لکھیں');
  });
});
