import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { callsTo, ok, renderConsole, testBatches } from '@test/render-console';

const batchId = testBatches[1]!._id;

describe('the exam keys page', () => {
  it('lists a batch and course’s keys and sets one', async () => {
    const { user, requests } = renderConsole(`/staff/content/exam-keys?batchId=${batchId}&course=AIC`, {
      api: {
        'GET /staffapi/content/exam-keys': () =>
          ok({ success: true, data: [{ quizName: 'Quiz 1', examKey: 'alpha', position: 0 }] }),
        'POST /staffapi/content/exam-keys': () => ok({ success: true, message: 'Saved' }),
      },
    });
    expect(await screen.findByRole('cell', { name: 'alpha' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Set an exam key' });
    await user.type(within(form).getByLabelText('Quiz name'), 'Quiz 2');
    await user.type(within(form).getByLabelText('Exam key'), 'beta');
    await user.click(within(form).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(callsTo(requests, 'POST', '/staffapi/content/exam-keys')).toHaveLength(1));
    expect(callsTo(requests, 'POST', '/staffapi/content/exam-keys')[0]!.body).toEqual({
      batchId,
      course: 'AIC',
      quizName: 'Quiz 2',
      examKey: 'beta',
    });
    await waitFor(() => expect(within(form).getByLabelText('Quiz name')).toHaveValue(''));
    expect(within(form).getByLabelText('Exam key')).toHaveValue('');
    expect(screen.getByRole('region', { name: 'Import exam keys' })).toBeInTheDocument();
  });

  it('shows the schema’s messages on an empty quiz name and key, and sends nothing', async () => {
    const { user, requests } = renderConsole(`/staff/content/exam-keys?batchId=${batchId}&course=AIC`, {
      api: { 'GET /staffapi/content/exam-keys': () => ok({ success: true, data: [] }) },
    });
    const form = await screen.findByRole('form', { name: 'Set an exam key' });
    await user.type(within(form).getByLabelText('Exam key'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Save key' }));
    const quiz = within(form).getByLabelText('Quiz name');
    await waitFor(() => expect(quiz).toHaveAccessibleDescription(messages.contentQuizNameRequired));
    expect(quiz).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Exam key')).toHaveAccessibleDescription(
      messages.contentExamKeyRequired,
    );
    expect(callsTo(requests, 'POST', '/staffapi/content/exam-keys')).toHaveLength(0);
  });
});
