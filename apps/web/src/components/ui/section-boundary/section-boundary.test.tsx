import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { messages } from '@portal/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SectionBoundary } from './section-boundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('render failed');
  return <p>Quarter results</p>;
}

describe('SectionBoundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the rest of the page when one section throws, and renders the section again on Retry', async () => {
    // React reports an error caught by a boundary through console.error; here that is the expected outcome.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    broken = true;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <h1>Dashboard</h1>
        <SectionBoundary name="quarter results">
          <Fragile />
        </SectionBoundary>
      </QueryClientProvider>,
    );

    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.serverError);

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('Quarter results')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
