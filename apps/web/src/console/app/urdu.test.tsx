import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n';
import { callsTo, makeStaff, renderConsole } from '@test/render-console';

describe('the console in Urdu', () => {
  afterEach(async () => {
    await setLocale('en');
    localStorage.clear();
  });

  it('shows a page, its nav and its form checks in Urdu, right to left, and switches back to English', async () => {
    await setLocale('ur');
    const { user, requests } = renderConsole('/staff/results', { staff: makeStaff('admissions') });

    expect(await screen.findByRole('heading', { name: 'نتائج' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('navigation', { name: 'اسٹاف کنسول' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'جائزہ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'CSV سے نتائج درآمد کریں' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'نتیجہ محفوظ کریں' }));
    expect(await screen.findByText('رول نمبر درج کریں')).toBeInTheDocument();
    expect(screen.getByText('گریڈ درج کریں')).toBeInTheDocument();
    expect(callsTo(requests, 'POST', '/staffapi/results')).toHaveLength(0);

    // The switch names the other language in its own script; the staff member's choice stays on the device.
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeInTheDocument();
    expect(screen.getByText('Enter the roll number')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem('portal.language')).toBe('en');
  });

  it('offers Urdu on the staff sign-in page', async () => {
    const { user } = renderConsole('/staff/signin', { staff: null });
    await user.click(await screen.findByRole('button', { name: 'اردو' }));
    expect(await screen.findByText('اسٹاف کنسول میں سائن اِن')).toBeInTheDocument();
    expect(screen.getByLabelText('ای میل')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'سائن اِن کریں' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('lang', 'ur');
    expect(localStorage.getItem('portal.language')).toBe('ur');
  });
});
