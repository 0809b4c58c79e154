import { messages } from '@portal/shared/messages';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryFailure } from '@/components/ui/failure-panel';
import { ApiError, NetworkError } from '@/lib/api-client';

describe('QueryFailure', () => {
  it("says the server's message and fetches the query again when Retry is pressed", async () => {
    const refetch = vi.fn();
    const error = new ApiError({ status: 409, message: messages.noSuchLesson });
    render(<QueryFailure query={{ error, isFetching: false, refetch }} />);
    expect(screen.getByText(messages.noSuchLesson)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("a lost request gets the screen's own sentence and its button's words; the button waits while it fetches", () => {
    const error = new NetworkError('The request got no answer');
    render(
      <QueryFailure
        query={{ error, isFetching: true, refetch: vi.fn() }}
        networkMessage={messages.learningFailure}
        retryLabel="Reload"
      />,
    );
    expect(screen.getByText(messages.learningFailure)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reload/ })).toHaveAttribute('aria-busy', 'true');
  });
});
