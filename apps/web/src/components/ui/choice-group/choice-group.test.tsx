import { messages } from '@portal/shared/messages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Choice, ChoiceGroup } from '@/components/ui/choice-group';
import { i18n, setLocale } from '@/lib/i18n';

describe('ChoiceGroup', () => {
  it('is described by its hint, and by its message once there is one', () => {
    const { rerender } = render(
      <ChoiceGroup legend="How will you attend?" hint="Onsite classes are not open to you.">
        <Choice name="mode" value="online" label="Online" />
      </ChoiceGroup>,
    );
    const group = screen.getByRole('group', { name: 'How will you attend?' });
    expect(group).toHaveAccessibleDescription('Onsite classes are not open to you.');
    expect(group).not.toHaveAttribute('aria-invalid');

    rerender(
      <ChoiceGroup
        legend="How will you attend?"
        hint="Onsite classes are not open to you."
        error="Please choose how you will attend"
      >
        <Choice name="mode" value="online" label="Online" />
      </ChoiceGroup>,
    );
    expect(group).toHaveAccessibleDescription(
      'Onsite classes are not open to you. Please choose how you will attend',
    );
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: 'Online' })).toBeInTheDocument();
  });

  it('has no description without a hint or a message', () => {
    render(
      <ChoiceGroup legend="Gender">
        <Choice name="gender" value="female" label="Female" />
      </ChoiceGroup>,
    );
    expect(screen.getByRole('group', { name: 'Gender' })).not.toHaveAttribute('aria-describedby');
  });

  it('shows a spec message in the page’s language, as a field does', async () => {
    await setLocale('ur', { remember: false });
    try {
      render(
        <ChoiceGroup legend="Platform" error={messages.selectPlatform}>
          <Choice name="platform" value="online" label="Online" />
        </ChoiceGroup>,
      );
      const urdu = i18n._('messages.selectPlatform');
      expect(urdu).not.toBe(messages.selectPlatform);
      expect(screen.getByRole('alert')).toHaveTextContent(urdu);
      expect(screen.getByRole('group', { name: 'Platform' })).toHaveAccessibleDescription(urdu);
    } finally {
      await setLocale('en', { remember: false });
    }
  });
});
