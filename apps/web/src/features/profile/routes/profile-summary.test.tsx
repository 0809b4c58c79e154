import { messages } from '@portal/shared/messages';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStudent, renderApp } from '@test/render-app';

/** Profile › Info once the profile is complete (issue 24, point 4). */
describe('/profile for a complete profile', () => {
  it("shows the student's own information read-only, in words, with Edit that opens the form", async () => {
    const { user } = renderApp('/profile', { student: makeStudent() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(term('Full name')).toBe('Ayesha Khan');
    expect(term('E-mail')).toBe('ayesha@example.org');
    expect(term('Gender')).toBe('Female');
    expect(await screen.findByText('Sindh', { selector: 'dd' })).toBeInTheDocument();
    expect(term('Laptop')).toBe('Yes');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Edit profile' }));
    expect(
      await screen.findByText('Update your personal information. Your phone number cannot be changed.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Ayesha Khan');
  });

  it('says why there is no Edit when the edit flag is off', async () => {
    renderApp('/profile', { student: makeStudent({ canEditProfile: false }) });
    const card = (await screen.findByRole('heading', { level: 1, name: 'Profile' })).closest('section, div')!;
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
    expect(within(card as HTMLElement).getByText(messages.profileEditDisabled)).toBeInTheDocument();
  });

  it('still sends a student whose documents are not in yet on to /doc-upload', async () => {
    renderApp('/profile', { student: makeStudent({ isDocumentUploaded: false, documents: [] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document Upload' })).toBeInTheDocument();
  });
});
